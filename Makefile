# notes-site. Quick start: `make site` builds the sample site in content/ into _site/;
# `make test` runs the whole test suite (Swift tests, then the browser tests).
.PHONY: site test test-swift test-browser check-site bench deps browser-deps

deps:
	bash scripts/install-deps.sh

browser-deps:
	bash scripts/install-browser-deps.sh

# Builds the sample site in content/ into _site/.
site: deps
	swift build -c release
	.build/release/notes-site build

# The whole test suite.
test: test-swift test-browser

test-swift: deps
	swift build --build-tests
	swift test --skip-build

test-browser: deps browser-deps
	swift build
	bash Tests/browser/run.sh

# The acceptance checker from ../shared/tools (Nu validator, links, axe, layout), when present.
check-site: deps
	swift build
	.build/debug/notes-site build --output /tmp/notes-site-check
	bash ../shared/tools/install.sh >/dev/null
	python3 ../shared/tools/check_site.py /tmp/notes-site-check --out /tmp/notes-site-check-report

# Benchmarks against the machine's floor and Hugo: `make bench ARGS=--quick` for a smoke run.
bench: deps
	Benchmarks/run $(ARGS)
