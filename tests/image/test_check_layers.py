"""tests/image/test_check_layers.py - the layering check on a miniature tree (compiled with
avr-gcc): clean, it passes; an upward include, an upward call hidden from the headers, the
HAL reaching into firmware/ and the game including uart.h each fail with their message."""
import os
import subprocess

import pytest

from tests.image import check_layers

FILES = {
    "firmware/engine/low.h": "int low_f(void);\n",
    "firmware/engine/low.c": '#include "low.h"\nint low_f(void) { return 1; }\n',
    "firmware/game/high.h": "int high_f(void);\n",
    "firmware/game/high.c":
        '#include "high.h"\n#include "low.h"\nint high_f(void) { return low_f(); }\n',
    "hal/uart.h": "int uart_putc(int c);\n",
}


def layer_errors(tmp_path, monkeypatch, planted):
    monkeypatch.chdir(tmp_path)
    tree = dict(FILES, **planted)
    for rel, text in tree.items():
        os.makedirs(os.path.dirname(rel), exist_ok=True)
        with open(rel, "w") as f:
            f.write(text)
    for rel in tree:
        if rel.endswith(".c"):
            obj = os.path.join("obj", rel[:-2] + ".o")
            os.makedirs(os.path.dirname(obj), exist_ok=True)
            subprocess.run(["avr-gcc", "-mmcu=atmega328p", "-Ifirmware/engine",
                            "-Ifirmware/game", "-Ihal", "-c", rel, "-o", obj], check=True)
    errors = []
    check_layers.check_includes(errors)
    check_layers.check_symbols("obj", errors)
    return errors


def test_a_clean_tree_passes(tmp_path, monkeypatch):
    assert layer_errors(tmp_path, monkeypatch, {}) == []


@pytest.mark.parametrize("rel, text, wanted", [
    # an upward include
    ("firmware/engine/low.c",
     '#include "high.h"\n#include "low.h"\nint low_f(void) { return 1; }\n',
     ["includes high.h"]),
    # an upward call that no header shows
    ("firmware/engine/low.c",
     '#include "low.h"\nint high_f(void);\nint low_f(void) { return high_f(); }\n',
     ["uses high_f"]),
    # the HAL reaching up, by a firmware header's name and by a path through firmware/
    ("hal/store.c",
     '#include "low.h"\n#include "../firmware/engine/low.h"\nint s(void) { return low_f(); }\n',
     ["hal includes low.h from engine", "names nothing of firmware/", "(hal) uses low_f"]),
    # the game printing: a HAL header it may not use
    ("firmware/game/high.c",
     '#include "high.h"\n#include "uart.h"\nint high_f(void) { return 1; }\n',
     ["game includes uart.h; of hal it may use only"]),
], ids=["upward include", "upward call", "hal includes firmware", "game includes uart.h"])
def test_a_planted_way_up_is_caught(tmp_path, monkeypatch, rel, text, wanted):
    errors = layer_errors(tmp_path, monkeypatch, {rel: text})
    for words in wanted:
        assert any(words in e for e in errors), (words, errors)
