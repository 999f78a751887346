"""tests/image/test_check_no_recursion.py - the call-graph proof on planted machine code:
a call back up the graph, a call to a function's own entry and an indirect call are each
caught; the -mcall-prologues return through Z is proved only when Z points right after
the jump; frames and the stack bound add up as the docstring says. (On a real image
built to recurse: test-no-recursion-engine's --expect-recursion.)"""
import pytest

from tests.image import check_no_recursion as cnr


def insn(addr, op, args="", size=2):
    return (addr, size, op, args)


def test_a_cycle_through_three_functions_is_found():
    funcs = {"main": [insn(0, "call", "0x10 <a>", 4)],
             "a": [insn(16, "rcall", ".+2 <b>")],
             "b": [insn(32, "rjmp", ".-4 <a>")]}  # a tail call back into a
    graph, _, indirect = cnr.analyse(funcs)
    assert cnr.find_cycle(graph) == ["a", "b", "a"] and not indirect


def test_a_call_to_its_own_entry_is_recursion_and_a_branch_is_not():
    funcs = {"f": [insn(0, "rjmp", ".+2 <f+0x4>"), insn(2, "rcall", ".-4 <f>")]}
    assert cnr.find_cycle(cnr.analyse(funcs)[0]) == ["f", "f"]
    funcs = {"f": [insn(0, "rjmp", ".+2 <f+0x4>")]}
    assert cnr.find_cycle(cnr.analyse(funcs)[0]) is None


def test_an_indirect_call_cannot_be_proved():
    _, _, indirect = cnr.analyse({"f": [insn(0, "icall")]})
    assert indirect == {"f": 1}


@pytest.mark.parametrize("z_words, proved", [(0x0006 // 2, True), (0x0008 // 2, False)])
def test_the_prologue_return_is_proved_only_right_after_the_jump(z_words, proved):
    funcs = {"f": [insn(0, "ldi", "r30, 0x%02X" % (z_words & 0xFF)),
                   insn(2, "ldi", "r31, 0x%02X" % (z_words >> 8)),
                   insn(4, "jmp", "0x100 <__prologue_saves__+0x20>", 2)],
             cnr.PROLOGUE: [insn(0x100, "ijmp")]}
    _, frame, indirect = cnr.analyse(funcs)
    assert (indirect == {}) == proved
    assert frame["f"] == cnr.PROLOGUE_PUSHES - 0x20 // 2


def test_frames_and_the_stack_bound():
    funcs = {"main": [insn(0, "push", "r28"), insn(2, "rcall", ".+0"),
                      insn(4, "call", "0x20 <leaf>", 4)],
             "leaf": [insn(32, "in", "r28, 0x3d"), insn(34, "in", "r29, 0x3e"),
                      insn(36, "sbiw", "r28, 0x0a")]}
    graph, frame, _ = cnr.analyse(funcs)
    assert frame == {"main": 1 + 2, "leaf": 10}
    assert cnr.stack_bound(graph, frame, "main") == (3 + 2) + (10 + 2)
