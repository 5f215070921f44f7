# The README's two commands. Both install missing Debian packages, configure a Release build in
# build/ and build it.
BUILD ?= build
JOBS ?= $(shell nproc)

.PHONY: all deps configure build demo test bench sanitize tsan fuzz clean

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

# ThreadSanitizer on the atomics stress tests, whose waves run on std::threads. Suites that go
# through ExecuteBatch's TBB pool are left out: Debian's libtbb is not instrumented, so TSan
# cannot see its synchronisation and reports TBB's own task bookkeeping.
tsan: deps
	cmake -S . -B build-tsan -DCMAKE_BUILD_TYPE=Debug -DTEXUNIT_TSAN=ON -DTEXUNIT_BUILD_BENCHMARKS=OFF
	cmake --build build-tsan -j$(JOBS) --target atomics_tests
	cd build-tsan && TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1" \
	  ctest --output-on-failure -j$(JOBS) -L atomics -E ExecuteBatch

# libFuzzer (clang) on the decoders and the executor, FUZZ_SECONDS each; corpora in build-fuzz/.
# Unoptimised: clang 14 with AddressSanitizer takes over 20 minutes to optimise the Highway
# sample kernels (one translation unit, every target), and under a minute at -O0.
FUZZ_SECONDS ?= 60
fuzz: deps
	cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=Debug -DCMAKE_C_COMPILER=clang \
	  -DCMAKE_CXX_COMPILER=clang++ -DTEXUNIT_FUZZ=ON -DTEXUNIT_BUILD_TESTS=OFF \
	  -DTEXUNIT_BUILD_BENCHMARKS=OFF
	cmake --build build-fuzz -j$(JOBS) --target mimg_fuzzer descriptor_fuzzer
	for f in mimg_fuzzer descriptor_fuzzer; do \
	  mkdir -p build-fuzz/corpus/$$f && \
	  ./build-fuzz/fuzz/$$f -max_total_time=$(FUZZ_SECONDS) -print_final_stats=1 \
	    -artifact_prefix=build-fuzz/ build-fuzz/corpus/$$f \
	  || exit 1; \
	done

clean:
	rm -rf $(BUILD) build-asan build-tsan build-fuzz
