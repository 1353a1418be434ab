# Thin wrapper around CMake. The real build is CMakeLists.txt.
BUILD ?= build
TYPE  ?= Release
JOBS  ?= $(shell nproc 2>/dev/null || echo 2)
RECALL = $(BUILD)/recall

.PHONY: all deps configure build run test bench asan fuzz clean

all: build

deps:
	@.ci/deps.sh

configure: deps
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=$(TYPE) >/dev/null

build: configure
	@cmake --build $(BUILD) -j$(JOBS)

# Import the bundled interview decks (idempotent) and start reviewing them.
run: build
	@$(RECALL) import decks/*.txt --quiet
	@$(RECALL) review

test: build
	@ctest --test-dir $(BUILD) --output-on-failure -j$(JOBS)

bench: deps
	@cmake -S . -B $(BUILD)-bench -DCMAKE_BUILD_TYPE=Release -DRECALL_BUILD_BENCHMARKS=ON >/dev/null
	@cmake --build $(BUILD)-bench -j$(JOBS)
	@$(BUILD)-bench/recall_bench

asan: deps
	@cmake -S . -B $(BUILD)-asan -DCMAKE_BUILD_TYPE=Debug -DRECALL_SANITIZE=ON >/dev/null
	@cmake --build $(BUILD)-asan -j$(JOBS)
	@ctest --test-dir $(BUILD)-asan --output-on-failure -j$(JOBS)

clean:
	rm -rf $(BUILD) $(BUILD)-bench $(BUILD)-asan
