# tests/image/image.mk - checks and figures over the whole firmware and its source:
# the C source's own figures for `make bench` (code_figures.py: comment share,
# longest function), with the self-test that the measure catches a planted long
# function and a comment-heavy file.
.PHONY: test-code-figures bench-code
test-code-figures:
	python3 tests/image/code_figures.py --self-test
bench-code:
	@python3 tests/image/code_figures.py
TEST_TARGETS += test-code-figures
BENCH_TARGETS += bench-code
