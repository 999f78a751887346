#!/bin/sh
# .ci/install-deps.sh - install the Debian packages the project uses, only if missing.
# Called by `make deps` (so by `make test` and `make play`) and by CI. Quiet and fast
# when everything is present; uses sudo when not root.
set -eu
missing=""
need() { # need PACKAGE CHECK-PATH-OR-COMMAND
    case "$2" in
    /*) [ -e "$2" ] || missing="$missing $1" ;;
    *) command -v "$2" >/dev/null 2>&1 || missing="$missing $1" ;;
    esac
}
need gcc gcc
need make make
need python3 python3
need tmux tmux
need pkg-config pkg-config
need gcc-avr avr-gcc
need binutils-avr avr-objcopy
need avr-libc /usr/lib/avr/include/avr/io.h
need libcmocka-dev /usr/include/cmocka.h
need libsimavr-dev /usr/include/simavr/sim_avr.h
need libelf-dev /usr/include/libelf.h
need simavr simavr
need avrdude avrdude
need arduino-core-avr /usr/share/arduino/hardware/arduino/avr/bootloaders/atmega/ATmegaBOOT_168_atmega328.hex
# The fuzz harnesses (tests/fuzz.mk): clang, and libFuzzer with the sanitizer runtimes,
# which clang only recommends.
need clang clang
need libclang-rt-14-dev "$(echo /usr/lib/llvm-14/lib/clang/*/lib/linux/libclang_rt.fuzzer-"$(uname -m)".a)"
[ -z "$missing" ] && exit 0
echo "install-deps: installing$missing" >&2
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
# shellcheck disable=SC2086
$SUDO apt-get install -y -qq --no-install-recommends $missing >/dev/null
