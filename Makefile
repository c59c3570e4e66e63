# Convenience targets. `make bench` runs Benchmarks/run (pass options with ARGS, e.g.
# `make bench ARGS=--quick`); the benchmark kit is ../shared/bench unless BENCH_KIT is set.
.PHONY: test site bench

test:
	swift test

site:
	swift build -c release && .build/release/notes-site build

bench:
	Benchmarks/run $(ARGS)
