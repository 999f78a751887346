# firmware/engine/engine.mk - the engine (pure C, host and AVR): position model,
# symmetries, the three games' rules, the PROGMEM solution tables and their lookups, the
# fallback solver, the board notation; the table generators (host programs) and the
# generated tables.
#
#   ENGINE_SRC   everything that links the engine (the generated tables included), with
#                $(COMMON_AVR_SRC) or $(COMMON_HOST_SRC)

ENGINE_PURE_SRC := $(addprefix firmware/engine/,position.c sym.c solver.c notation.c \
	table.c engine.c state.c fade.c play.c)
TABLE_SRC := $(GEN_DIR)/table_data.c
TABLE_HDR := $(GEN_DIR)/table_gen.h
MISERE_TABLE_SRC := $(GEN_DIR)/misere_table_data.c
MISERE_TABLE_HDR := $(GEN_DIR)/misere_gen.h
FADE_TABLE_SRC := $(GEN_DIR)/fade_table_data.c
FADE_TABLE_HDR := $(GEN_DIR)/fade_gen.h
ENGINE_TABLES_SRC := $(TABLE_SRC) $(MISERE_TABLE_SRC) $(FADE_TABLE_SRC)
ENGINE_TABLE_HDRS := $(TABLE_HDR) $(MISERE_TABLE_HDR) $(FADE_TABLE_HDR)
ENGINE_SRC := $(ENGINE_PURE_SRC) $(ENGINE_TABLES_SRC)

# The generators need only the position model, symmetries, rules and CRC, not the tables.
GEN_TABLE := $(HOST_DIR)/gen_table
$(GEN_TABLE): $(call host_objs,firmware/engine/gen_table.c firmware/engine/gen_common.c \
		firmware/engine/position.c firmware/engine/sym.c $(COMMON_HOST_SRC))
	$(HOST_CC) $^ -o $@
$(TABLE_SRC) $(TABLE_HDR) &: $(GEN_TABLE)
	@mkdir -p $(GEN_DIR)
	$(GEN_TABLE) $(TABLE_SRC) $(TABLE_HDR)
$(MISERE_TABLE_SRC) $(MISERE_TABLE_HDR) &: $(GEN_TABLE)
	@mkdir -p $(GEN_DIR)
	$(GEN_TABLE) --misere $(MISERE_TABLE_SRC) $(MISERE_TABLE_HDR)
GEN_FADE := $(HOST_DIR)/gen_fade
$(GEN_FADE): $(call host_objs,firmware/engine/gen_fade.c firmware/engine/gen_common.c \
		firmware/engine/state.c firmware/engine/position.c firmware/engine/sym.c \
		$(COMMON_HOST_SRC))
	$(HOST_CC) $^ -o $@
$(FADE_TABLE_SRC) $(FADE_TABLE_HDR) &: $(GEN_FADE)
	@mkdir -p $(GEN_DIR)
	$(GEN_FADE) $(FADE_TABLE_SRC) $(FADE_TABLE_HDR)

# Sources that include table.h or fade.h need the generated headers before they compile.
TABLE_USERS := $(addprefix firmware/engine/,table.c engine.c fade.c play.c) $(ENGINE_TABLES_SRC)
$(call avr_objs,$(TABLE_USERS)) $(call avr_su_objs,$(TABLE_USERS)) $(call host_objs,$(TABLE_USERS)): \
	$(ENGINE_TABLE_HDRS)
