# firmware/console/console.mk - the serial console (pure C over the HAL contract): line
# assembly and the commands.
CONSOLE_SRC := firmware/console/console.c
