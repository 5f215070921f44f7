# The README's two commands. Both install missing Debian packages, configure a Release build in
# build/ and build it.
BUILD ?= build
JOBS ?= $(shell nproc)

.PHONY: all deps configure build demo test test-arm bench peers sanitize tsan fuzz fuzz-build fuzz-smoke clean

all: build

deps:
	@scripts/install-deps.sh

configure: deps
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release

build: configure
	cmake --build $(BUILD) -j$(JOBS)

demo: build
	./$(BUILD)/texunit render --out demo.png

# The peer benchmarks' smoke test (label peers) stays out too: `ctest -L peers` runs it.
test: build
	cd $(BUILD) && ctest --output-on-failure -j$(JOBS) -LE 'slow|peers'

# aarch64: cross-built with Debian's g++-aarch64-linux-gnu against the arm64 multiarch libraries,
# every test binary run under qemu-user for NEON and SVE at 128, 256, 512 and 2048 bits, then the
# CLI's output compared byte for byte with the x86 build's (scripts/test-arm.sh).
ARM_BUILD ?= build-arm

test-arm: build
	@scripts/install-deps.sh arm
	cmake -S . -B $(ARM_BUILD) -DCMAKE_BUILD_TYPE=Release \
	  -DCMAKE_TOOLCHAIN_FILE=$(CURDIR)/cmake/aarch64-linux-gnu.cmake -DTEXUNIT_BUILD_BENCHMARKS=OFF
	cmake --build $(ARM_BUILD) -j$(JOBS)
	scripts/test-arm.sh $(ARM_BUILD) $(BUILD) $(JOBS)

# Slow suites and benchmarks stay out of `make test`.
bench: build
	./$(BUILD)/benchmarks/texunit_benchmarks --benchmark_counters_tabular=true

# texunit against lavapipe and OpenCV's cv::remap on the same workloads, one thread unless
# PEERS_ARGS says otherwise (e.g. PEERS_ARGS="--threads 2"): README, Performance. Installs the
# optional libopencv-dev first.
PEERS_ARGS ?=
peers:
	@scripts/install-deps.sh peers
	$(MAKE) build
	./$(BUILD)/texunit bench --vs lavapipe,opencv $(PEERS_ARGS)

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

# libFuzzer (clang, ASan+UBSan) on the MIMG decoder and executor, the T#/S# codecs, the texture
# loader and the replay-state parser: `make fuzz` runs each for FUZZ_SECONDS, `make fuzz-smoke`
# (CI, after make test) for FUZZ_SMOKE_SECONDS. Seeds are fuzz/corpus/<target>/ (and examples/
# for the replay parser); new inputs go to build-fuzz/corpus/, crashes to build-fuzz/.
# Unoptimised: clang 14 with AddressSanitizer takes over 20 minutes to optimise the Highway
# sample kernels (one translation unit, every target), and under a minute at -O0.
FUZZ_SECONDS ?= 60
FUZZ_SMOKE_SECONDS ?= 20
FUZZERS = mimg_fuzzer descriptor_fuzzer texture_fuzzer replay_fuzzer

fuzz-build:
	@scripts/install-deps.sh fuzz
	cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=Debug -DCMAKE_C_COMPILER=clang \
	  -DCMAKE_CXX_COMPILER=clang++ -DTEXUNIT_FUZZ=ON -DTEXUNIT_BUILD_TESTS=OFF \
	  -DTEXUNIT_BUILD_BENCHMARKS=OFF
	cmake --build build-fuzz -j$(JOBS) --target $(FUZZERS)

# $(1): seconds per target; $(2): more libFuzzer flags.
define run_fuzzers
	for f in $(FUZZERS); do \
	  mkdir -p build-fuzz/corpus/$$f fuzz/corpus/$$f && \
	  seeds="fuzz/corpus/$$f"; [ $$f = replay_fuzzer ] && seeds="$$seeds examples"; \
	  echo "== $$f, $(1) s" && \
	  ./build-fuzz/fuzz/$$f -max_total_time=$(1) -print_final_stats=1 -rss_limit_mb=2048 $(2) \
	    -artifact_prefix=build-fuzz/ build-fuzz/corpus/$$f $$seeds \
	  || exit 1; \
	done
endef

fuzz: fuzz-build
	$(call run_fuzzers,$(FUZZ_SECONDS))

# A fixed seed, so that CI explores the same inputs on every run.
fuzz-smoke: fuzz-build
	$(call run_fuzzers,$(FUZZ_SMOKE_SECONDS),-seed=1)

clean:
	rm -rf $(BUILD) $(ARM_BUILD) build-asan build-tsan build-fuzz
