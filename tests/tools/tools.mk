# tests/tools/tools.mk - the judge CLI: byte-exact on both judges' samples, the inputs
# the judges' accepted solutions read, every kind of bad input.
.PHONY: test-cli
test-cli: $(TTT_CLI)
	timeout 600 sh tests/tools/test_cli.sh $(TTT_CLI)
TEST_TARGETS += test-cli
