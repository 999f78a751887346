"""tests/variants/reference.py - an independent solver of the two variant games, written
from the rules as firmware/engine/README.md states them and from nothing of the
firmware's code: misère by memoised negamax over boards, fading marks by retrograde
analysis over predecessor lists with move counters.

It writes, for every reachable state, the documented move (fading: the lowest perfect
move; the firmware's table stores one perfect move, not always that one), the perfect
moves and the outcome, in the line format of tests/variants/variants_export.c (the
firmware's answers), so that tests/variants/test_variants.py compares the two line by
line and a simulation proof can read the reference itself:

    python3 -m tests.variants.reference export DIR   DIR/reference_{misere,fading}.txt

Cells are 0-8 in reading order. Misère scores count absolute plies: a game that ends
with the n-th mark is worth 10 - n to its winner (the player without the line), so the
best move wins fastest and loses slowest; fading's retrograde distances do the same.
"""
import os
import sys
from collections import defaultdict, deque

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
PLY_LIMIT = 60  # fading's draw rule (README, "The draw")
KEEP = 3  # marks a player keeps in fading
RING = [0, 1, 2, 5, 8, 7, 6, 3]  # the ring: ring bit i is cell RING[i]


def has_line(cells):
    return any(all(c in cells for c in line) for line in LINES)


def marked(board, who):
    return {i for i in range(9) if board[i] == who}


def hex_cells(cells):
    return "%03x" % sum(1 << c for c in cells)


def outcome_text(result, plies):
    return "%s%d" % (result, plies)


# ---- misère -------------------------------------------------------------------------

def to_move(board):
    return "x" if board.count(".") % 2 == 1 else "o"


def board_over(board):
    return has_line(marked(board, "x")) or has_line(marked(board, "o")) or "." not in board


def misere_score(board, memo):
    """The score of a board (a 9-tuple of '.', 'x', 'o') for the side to move."""
    if board in memo:
        return memo[board]
    marks = 9 - board.count(".")
    me = to_move(board)
    if has_line(marked(board, "o" if me == "x" else "x")):
        score = 10 - marks  # the other side completed a line: it lost
    elif marks == 9:
        score = 0
    else:
        score = max(-misere_score(board[:i] + (me,) + board[i + 1:], memo)
                    for i in range(9) if board[i] == ".")
    memo[board] = score
    return score


def misere_best(board, memo):
    me, score = to_move(board), misere_score(board, memo)
    return [i for i in range(9) if board[i] == "."
            and -misere_score(board[:i] + (me,) + board[i + 1:], memo) == score]


def cell_of(k, cell):
    """The cell symmetry k moves `cell` to: the mirror through cells 0, 4, 8 (k >= 4)
    swaps row and column, then k & 3 quarter turns clockwise take (row, column) to
    (column, 2 - row)."""
    row, col = divmod(cell, 3)
    if k >= 4:
        row, col = col, row
    for _ in range(k & 3):
        row, col = col, 2 - row
    return 3 * row + col


def canonical(board):
    """(k, image): the image whose (X ring byte, O ring byte) is least, the first k."""
    best = None
    for k in range(8):
        image = ["."] * 9
        for cell in range(9):
            image[cell_of(k, cell)] = board[cell]
        rings = tuple(sum(1 << i for i, c in enumerate(RING) if image[c] == who) for who in "xo")
        if best is None or rings < best[0]:
            best = (rings, k, tuple(image))
    return best[1], best[2]


def misere_move(board, memo):
    """The documented move: the last empty cell; the lowest empty cell when each
    completes a line of the mover; the only one that does not; else the lowest best cell
    of the canonical image, mapped back."""
    mine = marked(board, to_move(board))
    empty = [i for i in range(9) if board[i] == "."]
    safe = [i for i in empty if not has_line(mine | {i})]
    if len(empty) == 1 or not safe:
        return empty[0]
    if len(safe) == 1:
        return safe[0]
    k, image = canonical(board)
    j = misere_best(image, memo)[0]
    return next(cell for cell in range(9) if cell_of(k, cell) == j)


