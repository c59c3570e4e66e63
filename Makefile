# notes-site: the two quick-start commands are `make site` and `make test`.
.PHONY: site test bench deps

deps:
	bash scripts/install-deps.sh

# Builds the sample site in content/ into _site/.
site: deps
	swift build -c release
	.build/release/notes-site build

# Runs the whole test suite.
test: deps
	swift build --build-tests
	swift test --skip-build

bench: deps
	Benchmarks/run
