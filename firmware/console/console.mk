# firmware/console/console.mk - the serial console (pure C over the HAL contract): line
# assembly and the commands.
CONSOLE_SRC := $(addprefix firmware/console/,console.c say.c out.c)
