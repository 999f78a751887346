"""tests/sim/conftest.py - what the simulation tests run: ttt-sim and the images, from the
environment sim.mk sets (TTT_SIM, TTT_ELF, TTT_BENCH_FW, TTT_DUTY_MODEL), else the build's
own paths; a missing one is an error that says how to build it."""
import os

import pytest

DEFAULTS = {
    "TTT_SIM": "build/sim/ttt-sim",
    "TTT_ELF": "build/avr/ttt.elf",
    "TTT_BENCH_FW": "build/avr/hal_bench_fw.elf",
    "TTT_DUTY_MODEL": "build/host/tests/sim/duty_model",
}


def built(name):
    path = os.environ.get(name) or DEFAULTS[name]
    if not os.path.exists(path):
        pytest.fail("%s: %s is not built (make test-sim-cues test-sim-duty build it)"
                    % (name, path))
    return path


@pytest.fixture(scope="session")
def sim():
    return built("TTT_SIM")


@pytest.fixture(scope="session")
def elf():
    return built("TTT_ELF")


@pytest.fixture(scope="session")
def bench_fw():
    return built("TTT_BENCH_FW")


@pytest.fixture(scope="session")
def duty_model():
    return built("TTT_DUTY_MODEL")
