#!/usr/bin/env python3
"""tests/app/check_no_recursion.py - proves an AVR image never recurses.

Builds the call graph of an ELF from its disassembly (call/rcall, and jmp/rjmp that leave
the function: tail calls), fails on any cycle and on any indirect call (icall/eicall/ijmp,
whose targets a static proof cannot see), and adds the -fstack-usage frames (*.su) along
the deepest path to give a static stack bound per root.

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
INSN = re.compile(r"^\s*([0-9a-f]+):\s+(?:[0-9a-f]{2} )+\s*(\S+)\s*(.*)$")
TARGET = re.compile(r"<([^>+]+)(\+0x[0-9a-f]+)?>")


def call_graph(elf):
    out = subprocess.run(["avr-objdump", "-d", elf], check=True, capture_output=True,
                         text=True).stdout
    graph, indirect, current = {}, {}, None
    for line in out.splitlines():
        m = FUNC.match(line)
        if m:
            current = m.group(2)
            graph.setdefault(current, set())
            continue
        m = INSN.match(line)
        if not m or current is None:
            continue
        op, args = m.group(2), m.group(3)
        if op in ("icall", "eicall", "ijmp", "eijmp"):
            indirect.setdefault(current, 0)
            indirect[current] += 1
        elif op in ("call", "rcall", "jmp", "rjmp"):
            t = TARGET.search(args)
            if not t or t.group(1) == "__vectors":
                continue  # a jump to __vectors is a restart (SP is set again), not a call
            if t.group(1) == current and (op in ("jmp", "rjmp") or t.group(2)):
                # A branch inside the function, or avr-gcc's `rcall .+0`, which only
                # reserves 2 bytes of frame (counted in the .su figure).
                continue
            graph[current].add(t.group(1))  # a call to its own entry is recursion: kept
    return graph, indirect


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


def linked_sources(elf):
    """Base names of the source files linked into elf (its FILE symbols)."""
    out = subprocess.run(["avr-readelf", "-s", elf], check=True, capture_output=True,
                         text=True).stdout
    return {line.split()[-1] for line in out.splitlines() if " FILE " in line}


def frames(su_dir, elf):
    """Frame sizes of the functions of elf's own sources: su_dir also holds the objects
    of other images (test and bench firmware with their own main), which must not
    count."""
    sources = linked_sources(elf)
    sizes = {}
    for su in glob.glob(os.path.join(su_dir, "**", "*.su"), recursive=True):
        with open(su) as f:
            for line in f:
                parts = line.split("\t")
                if len(parts) >= 2 and parts[0].split(":", 1)[0] in sources:
                    name = parts[0].rsplit(":", 1)[-1].split(".")[0]
                    sizes[name] = max(sizes.get(name, 0), int(parts[1]))
    return sizes


def stack_bound(graph, sizes, root):
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
            memo[node] = sizes.get(node, 0) + 2 + max((memo[c] for c in callees), default=0)
    return memo.get(root, 0)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--expect-recursion", action="store_true")
    ap.add_argument("--su-dir", default=None)
    ap.add_argument("--root", action="append", default=[])
    ap.add_argument("elf")
    args = ap.parse_args()
    graph, indirect = call_graph(args.elf)
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
    print(f"{name}: no recursion, no indirect calls ({len(graph)} functions, {edges} calls)")
    if args.su_dir:
        sizes = frames(args.su_dir, args.elf)
        roots = args.root or ["main"]
        isrs = sorted(f for f in graph if re.fullmatch(r"__vector_\d+", f))
        for root in roots:
            print(f"{name}: static stack bound from {root}: {stack_bound(graph, sizes, root)} bytes")
        if not args.root and isrs:
            worst = max(stack_bound(graph, sizes, isr) for isr in isrs)
            total = stack_bound(graph, sizes, "main") + worst
            print(f"{name}: static stack bound, main plus the deepest interrupt "
                  f"({', '.join(isrs)}; they do not nest): {total} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
