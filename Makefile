# Thin wrapper around CMake. The real build is CMakeLists.txt.
MAKEFLAGS += --no-print-directory
BUILD ?= build
TYPE  ?= Release
JOBS  ?= $(shell nproc 2>/dev/null || echo 2)
RECALL = $(BUILD)/recall

.PHONY: all deps configure build run test unit-tests fuzz-build fuzz-smoke fuzz bench bench-scale asan clean

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
FUZZ_TARGETS = apkg_reader_fuzz interview_fuzz markdown_fuzz tsv_fuzz
# Seeds of each target (shell: sets $$seeds from $$t): packages for the
# .apkg reader, the import fixtures for the document parsers.
SEEDS_OF = case $$t in \
	    apkg_reader_fuzz) seeds="tests/fuzz/seeds/*";; \
	    interview_fuzz) seeds="tests/fixtures/import/*.txt tests/fixtures/import/unseen/*.txt";; \
	    markdown_fuzz) seeds="tests/fixtures/import/*.md tests/fixtures/import/unseen/*.md";; \
	    tsv_fuzz) seeds="tests/fixtures/import/*.tsv";; \
	  esac
fuzz-build: deps
	@CC=clang CXX=clang++ cmake -S . -B $(FUZZ_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	  -DRECALL_BUILD_FUZZERS=ON -DRECALL_BUILD_TESTS=OFF >/dev/null
	@cmake --build $(FUZZ_BUILD) -j$(JOBS) --target $(FUZZ_TARGETS)

# Every target over its seeds and its kept crash-free corpus (tests/fuzz/corpus/<target>).
fuzz-smoke: fuzz-build
	@set -e; for t in $(FUZZ_TARGETS); do \
	  $(SEEDS_OF); \
	  corpus=$$(ls -d tests/fuzz/corpus/$$t/* 2>/dev/null || true); \
	  $(FUZZ_BUILD)/tests/fuzz/$$t $$seeds $$corpus >/dev/null 2>&1 || \
	    { echo "fuzz-smoke: $$t failed"; $(FUZZ_BUILD)/tests/fuzz/$$t $$seeds $$corpus; exit 1; }; \
	  echo "fuzz-smoke: $$t ok"; \
	done

# Coverage-guided fuzzing of every target for FUZZ_SECONDS each (default
# 300); new inputs go to tests/fuzz/corpus/<target> (keep them when clean).
FUZZ_SECONDS ?= 300
fuzz: fuzz-build
	@set -e; for t in $(FUZZ_TARGETS); do \
	  $(SEEDS_OF); \
	  dir=$$(mktemp -d); cp $$seeds $$dir/; mkdir -p tests/fuzz/corpus/$$t; \
	  $(FUZZ_BUILD)/tests/fuzz/$$t -max_total_time=$(FUZZ_SECONDS) tests/fuzz/corpus/$$t $$dir; \
	  rm -rf $$dir; \
	done

bench: deps
	@cmake -S . -B $(BUILD)-bench -DCMAKE_BUILD_TYPE=Release -DRECALL_BUILD_BENCHMARKS=ON >/dev/null
	@cmake --build $(BUILD)-bench -j$(JOBS)
	@$(BUILD)-bench/recall_bench

# Whole-process timings of the interactive commands at 1k, 100k and 1M cards
# (tests/bench/scale); collections are cached in $(BUILD)/scale-cache. Writes
# the table into docs/performance.md. Quick run: make bench-scale SIZES=1k,100k
SIZES ?= 1k,100k,1M
bench-scale: configure
	@cmake --build $(BUILD) -j$(JOBS) --target recall recall_scale_bench
	@nice $(BUILD)/recall_scale_bench --sizes $(SIZES)

asan: deps
	@cmake -S . -B $(BUILD)-asan -DCMAKE_BUILD_TYPE=Debug -DRECALL_SANITIZE=ON >/dev/null
	@cmake --build $(BUILD)-asan -j$(JOBS)
	@ctest --test-dir $(BUILD)-asan --output-on-failure -j$(JOBS)

clean:
	rm -rf $(BUILD) $(BUILD)-bench $(BUILD)-asan $(BUILD)-fuzz
