"""tests/image/check_no_recursion.py - proves an AVR image never recurses, and bounds its
stack, from the image's own machine code (so it works with -flto, where no
-fstack-usage files exist, and with -mcall-prologues).

Call graph: from the disassembly, call/rcall, and jmp/rjmp that leave the function (tail
calls). Any cycle fails, and so does any indirect call (icall/eicall/ijmp), with one
exception that is proved, not assumed: avr-gcc's `__prologue_saves__` (-mcall-prologues)
ends in `ijmp` back into its caller, which loaded Z with the address right after its own
`jmp __prologue_saves__`; every such use is checked to do exactly that.
`__epilogue_restores__` is reached by a jump and returns to the function's caller.

Frames: per function, its `push`es, `rcall .+0` (2 bytes each), the frame it carves out
of SP (`in r28,0x3d` then `sbiw r28,N` or `subi r28,lo / sbci r29,hi`), and for
-mcall-prologues the registers `__prologue_saves__` pushes from its entry point plus the
frame size in r27:r26. The bound of a root is its frame + 2 (its return address) + the
largest bound of what it calls. With --su-dir, every frame found is also compared with
-fstack-usage's figure for the same function (the method's own check; -fstack-usage
counts the return address in the frame, so it reads 2 more).

usage: check_no_recursion.py [--expect-recursion] [--su-dir DIR] [--root NAME] ELF
  --expect-recursion  invert the verdict (the self-test on an image that does recurse)
  without --root: main, and main plus the deepest interrupt handler
"""
import argparse
import glob
import os
import re
import subprocess
import sys

FUNC = re.compile(r"^([0-9a-f]+) <([^>]+)>:$")
INSN = re.compile(r"^\s*([0-9a-f]+):\s+((?:[0-9a-f]{2} )+)\s*(\S+)\s*(.*)$")
TARGET = re.compile(r"<([^>+]+)(\+0x([0-9a-f]+))?>")
PROLOGUE = "__prologue_saves__"
EPILOGUE = "__epilogue_restores__"
PROLOGUE_PUSHES = 18  # r2..r17, r28, r29


def disassemble(elf):
    out = subprocess.run(["avr-objdump", "-d", elf], check=True, capture_output=True,
                         text=True).stdout
    funcs, current = {}, None
    for line in out.splitlines():
        m = FUNC.match(line)
        if m:
            current = m.group(2)
            funcs[current] = []
            continue
        m = INSN.match(line)
        if m and current is not None:
            size = len(m.group(2).split())
            funcs[current].append((int(m.group(1), 16), size, m.group(3), m.group(4)))
    return funcs


def imm(args, reg):
    m = re.match(r"\s*" + reg + r",\s*(0x[0-9a-fA-F]+|\d+)", args)
    return int(m.group(1), 0) if m else None


