# Tic-tac-toe board that never loses: firmware for the Arduino Uno shield, host tools,
# simulators, the KiCad project and the tests.
#
#   make            firmware ELF/HEX/map + host programs      make clean
#   make check      the fast loop: host unit tests, static checks, linters, the simulators,
#                   the page and their quick suites (under a minute after a build)
#   make test       every suite, two at a time                make test-NAME  one suite
#   make bench      the figures (and their goals)             make figures  into the docs
#   make play       simulated board in the terminal
#   make size       flash/SRAM use                            make flash  program a Uno
#   make web        the board in a web page (build/web/)      make fuses  BOD 4.3 V (ISP)
#   make gerbers    build/fab/ttt-shield-r3.zip for the board house (KiCad 9)
#   make case       build/case/: the printable case (STLs, pictures, print sheet)
#   make fuzz       the libFuzzer harnesses
#   make mutants    mutation testing: do planted bugs fail a test?
#   make format     clang-format firmware/ and hal/ in place (.clang-format)
#
# This file holds the toolchains, the flags and the shared rules, then includes one
# fragment per room, in the order below (lower layers first). A fragment only defines
# its own variables, appends to the lists here and adds its own targets; it may use the
# variables of fragments included before it, never after.

BOARD ?= uno_shield_r3
MCU := atmega328p
F_CPU := 16000000UL
PORT ?= /dev/ttyACM0
BUILD := build
AVR_DIR := $(BUILD)/avr
HOST_DIR := $(BUILD)/host
GEN_DIR := $(BUILD)/gen

AVR_CC := avr-gcc
AVR_OBJCOPY := avr-objcopy
AVR_OBJDUMP := avr-objdump
AVR_SIZE := avr-size
HOST_CC ?= gcc
# Debian's python3 (pcbnew, numpy, pytest, flake8 are its packages), whatever else is on PATH.
PYTHON := /usr/bin/python3
PYTEST := $(PYTHON) -m pytest

# Every room's headers are found by name; which way a room may look is the layer rule
# (app -> console -> game -> engine -> hal -> board), checked by tests/image/check_layers.py.
ROOMS := firmware/engine firmware/game firmware/console firmware/app
CWARN := -std=c11 -Wall -Wextra -Werror -Wstrict-prototypes -Wshadow
COMMON_CPPFLAGS := -DBOARD=BOARD_ID_$(BOARD) -Iboard -Ihal $(ROOMS:%=-I%) -I$(GEN_DIR) \
	-MMD -MP
# Size: link-time optimisation and shared prologue/epilogue code; no jump tables (an
# indirect jump the no-recursion proof could not follow). The stack proof reads frames
# from the machine code (tests/image/check_no_recursion.py), so it holds with -flto; it
# checks its own method against -fstack-usage on a build with the same flags but -flto
# ($(AVR_SU_DIR)), whose map, one object per source file, also gives the flash per room.
AVR_OPT := -Os -flto -mcall-prologues -fno-jump-tables
AVR_BASE_CFLAGS := -mmcu=$(MCU) -DF_CPU=$(F_CPU) $(COMMON_CPPFLAGS) -Ihal/avr \
	-g -ffunction-sections -fdata-sections -fshort-enums $(CWARN) $(AVR_EXTRA_CFLAGS)
AVR_CFLAGS := $(AVR_BASE_CFLAGS) $(AVR_OPT)
AVR_LDFLAGS := -mmcu=$(MCU) $(AVR_OPT) -mrelax -Wl,--gc-sections
AVR_SU_DIR := $(BUILD)/avr-su
AVR_SU_CFLAGS := $(AVR_BASE_CFLAGS) $(filter-out -flto,$(AVR_OPT)) -fstack-usage
HOST_CFLAGS := $(COMMON_CPPFLAGS) -Ihal/host -O2 -g $(CWARN)
SIMAVR_CFLAGS := $(shell pkg-config --cflags simavr 2>/dev/null || echo -I/usr/include/simavr)
SIMAVR_LIBS := $(shell pkg-config --libs simavr 2>/dev/null || echo -lsimavr -lelf)