def misere_boards():
    """Every reachable board, breadth first from the empty one."""
    start = tuple("." * 9)
    seen, todo = {start}, deque([start])
    while todo:
        board = todo.popleft()
        yield board
        if board_over(board):
            continue
        for i in range(9):
            if board[i] == ".":
                child = board[:i] + (to_move(board),) + board[i + 1:]
                if child not in seen:
                    seen.add(child)
                    todo.append(child)


def misere_line(board, memo):
    marks = 9 - board.count(".")
    score = misere_score(board, memo)
    if score:
        out = outcome_text("W" if score > 0 else "L", 10 - abs(score) - marks)
    else:
        out = outcome_text("D", 9 - marks)
    if board_over(board):
        return "%s - 000 %s" % ("".join(board), out)
    return "%s %d %s %s" % ("".join(board), misere_move(board, memo),
                            hex_cells(misere_best(board, memo)), out)


def misere_lines():
    memo = {}
    return [misere_line(board, memo) for board in misere_boards()]


# ---- fading marks ------------------------------------------------------------------

def fading_moves(state):
    """(cell, child) for every move: a cell empty when chosen; the mover's oldest mark
    goes when it has KEEP; the child has the other side to move."""
    mover, xq, oq = state
    mine = xq if mover == "x" else oq
    taken = set(xq) | set(oq)
    for cell in range(9):
        if cell in taken:
            continue
        kept = (mine[1:] if len(mine) == KEEP else mine) + (cell,)
        if mover == "x":
            yield cell, ("o", kept, oq)
        else:
            yield cell, ("x", xq, kept)


def fading_over(state):
    """The side that moved last has a line."""
    mover, xq, oq = state
    return has_line(set(oq if mover == "x" else xq))


def fading_solve():
    """Every reachable state with (result, distance) for the side to move: W, L or D."""
    start = ("x", (), ())
    children, parents = {}, defaultdict(list)
    todo, seen = deque([start]), {start}
    while todo:
        state = todo.popleft()
        children[state] = [] if fading_over(state) else list(fading_moves(state))
        for _, child in children[state]:
            parents[child].append(state)
            if child not in seen:
                seen.add(child)
                todo.append(child)
    value = {s: ("L", 0) for s in children if fading_over(s)}
    left = {s: len(c) for s, c in children.items()}
    todo = deque(value)
    while todo:  # distances come out in order: the first win found is the fastest
        state = todo.popleft()
        result, dist = value[state]
        for parent in parents[state]:
            if parent in value:
                continue
            left[parent] -= 1
            if result == "L":
                value[parent] = ("W", dist + 1)
                todo.append(parent)
            elif left[parent] == 0:  # every move wins for the other side, this the last
                value[parent] = ("L", dist + 1)
                todo.append(parent)
    for state in children:
        value.setdefault(state, ("D", None))
    return children, value


def fading_best(state, children, value):
    result, dist = value[state]
    want = {"W": "L", "L": "W", "D": "D"}[result]
    return [cell for cell, child in children[state]
            if value[child][0] == want and (result == "D" or value[child][1] == dist - 1)]


def fading_line(state, children, value):
    mover, xq, oq = state
    plies = len(xq) + len(oq) + (mover == "o" and len(xq) == len(oq))  # the fewest
    result, dist = value[state]
    out = outcome_text(result, PLY_LIMIT - plies if result == "D" else dist)
    text = "%s %s %s" % (mover, "".join(map(str, xq)) or "-", "".join(map(str, oq)) or "-")
    if fading_over(state):
        return "%s - 000 %s" % (text, out)
    best = fading_best(state, children, value)
    return "%s %d %s %s" % (text, best[0], hex_cells(best), out)


def fading_lines():
    children, value = fading_solve()
    return [fading_line(state, children, value) for state in children]


def export(directory):
    os.makedirs(directory, exist_ok=True)
    for name, lines in (("misere", misere_lines()), ("fading", fading_lines())):
        with open(os.path.join(directory, "reference_%s.txt" % name), "w") as f:
            f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] != "export":
        sys.exit("usage: python3 -m tests.variants.reference export DIR")
    export(sys.argv[2])
