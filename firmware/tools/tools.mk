# firmware/tools/tools.mk - the judge CLI on the host (`ttt boj16571`, `ttt algospot`,
# `ttt move`), built on the same engine as the board.
TTT_CLI := $(HOST_DIR)/ttt
TOOLS_SRC := firmware/tools/ttt_cli.c firmware/tools/judge.c
$(TTT_CLI): $(call host_objs,$(TOOLS_SRC) $(ENGINE_SRC) $(COMMON_HOST_SRC))
	$(HOST_CC) $^ -o $@
ALL_TARGETS += $(TTT_CLI)
