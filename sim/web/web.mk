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
WEB_PINS := $(WEB_DIR)/pins.json
WEB_MODEL_WASM := $(WEB_DIR)/board_model.wasm
# the page embeds $(FW_HEX) (Intel HEX, as `make flash` writes it)

.PHONY: web
web: $(WEB_PAGE) $(WEB_SIM) $(WEB_FLASH)

$(WEB_NODE_MODULES): sim/web/package.json sim/web/package-lock.json
	cd sim/web && npm ci --no-audit --no-fund --loglevel=error
	@touch $@

$(WEB_PINS): $(PRINT_PINS)
	@mkdir -p $(@D)
	$< --json > $@

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

# one esbuild run writes all four
$(WEB_PAGE) $(WEB_SIM) $(WEB_FLASH) $(WEB_MODEL) &: $(WEB_SRC) $(WEB_PINS) $(FW_HEX) $(WEB_MODEL_WASM) $(MENU_JSON) \
		$(SOUNDS_JSON) $(WEB_NODE_MODULES)
	node sim/web/build.mjs $(WEB_PINS) $(FW_HEX) $(WEB_DIR) $(WEB_MODEL_WASM) $(MENU_JSON) $(SOUNDS_JSON)

# ESLint, pinned in package-lock.json (sim/web/eslint.config.mjs: the recommended rules and
# no function over 60 lines) over the page's sources, build.mjs and the web tests: zero findings
ESLINT := sim/web/node_modules/.bin/eslint
.PHONY: lint-js
lint-js: $(WEB_NODE_MODULES)
	$(ESLINT) --max-warnings 0 -c sim/web/eslint.config.mjs sim/web/src sim/web/build.mjs \
		sim/web/eslint.config.mjs tests/web
CHECK_TARGETS += lint-js
