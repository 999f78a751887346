# firmware/console/console.mk - the serial console (pure C over the HAL contract): line
# assembly and the commands (the table: commands.h), every line the board says.
CONSOLE_SRC := $(addprefix firmware/console/,console.c say.c out.c)

# The command table (commands.h) for the docs: build/gen/commands.json.
PRINT_COMMANDS := $(HOST_DIR)/firmware/console/print_commands
COMMANDS_JSON := $(GEN_DIR)/commands.json
$(PRINT_COMMANDS): $(call host_objs,firmware/console/print_commands.c)
	@mkdir -p $(@D)
	$(HOST_CC) -o $@ $^
$(COMMANDS_JSON): $(PRINT_COMMANDS)
	@mkdir -p $(@D)
	$< > $@.tmp && mv $@.tmp $@
.PHONY: commands-json
commands-json: $(COMMANDS_JSON)
ALL_TARGETS += $(COMMANDS_JSON)
