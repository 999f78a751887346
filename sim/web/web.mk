# sim/web/web.mk - the board on avr8js (sim/web/, see sim/README.md): `make web` builds
#   build/web/index.html   the page: one self-contained file with the firmware inside
#   build/web/ttt-sim-js   build/sim/ttt-sim's twin (same command line and --stdio)
#   build/web/ttt-flash-js the page's flasher from Node: PORT-OR-PTY FILE.hex
#   build/web/shield.mjs   the model, for the tests
# (its tests are in tests/web/web.mk).
WEB_DIR := $(BUILD)/web
WEB_SRC := $(wildcard sim/web/src/*) sim/web/build.mjs
WEB_NODE_MODULES := sim/web/node_modules/.package-lock.json
WEB_PAGE := $(WEB_DIR)/index.html
WEB_SIM := $(WEB_DIR)/ttt-sim-js
WEB_FLASH := $(WEB_DIR)/ttt-flash-js
WEB_MODEL := $(WEB_DIR)/shield.mjs
WEB_PAGE_HTML := $(GEN_DIR)/page.html
WEB_MODEL_WASM := $(WEB_DIR)/board_model.wasm
# the page embeds $(FW_HEX) (Intel HEX, as `make flash` writes it)

.PHONY: web
web: $(WEB_PAGE) $(WEB_SIM) $(WEB_FLASH)

$(WEB_NODE_MODULES): sim/web/package.json sim/web/package-lock.json
	cd sim/web && npm ci --no-audit --no-fund --loglevel=error
	@touch $@

# src/page.html with its facts filled in (tests/docs/facts.py: `@KEY FORMAT@`)
$(WEB_PAGE_HTML): sim/web/src/page.html $(FACTS_FILL_DEPS)
	@mkdir -p $(@D)
	$(FACTS_FILL) $< $@

# The board model (sim/board_model.c), the same source as simavr's, for wasm32 with
# Debian's clang and lld: freestanding, no libc, no imports; one 64 KB page of memory.
WASM_CC ?= clang
WASM_CFLAGS := --target=wasm32 $(CWARN) -Oz -ffreestanding -nostdlib -mbulk-memory \
	-DBOARD=BOARD_ID_$(BOARD) -Iboard -Isim -Ifirmware/game -Ifirmware/engine -Ihal
WASM_LDFLAGS := -Wl,--no-entry -Wl,-z,stack-size=8192 -Wl,--initial-memory=65536 \
	-Wl,--max-memory=65536 -Wl,--strip-all
# (sim/fw_timings.h: the firmware's timings it derives its own from, by name)
$(WEB_MODEL_WASM): sim/board_model.c sim/board_wasm.c sim/board_model.h board/pins.h board/$(BOARD)/pins.h \
		sim/fw_timings.h firmware/game/game.h hal/debounce.h
	@mkdir -p $(@D)
	$(WASM_CC) $(WASM_CFLAGS) $(WASM_LDFLAGS) -o $@ sim/board_model.c sim/board_wasm.c

# The sounder's response for the page (sim/web/src/sound.js): the figures of the model in
# tests/sim/piezo.py, read from schematics/parts.json.
PIEZO_JSON := $(GEN_DIR)/piezo.json
$(PIEZO_JSON): schematics/parts.json schematics/gen/parts.py tests/sim/piezo.py
	@mkdir -p $(@D)
	$(PYTHON) -m tests.sim.piezo json > $@.tmp && mv $@.tmp $@

# one esbuild run writes all four; `import X from 'board-NAME'` reads build/gen/NAME.json
$(WEB_PAGE) $(WEB_SIM) $(WEB_FLASH) $(WEB_MODEL) &: $(WEB_SRC) $(PINS_JSON) $(FW_HEX) $(WEB_MODEL_WASM) \
		$(MENU_JSON) $(LEGEND_JSON) $(SOUNDS_JSON) $(PIEZO_JSON) $(FACTS_JSON) $(WEB_PAGE_HTML) $(WEB_NODE_MODULES) \
		schematics/parts.json
	node sim/web/build.mjs $(GEN_DIR) $(FW_HEX) $(WEB_DIR) $(WEB_MODEL_WASM) $(WEB_PAGE_HTML)

# ESLint, pinned in package-lock.json (sim/web/eslint.config.mjs: the recommended rules and
# no function over 60 lines) over the page's sources, build.mjs and the web tests: zero findings
ESLINT := sim/web/node_modules/.bin/eslint
.PHONY: lint-js
lint-js: $(WEB_NODE_MODULES)
	$(ESLINT) --max-warnings 0 -c sim/web/eslint.config.mjs sim/web/src sim/web/build.mjs \
		sim/web/eslint.config.mjs tests/web
CHECK_TARGETS += lint-js
# `make check` builds the page, ttt-sim-js, the flasher and the wasm board model (one
# esbuild run; the wasm is its prerequisite): a change that breaks the page fails it.
CHECK_TARGETS += $(WEB_PAGE)