def analyse(funcs):
    """Call graph, frames, and the indirect jumps that are not proved safe."""
    graph, frame, indirect = {}, {}, {}
    for name, insns in funcs.items():
        graph[name] = set()
        pushes, reserve, carved, saves = 0, 0, 0, 0
        regs = {}
        for i, (addr, size, op, args) in enumerate(insns):
            if op == "push":
                pushes += 1
            elif op == "ldi":
                m = re.match(r"\s*(r\d+),\s*(0x[0-9a-fA-F]+|\d+)", args)
                if m:
                    regs[m.group(1)] = int(m.group(2), 0)
            elif op == "in" and re.match(r"\s*r28,\s*0x3d", args):
                nxt = insns[i + 1:i + 4]
                for j, (_, _, op2, args2) in enumerate(nxt):
                    if op2 == "sbiw" and args2.replace(" ", "").startswith("r28,"):
                        carved = max(carved, imm(args2.replace(" ", ""), "r28") or 0)
                        break
                    if op2 == "subi" and args2.replace(" ", "").startswith("r28,"):
                        lo = imm(args2.replace(" ", ""), "r28") or 0
                        hi = 0
                        if j + 1 < len(nxt) and nxt[j + 1][2] == "sbci":
                            hi = imm(nxt[j + 1][3].replace(" ", ""), "r29") or 0
                        carved = max(carved, (hi << 8) | lo)
                        break
            if op in ("icall", "eicall", "ijmp", "eijmp"):
                if name != PROLOGUE:
                    indirect[name] = indirect.get(name, 0) + 1
                continue
            if op not in ("call", "rcall", "jmp", "rjmp"):
                continue
            if op == "rcall" and args.strip().startswith(".+0"):
                reserve += 2  # avr-gcc's 2-byte frame reservation, not a call
                continue
            t = TARGET.search(args)
            if not t or t.group(1) == "__vectors":
                continue  # a jump to __vectors is a restart (SP is set again), not a call
            target, offset = t.group(1), int(t.group(3) or "0", 16)
            if target == PROLOGUE:
                # Z must point right after this jump: the ijmp comes back here.
                back = ((regs.get("r31", -1) << 8) | regs.get("r30", -1)) * 2
                if back != addr + size:
                    indirect[name] = indirect.get(name, 0) + 1
                saves = max(saves, PROLOGUE_PUSHES - offset // 2)
                carved = max(carved, (regs.get("r27", 0) << 8) | regs.get("r26", 0))
                continue
            if target == EPILOGUE:
                continue  # pops this frame and returns to our caller
            if target == name and (op in ("jmp", "rjmp") or t.group(2)):
                continue  # a branch inside the function
            graph[name].add(target)  # a call to its own entry is recursion: kept
        frame[name] = pushes + reserve + carved + saves
    return graph, frame, indirect


def find_cycle(graph):
    """Iterative DFS; returns one cycle as a list of names, or None."""
    state = {}
    for start in graph:
        if state.get(start):
            continue
        stack = [(start, iter(sorted(graph.get(start, ()))))]
        path = [start]
        state[start] = 1  # on the path
        while stack:
            node, it = stack[-1]
            nxt = next(it, None)
            if nxt is None:
                state[node] = 2  # done
                stack.pop()
                path.pop()
                continue
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if not state.get(nxt):
                state[nxt] = 1
                path.append(nxt)
                stack.append((nxt, iter(sorted(graph.get(nxt, ())))))
    return None


def stack_bound(graph, frame, root):
    """Deepest frames + return addresses from root (the graph is acyclic here)."""
    memo = {}
    order = [(root, False)]
    while order:
        node, expanded = order.pop()
        if node in memo:
            continue
        callees = graph.get(node, ())
        if not expanded:
            order.append((node, True))
            order.extend((c, False) for c in callees if c not in memo)
        else:
            memo[node] = frame.get(node, 0) + 2 + max((memo[c] for c in callees), default=0)
    return memo.get(root, 0)


def su_frames(su_dir, elf):
    """-fstack-usage frames of the functions of elf's own sources."""
    out = subprocess.run(["avr-readelf", "-s", elf], check=True, capture_output=True,
                         text=True).stdout
    sources = {line.split()[-1] for line in out.splitlines() if " FILE " in line}
    sizes = {}
    for su in glob.glob(os.path.join(su_dir, "**", "*.su"), recursive=True):
        with open(su) as f:
            for line in f:
                parts = line.split("\t")
                if len(parts) >= 2 and parts[0].split(":", 1)[0] in sources:
                    name = parts[0].rsplit(":", 1)[-1]
                    sizes[name] = max(sizes.get(name, 0), int(parts[1]))
    return sizes


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--expect-recursion", action="store_true")
    ap.add_argument("--su-dir", default=None)
    ap.add_argument("--root", action="append", default=[])
    ap.add_argument("elf")
    args = ap.parse_args()
    funcs = disassemble(args.elf)
    graph, frame, indirect = analyse(funcs)
    cycle = find_cycle(graph)
    edges = sum(len(v) for v in graph.values())
    name = os.path.basename(args.elf)
    if args.expect_recursion:
        if cycle:
            print(f"{name}: recursion found as expected: {' -> '.join(cycle)}")
            return 0
        print(f"{name}: FAIL: the checker missed the recursion it should see")
        return 1
    if cycle or indirect:
        if cycle:
            print(f"{name}: FAIL: recursion: {' -> '.join(cycle)}")
        for f, n in sorted(indirect.items()):
            print(f"{name}: FAIL: {n} indirect call(s) in {f}: no static proof possible")
        return 1
    uses = sum(1 for f in funcs.values() for i in f if PROLOGUE in i[3])
    print(f"{name}: no recursion, no indirect calls ({len(graph)} functions, {edges} calls"
          + (f"; {uses} entries to {PROLOGUE}, each returning into its caller" if uses else "")
          + ")")
    if args.su_dir:
        su = su_frames(args.su_dir, args.elf)
        compared = [f for f in frame if f in su]
        # avr-gcc's -fstack-usage counts the 2-byte return address in a function's frame
        wrong = [f"{f} (code {frame[f]} + 2, -fstack-usage {su[f]})" for f in compared
                 if frame[f] + 2 != su[f]]
        if wrong or not compared:
            print(f"{name}: FAIL: frames from the code disagree with -fstack-usage: "
                  + (", ".join(wrong) if wrong else "nothing to compare"))
            return 1
        print(f"{name}: the frames read from the code equal -fstack-usage's for all "
              f"{len(compared)} functions that have both")
    roots = args.root or ["main"]
    for root in roots:
        print(f"{name}: static stack bound from {root}: "
              f"{stack_bound(graph, frame, root)} bytes")
    isrs = sorted(f for f in graph if re.fullmatch(r"__vector_\d+", f))
    if not args.root and isrs:
        worst = max(stack_bound(graph, frame, isr) for isr in isrs)
        total = stack_bound(graph, frame, "main") + worst
        print(f"{name}: static stack bound, main plus the deepest interrupt "
              f"({', '.join(isrs)}; they do not nest): {total} bytes")
        print(f"stack_bound_bytes {total}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