.DEFAULT_GOAL := all
.PHONY: all deps test test-run test-make check check-run bench bench-run bench-figures \
	bench-check play play-run size clean lint-py lint-c format test-lint

# Filled in by the fragments.
ALL_TARGETS :=
TEST_TARGETS :=
# The fast loop, `make check`: the host suites and static checks, a few seconds each, and
# the linters (a fragment appends its own, e.g. lint-js; and the simulators, the page and
# their quick suites); the slowest first, so that two at a time end together.
CHECK_TARGETS := test-cli test-mutants-apply lint-py test-no-recursion-firmware test-game \
	test-layers test-hal-avr test-no-recursion-engine test-engine-faults test-hal \
	test-doc-links test-make test-engine test-notation test-hal-board test-hal-fuses \
	test-console test-app test-code-figures test-menu-docs
# Suites `make test` never runs beside another one (tests/suites.py): those that run the
# simulated Uno in real time (a bootloader's 1 s timeout must mean 1 s); and groups of
# suites that never run at the same time as each other (GROUP:suite,suite ...): KiCad's
# checks (one kicad-cli at a time), the browser tests (one Chromium), the two flash tests
# (one scratch folder, build/web/flash).
TEST_ALONE := test-sim-flash test-web-flash
# Except for KiCad's checks: one kicad-cli or pcbnew at a time, on one core, in its own
# folder, no simulated Uno; they may run beside an alone suite (the alone ones start
# first), so that the bench and KiCad's planted mistakes do not take turns.
comma := ,
TEST_BESIDE = $(subst $(comma), ,$(patsubst kicad:%,%,$(filter kicad:%,$(TEST_GROUPS))))
TEST_GROUPS := kicad:test-kicad-erc,test-kicad-drc,test-kicad-pinmap,test-kicad-generated \
	kicad:test-kicad-fab,test-kicad-intent,test-kicad-spice,test-kicad-planted,test-kicad-silk \
	chromium:test-web-browser,test-web-page,test-web-leds,test-web-people,test-web-flash-browser,test-web-page-serial,test-web-sound,test-web-a11y \
	web-flash:test-web-flash,test-web-flash-browser
BENCH_TARGETS :=
# The bench's quick part: figures read in seconds from what `make all` builds, whose goals
# test-docs checks on every run (tests/docs/docs.mk), and the files they read.
BENCH_QUICK_TARGETS :=
BENCH_QUICK_FILES :=
SIZE_TARGETS :=

# Objects: the same source compiled for each side into its own tree. Each tree remembers
# its flags in a file rewritten only when they change, and every object depends on it:
# changed flags (a pulled Makefile, AVR_EXTRA_CFLAGS=...) rebuild everything, so an
# object is never linked with options other than today's.
flags_file = $(shell mkdir -p $(1) && { [ "$$(cat $(1)/cflags 2>/dev/null)" = "$(2)" ] || \
	echo "$(2)" > $(1)/cflags; } && echo $(1)/cflags)
AVR_FLAGS_FILE := $(call flags_file,$(AVR_DIR),$(AVR_CFLAGS) $(AVR_LDFLAGS))
HOST_FLAGS_FILE := $(call flags_file,$(HOST_DIR),$(HOST_CC) $(HOST_CFLAGS))
AVR_SU_FLAGS_FILE := $(call flags_file,$(AVR_SU_DIR),$(AVR_SU_CFLAGS))
$(AVR_DIR)/obj/%.o: %.c $(AVR_FLAGS_FILE)
	@mkdir -p $(@D)
	$(AVR_CC) $(AVR_CFLAGS) -c $< -o $@
$(HOST_DIR)/obj/%.o: %.c $(HOST_FLAGS_FILE)
	@mkdir -p $(@D)
	$(HOST_CC) $(HOST_CFLAGS) -c $< -o $@
