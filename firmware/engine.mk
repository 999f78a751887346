# firmware/engine.mk - the engine (pure C, host and AVR), its generated table, the
# table generator and the judge CLI.

ENGINE_PURE_SRC := firmware/position.c firmware/sym.c firmware/crc16.c firmware/solver.c \
	firmware/notation.c \
	firmware/table.c firmware/engine.c
TABLE_SRC := $(GEN_DIR)/table_data.c
TABLE_HDR := $(GEN_DIR)/table_gen.h
# Everything that links the engine links ENGINE_SRC.
ENGINE_SRC := $(ENGINE_PURE_SRC) $(TABLE_SRC)

GEN_TABLE := $(HOST_DIR)/gen_table
TTT_CLI := $(HOST_DIR)/ttt

# The generator needs only the position model, symmetries and CRC, not the table.
$(GEN_TABLE): $(call host_objs,firmware/host/gen_table.c firmware/position.c firmware/sym.c firmware/crc16.c)
	$(HOST_CC) $^ -o $@
$(TABLE_SRC) $(TABLE_HDR) &: $(GEN_TABLE) | $(GEN_DIR)/.
	$(GEN_TABLE) $(TABLE_SRC) $(TABLE_HDR)

# Sources that include table.h need the generated header before they compile.
TABLE_USERS := firmware/table.c firmware/engine.c $(TABLE_SRC)
$(call avr_objs,$(TABLE_USERS)) $(call host_objs,$(TABLE_USERS)): $(TABLE_HDR)

$(TTT_CLI): $(call host_objs,firmware/host/ttt_cli.c firmware/host/judge.c $(ENGINE_SRC))
	$(HOST_CC) $^ -o $@

ALL_TARGETS += $(TTT_CLI)
