#!/bin/sh
# .ci/install-deps.sh - install the Debian packages the project uses, only if missing.
# Called by `make deps` (so by `make test` and `make play`) and by CI. Quiet and fast
# when everything is present; uses sudo when not root. Also `npm ci` in sim/web.
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
need gerbv gerbv
# the shield's electrical proofs (tests/shield/spice_proofs.py) run KiCad's SPICE export
need ngspice ngspice
need zip zip
# the web page and ttt-sim-js (sim/web): Node 18+ with npm, and Debian's Chromium for
# the browser test (playwright-core drives it; it never downloads a browser)
need nodejs node
need npm npm
need chromium /usr/bin/chromium
# The fuzz harnesses (tests/fuzz/fuzz.mk): clang, and libFuzzer with the sanitizer runtimes,
# which clang only recommends.
need clang clang
need libclang-rt-14-dev "$(echo /usr/lib/llvm-14/lib/clang/*/lib/linux/libclang_rt.fuzzer-"$(uname -m)".a)"
# The board model for the web page and ttt-sim-js (sim/web/web.mk): clang with lld's
# WebAssembly linker.
need lld wasm-ld
# The C style of firmware/ and hal/ (.clang-format; make lint-c, make format).
need clang-format clang-format
# The printed case (case/, tests/case/): OpenSCAD draws it and its pictures on a virtual
# display (xvfb-run needs xauth), in the font fontconfig finds for "DejaVu Sans"; admesh
# and numpy (Debian's python3, with pcbnew) measure the meshes; ImageMagick's compare
# checks the committed pictures.
need openscad openscad
need xvfb xvfb-run
need xauth xauth
need admesh admesh
need python3-numpy /usr/lib/python3/dist-packages/numpy/__init__.py
# Python tests run on Debian's python3 (PYTHON in the Makefile) under pytest, linted by flake8.
need python3-pytest /usr/lib/python3/dist-packages/pytest/__init__.py
need flake8 /usr/lib/python3/dist-packages/flake8/__init__.py
need imagemagick compare
need fonts-dejavu-core /usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
# KiCad 9 (schematics/): Debian 12's own kicad is 6.0, without kicad-cli; 9.0 is in
# bookworm-backports. The pcbnew module is for Debian's /usr/bin/python3. The symbols and
# footprints the shield uses are in schematics/lib/ (copies of KiCad's stock ones), so
# no KiCad library package is installed: `make kicad-update-libs` fetches kicad-symbols,
# kicad-footprints and kicad-packages3d with `apt-get download` and takes out only the
# files the shield uses (never install kicad-packages3d: 4.7 GB of 3D models).
kicad_missing=""
command -v kicad-cli >/dev/null 2>&1 && [ -e /usr/lib/python3/dist-packages/pcbnew.py ] ||
    kicad_missing=" kicad"
if [ -n "$missing$kicad_missing" ]; then
    echo "install-deps: installing$missing$kicad_missing" >&2
    SUDO=""
    [ "$(id -u)" -eq 0 ] || SUDO="sudo"
    export DEBIAN_FRONTEND=noninteractive
    if [ -n "$kicad_missing" ]; then
        # The suite comes from this machine's own apt sources (no host name in the repo).
        $SUDO sh "$(dirname "$0")/enable-backports.sh"
    fi
    $SUDO apt-get update -qq
    if [ -n "$missing" ]; then
        # shellcheck disable=SC2086
        $SUDO apt-get install -y -qq -o DPkg::Lock::Timeout=600 --no-install-recommends \
            $missing >/dev/null
    fi
    if [ -n "$kicad_missing" ]; then
        codename=$(. /etc/os-release && echo "$VERSION_CODENAME")
        # shellcheck disable=SC2086
        $SUDO apt-get install -y -qq -o DPkg::Lock::Timeout=600 --no-install-recommends \
            -t "$codename-backports" $kicad_missing >/dev/null
    fi
fi
# npm packages pinned by sim/web/package-lock.json; again only when missing or stale
web="$(cd "$(dirname "$0")/.." && pwd)/sim/web"
if [ ! -f "$web/node_modules/.package-lock.json" ] ||
    [ "$web/package-lock.json" -nt "$web/node_modules/.package-lock.json" ]; then
    echo "install-deps: npm ci in sim/web" >&2
    (cd "$web" && npm ci --no-audit --no-fund --loglevel=error) >&2
fi