$(AVR_SU_DIR)/obj/%.o: %.c $(AVR_SU_FLAGS_FILE)
	@mkdir -p $(@D)
	$(AVR_CC) $(AVR_SU_CFLAGS) -c $< -o $@
avr_objs = $(patsubst %.c,$(AVR_DIR)/obj/%.o,$(1))
host_objs = $(patsubst %.c,$(HOST_DIR)/obj/%.o,$(1))
avr_su_objs = $(patsubst %.c,$(AVR_SU_DIR)/obj/%.o,$(1))

# The rooms, lowest first.
include hal/hal.mk
include firmware/engine/engine.mk
include firmware/game/game.mk
include firmware/console/console.mk
include firmware/app/app.mk
include firmware/tools/tools.mk
include sim/sim.mk
include sim/web/web.mk
include schematics/gen/gen.mk
include case/case.mk
# Their tests, in the same order.
include tests/engine/engine.mk
include tests/variants/variants.mk
include tests/hal/hal.mk
include tests/game/game.mk
include tests/console/console.mk
include tests/app/app.mk
include tests/image/image.mk
include tests/tools/tools.mk
include tests/sim/sim.mk
include tests/web/web.mk
include tests/shield/shield.mk
include tests/fuzz/fuzz.mk
include tests/mutants/mutants.mk
include tests/contributing/contributing.mk
include tests/case/case.mk
include tests/docs/docs.mk

all: $(ALL_TARGETS)

deps:
	@sh .ci/install-deps.sh

# test/check/play/bench first make sure the toolchain is there, then build and run.
test: deps
	@$(MAKE) --no-print-directory test-run
# Every suite runs even when an earlier one fails, each under a time limit (a hang
# fails its suite instead of stalling the run), TEST_JOBS at a time, its output kept in
# a log printed whole when it ends; the closing lines name the slowest ten (wall-clock
# and CPU seconds) and count them (tests/suites.py, which first builds every suite's
# prerequisites in one make, so no two suites build one file). Each suite's limit scales
# with its work: 60 s + 5 times its seconds in SUITE_WORK (the larger of its wall-clock
# and CPU seconds in a run; `make suite-seconds` rewrites it from the last run's
# $(BUILD)/suites/seconds.txt); a suite it does not name gets SUITE_TIMEOUT.
SUITE_TIMEOUT ?= 900
SUITE_WORK := tests/suite_seconds.txt
TEST_JOBS ?= 2
test-run:
	@$(MAKE) --no-print-directory all
	@$(PYTHON) -m tests.suites --jobs $(TEST_JOBS) --timeout $(SUITE_TIMEOUT) --work $(SUITE_WORK) \
		--logs $(BUILD)/suites --alone "$(TEST_ALONE)" --beside "$(TEST_BESIDE)" \
		--groups "$(TEST_GROUPS)" $(TEST_TARGETS)
# (a suite that failed keeps the larger of its line and this run's seconds: stopped by its
# limit, it needs more; one that did not run keeps its line; one no longer in TEST_TARGETS
# loses it)
.PHONY: suite-seconds
suite-seconds:
	@[ -f $(BUILD)/suites/seconds.txt ] || { echo "suite-seconds: no $(BUILD)/suites/seconds.txt: run make test first"; exit 1; }
	@{ sed -n '/^#/p' $(SUITE_WORK); awk -v suites="$(TEST_TARGETS)" \
		'BEGIN { n = split(suites, s, " "); for (i = 1; i <= n; i++) known[s[i]] = 1 } \
		FNR == NR { if ($$0 !~ /^#/ && NF == 2) w[$$1] = $$2; next } \
		{ v = sprintf("%.0f", $$2 > $$3 ? $$2 : $$3) + 0 } \
		$$4 == "passed" || ($$4 == "failed" && v > w[$$1] + 0) { w[$$1] = v } \
		END { for (k in w) if (k in known) print k, w[k] }' $(SUITE_WORK) $(BUILD)/suites/seconds.txt \
		| sort; } > $(SUITE_WORK).new && mv $(SUITE_WORK).new $(SUITE_WORK)
	@echo "suite-seconds: $$(grep -vc '^#' $(SUITE_WORK)) suites' work into $(SUITE_WORK)"

