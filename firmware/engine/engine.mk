# firmware/engine/engine.mk - the engine (pure C, host and AVR): position model,
# symmetries, the PROGMEM solution table and its lookup, the fallback solver, the board
# notation; the table generator (a host program) and the generated table.
#
#   ENGINE_SRC   everything that links the engine (the generated table included), with
#                $(COMMON_AVR_SRC) or $(COMMON_HOST_SRC)

ENGINE_PURE_SRC := $(addprefix firmware/engine/,position.c sym.c solver.c notation.c \
	table.c engine.c)
TABLE_SRC := $(GEN_DIR)/table_data.c
TABLE_HDR := $(GEN_DIR)/table_gen.h
ENGINE_SRC := $(ENGINE_PURE_SRC) $(TABLE_SRC)

# The generator needs only the position model, symmetries and CRC, not the table.
GEN_TABLE := $(HOST_DIR)/gen_table
$(GEN_TABLE): $(call host_objs,firmware/engine/gen_table.c firmware/engine/position.c \
		firmware/engine/sym.c $(COMMON_HOST_SRC))
	$(HOST_CC) $^ -o $@
$(TABLE_SRC) $(TABLE_HDR) &: $(GEN_TABLE)
	@mkdir -p $(GEN_DIR)
	$(GEN_TABLE) $(TABLE_SRC) $(TABLE_HDR)

# Sources that include table.h need the generated header before they compile.
TABLE_USERS := firmware/engine/table.c firmware/engine/engine.c $(TABLE_SRC)
$(call avr_objs,$(TABLE_USERS)) $(call avr_su_objs,$(TABLE_USERS)) $(call host_objs,$(TABLE_USERS)): $(TABLE_HDR)
