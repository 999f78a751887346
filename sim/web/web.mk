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
# the page embeds $(FW_HEX) (Intel HEX, as `make flash` writes it)

.PHONY: web
web: $(WEB_PAGE) $(WEB_SIM) $(WEB_FLASH)

$(WEB_NODE_MODULES): sim/web/package.json sim/web/package-lock.json
	cd sim/web && npm ci --no-audit --no-fund --loglevel=error
	@touch $@

$(WEB_PINS): $(PRINT_PINS)
	@mkdir -p $(@D)
	$< --json > $@

# one esbuild run writes all four
$(WEB_PAGE) $(WEB_SIM) $(WEB_FLASH) $(WEB_MODEL) &: $(WEB_SRC) $(WEB_PINS) $(FW_HEX) $(WEB_NODE_MODULES)
	node sim/web/build.mjs $(WEB_PINS) $(FW_HEX) $(WEB_DIR)