# The runner's own tests (tests/test_suites.py).
test-make:
	@$(PYTEST) -q tests/test_suites.py
TEST_TARGETS += test-make

# The fast loop: CHECK_TARGETS, CHECK_JOBS at a time (each target's output in one
# piece), its wall-clock kept for `make bench` (check_seconds).
CHECK_JOBS ?= 2
check: deps
	@$(MAKE) --no-print-directory check-run
check-run:
	@start=$$(date +%s.%N); \
	$(MAKE) --no-print-directory -k -j$(CHECK_JOBS) -Otarget $(CHECK_TARGETS); status=$$?; \
	seconds=$$(awk -v s=$$start -v e=$$(date +%s.%N) 'BEGIN { printf "%.1f", e - s }'); \
	mkdir -p $(BUILD); echo "check_seconds $$seconds" > $(BUILD)/check_seconds.txt; \
	if [ $$status -eq 0 ]; then \
		echo "check: $(words $(CHECK_TARGETS)) targets passed, $$seconds s wall-clock"; \
	else echo "check: FAILED (the failed targets are named above), $$seconds s wall-clock"; fi; \
	exit $$status
# check_seconds: from the last `make check`, else measured now.
bench-check:
	@[ -f $(BUILD)/check_seconds.txt ] || \
		$(MAKE) --no-print-directory check-run > $(BUILD)/check.log 2>&1 || true
	@cat $(BUILD)/check_seconds.txt
BENCH_TARGETS += bench-check

# Linters. flake8 (.flake8) over every Python file; clang-format (.clang-format) over
# firmware/ and hal/ (`make format` applies it).
C_FORMAT_SRC := $(sort $(shell find firmware hal -name '*.[ch]'))
lint-py:
	@$(PYTHON) -m flake8 && echo "lint-py: flake8 finds nothing"
lint-c:
	@clang-format --dry-run -Werror $(C_FORMAT_SRC) && \
		echo "lint-c: $(words $(C_FORMAT_SRC)) files of firmware/ and hal/ as .clang-format says"
format:
	clang-format -i $(C_FORMAT_SRC)
CHECK_TARGETS += lint-c
# The linters of `make check` as one suite of `make test` (so CI runs them too).
test-lint:
	@$(MAKE) --no-print-directory $(filter lint-%,$(CHECK_TARGETS))
TEST_TARGETS += test-lint

bench: deps
	@$(MAKE) --no-print-directory bench-run
# Every figure into $(BENCH_TXT) (shown as it comes), then the goals and whether each
# is met (tests/docs/figures.py holds the goals; a missed goal fails the bench).
BENCH_TXT := $(BUILD)/bench.txt
bench-run: bench-figures
	@$(PYTHON) -m tests.docs.figures goals $(BENCH_TXT)
# One target at a time (-j1 even under make -jN): the figures in a fixed order, none
# measured beside another.
bench-figures:
	@mkdir -p $(BUILD); { $(MAKE) --no-print-directory -j1 $(BENCH_TARGETS); echo $$? > $(BENCH_TXT).status; } \
		| tee $(BENCH_TXT); exit $$(cat $(BENCH_TXT).status)
play: deps
	@$(MAKE) --no-print-directory play-run
size: $(SIZE_TARGETS)

clean:
	rm -rf $(BUILD)

# (not those of the scratch copies, each a tree of its own: tests/mutants, tests/contributing)
-include $(shell find $(BUILD) \( -path $(BUILD)/mutants -o -path $(BUILD)/contrib \) -prune -o \
	-name '*.d' -print 2>/dev/null)
