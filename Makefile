# The README's two commands. Both install missing Debian packages, configure a Release build in
# build/ and build it.
BUILD ?= build
JOBS ?= $(shell nproc)

.PHONY: all deps configure build demo test bench sanitize clean

all: build

deps:
	@scripts/install-deps.sh

configure: deps
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release

build: configure
	cmake --build $(BUILD) -j$(JOBS)

demo: build
	./$(BUILD)/texunit render --out demo.png

test: build
	cd $(BUILD) && ctest --output-on-failure -j$(JOBS) -LE slow

# Slow suites and benchmarks stay out of `make test`.
bench: build
	./$(BUILD)/benchmarks/texunit_benchmarks --benchmark_counters_tabular=true

sanitize: deps
	cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DTEXUNIT_SANITIZE=ON -DTEXUNIT_BUILD_BENCHMARKS=OFF
	cmake --build build-asan -j$(JOBS)
	cd build-asan && ctest --output-on-failure -j$(JOBS)

clean:
	rm -rf $(BUILD) build-asan
