# Thin wrapper around CMake. The real build is CMakeLists.txt.
MAKEFLAGS += --no-print-directory
BUILD ?= build
TYPE  ?= Release
JOBS  ?= $(shell nproc 2>/dev/null || echo 2)
RECALL = $(BUILD)/recall

.PHONY: all deps configure build run test unit-tests fuzz-build fuzz-smoke fuzz bench asan clean

all: build

deps:
	@.ci/deps.sh

configure: deps
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=$(TYPE) >/dev/null

build: configure
	@cmake --build $(BUILD) -j$(JOBS)

# Import the bundled interview decks (idempotent) and start reviewing them.
run: configure
	@cmake --build $(BUILD) -j$(JOBS) --target recall
	@$(RECALL) import decks/*.txt --quiet
	@$(RECALL) review

# The whole suite: the fuzz target built with clang and run over its seed
# packages (deterministic; `make fuzz` fuzzes), then the unit and end-to-end
# tests through ctest.
test: fuzz-smoke unit-tests

unit-tests: build
	@ctest --test-dir $(BUILD) --output-on-failure -j$(JOBS)

FUZZ_BUILD = $(BUILD)-fuzz
fuzz-build: deps
	@CC=clang CXX=clang++ cmake -S . -B $(FUZZ_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	  -DRECALL_BUILD_FUZZERS=ON -DRECALL_BUILD_TESTS=OFF >/dev/null
	@cmake --build $(FUZZ_BUILD) -j$(JOBS) --target apkg_reader_fuzz

fuzz-smoke: fuzz-build
	@$(FUZZ_BUILD)/tests/fuzz/apkg_reader_fuzz tests/fuzz/seeds/*

# Coverage-guided fuzzing of the .apkg reader for FUZZ_SECONDS (default 300).
FUZZ_SECONDS ?= 300
fuzz: fuzz-build
	@mkdir -p $(FUZZ_BUILD)/corpus
	@$(FUZZ_BUILD)/tests/fuzz/apkg_reader_fuzz -max_total_time=$(FUZZ_SECONDS) $(FUZZ_BUILD)/corpus tests/fuzz/seeds

bench: deps
	@cmake -S . -B $(BUILD)-bench -DCMAKE_BUILD_TYPE=Release -DRECALL_BUILD_BENCHMARKS=ON >/dev/null
	@cmake --build $(BUILD)-bench -j$(JOBS)
	@$(BUILD)-bench/recall_bench

asan: deps
	@cmake -S . -B $(BUILD)-asan -DCMAKE_BUILD_TYPE=Debug -DRECALL_SANITIZE=ON >/dev/null
	@cmake --build $(BUILD)-asan -j$(JOBS)
	@ctest --test-dir $(BUILD)-asan --output-on-failure -j$(JOBS)

clean:
	rm -rf $(BUILD) $(BUILD)-bench $(BUILD)-asan $(BUILD)-fuzz
