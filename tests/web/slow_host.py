#!/usr/bin/env python3
"""tests/web/slow_host.py - a programmer for ttt-flash-sim that thinks for 1.5 s between
two STK500 commands, longer than optiboot's 1 s timeout: the bootloader leaves for the
application meanwhile (the harness's DTR model then resets the chip again when the host
talks: two resets into the bootloader); with -t (the clock waits for the host) it is
still there (one). It thinks on the simulated clock (`think 1500` on the harness's clock
channel, TTT_FLASH_SIM_CLOCK), so the outcome does not depend on how fast the machine
runs the chip; run by hand without the channel, it sleeps 1.5 s. An answer may take up
to ANSWER_S seconds of real time (a chip a few milliseconds from answering, on a machine
however busy): the limit only ends a hang. Exit 0 = every answer came.
Usage (by the harness): slow_host.py PTY IMAGE.hex"""
import os
import select
import sys
import termios
import time
import tty


ANSWER_S = 30.0
THINK_MS = 1500


def ask(fd, cmd, want):
    """Sends one STK500 command; True if the answer starts as wanted."""
    os.write(fd, cmd)
    got = b""
    end = time.monotonic() + ANSWER_S
    while len(got) < len(want) and time.monotonic() < end:
        if select.select([fd], [], [], 0.05)[0]:
            got += os.read(fd, 64)
    return got[: len(want)] == want


def think(ms):
    """ms of thought: on the harness's simulated clock if it offers one, else real time."""
    channel = os.environ.get("TTT_FLASH_SIM_CLOCK")
    if channel is None:
        time.sleep(ms / 1000)
        return
    fd = int(channel)
    os.write(fd, b"think %d\n" % ms)
    if not os.read(fd, 16).startswith(b"ok"):
        raise SystemExit("slow_host: the harness did not let the time pass")


def main(pty):
    fd = os.open(pty, os.O_RDWR | os.O_NOCTTY)
    tty.setraw(fd)
    termios.tcflush(fd, termios.TCIOFLUSH)
    ok = ask(fd, b"0 ", b"\x14\x10")
    think(THINK_MS)
    ok = ok and ask(fd, b"u ", b"\x14\x1e\x95\x0f\x10") and ask(fd, b"Q ", b"\x14\x10")
    print("slow_host: %s" % ("every answer came" if ok else "no answer after the pause"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
