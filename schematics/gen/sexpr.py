"""schematics/gen/sexpr.py - reads KiCad's s-expression files (symbol libraries, schematics,
netlists, boards) into nested Python lists, and finds things in them.

A node is a list whose first element is its head ("symbol", "pin", ...); atoms stay
strings (quoted strings lose their quotes). Standard library only, no state.
"""


def tokenize(text):
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch in " \t\r\n":
            i += 1
        elif ch in "()":
            yield ch
            i += 1
        elif ch == '"':
            j, buf = i + 1, []
            while text[j] != '"':
                if text[j] == "\\":
                    j += 1
                    buf.append({"n": "\n", "t": "\t"}.get(text[j], text[j]))
                else:
                    buf.append(text[j])
                j += 1
            yield ("str", "".join(buf))
            i = j + 1
        else:
            j = i
            while j < n and text[j] not in ' \t\r\n()"':
                j += 1
            yield text[i:j]
            i = j


def parse(text):
    stack, cur = [], []
    for tok in tokenize(text):
        if tok == "(":
            stack.append(cur)
            cur = []
        elif tok == ")":
            if not stack:
                raise ValueError("unbalanced parentheses")
            done = cur
            cur = stack.pop()
            cur.append(done)
        else:
            cur.append(tok[1] if isinstance(tok, tuple) else tok)
    if stack or len(cur) != 1:
        raise ValueError("unbalanced parentheses")
    return cur[0]


def load(path):
    with open(path, encoding="utf-8") as f:
        return parse(f.read())


def items(node, head):
    """Direct children with this head."""
    return [c for c in node if isinstance(c, list) and c and c[0] == head]


def first(node, head):
    found = items(node, head)
    return found[0] if found else None


def walk(node, head):
    """Every descendant (and the node itself) with this head, depth first."""
    if isinstance(node, list):
        if node and node[0] == head:
            yield node
        for c in node:
            yield from walk(c, head)


def props(node):
    """A symbol's or footprint's (property "Name" "Value") children as a dict."""
    return {p[1]: p[2] for p in items(node, "property")}


def raw_block(text, start):
    """The balanced '( ... )' text starting at index start (quotes respected)."""
    depth, i, n = 0, start, len(text)
    while i < n:
        ch = text[i]
        if ch == '"':
            i += 1
            while text[i] != '"':
                i += 2 if text[i] == "\\" else 1
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth == 0:
                return text[start:i + 1]
        i += 1
    raise ValueError("unbalanced block at %d" % start)
