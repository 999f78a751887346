# firmware/game/game.mk - the game (pure C, host-tested): the state machine with its
# gestures, display and menu, the levels, the settings and statistics records, and the
# text output every console line goes through.
GAME_SRC := $(addprefix firmware/game/,game.c level.c stats.c)
