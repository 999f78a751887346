#!/usr/bin/env python3
"""tests/web/slow_host.py - a programmer for ttt-flash-sim that thinks for 1.5 s between
two STK500 commands, longer than optiboot's 1 s timeout: in real time the bootloader
leaves for the application meanwhile (the harness's DTR model then resets the chip
again when the host talks: two resets into the bootloader); with -t (the clock waits
for the host) it is still there (one). Exit 0 = every answer came.
Usage (by the harness): slow_host.py PTY IMAGE.hex"""
import os
import select
import sys
import termios
import time
import tty


def ask(fd, cmd, want):
    """Sends one STK500 command; True if the answer starts as wanted within 1 s."""
    os.write(fd, cmd)
    got = b""
    end = time.monotonic() + 1.0
    while len(got) < len(want) and time.monotonic() < end:
        if select.select([fd], [], [], 0.05)[0]:
            got += os.read(fd, 64)
    return got[: len(want)] == want


def main(pty):
    fd = os.open(pty, os.O_RDWR | os.O_NOCTTY)
    tty.setraw(fd)
    termios.tcflush(fd, termios.TCIOFLUSH)
    ok = ask(fd, b"0 ", b"\x14\x10")
    time.sleep(1.5)
    ok = ok and ask(fd, b"u ", b"\x14\x1e\x95\x0f\x10") and ask(fd, b"Q ", b"\x14\x10")
    print("slow_host: %s" % ("every answer came" if ok else "no answer after the pause"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
