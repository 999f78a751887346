"""tests/docs/links.py - every relative link and picture in the documents points at a
file of the repository, and every `#anchor` at a heading of its target (anchors as
GitHub makes them: lower case, punctuation dropped, spaces as hyphens). Links to the
web (http:, https:, mailto:) are not followed: the check runs offline.

usage: python3 -m tests.docs.links FILE.md...   (the planted cases: tests/docs/test_links.py)
"""
import os
import re
import sys

LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")


def slug(heading):
    text = re.sub(r"[`*_]", "", heading.strip().lower())
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path):
    found = set()
    counts = {}
    in_code = False
    with open(path) as f:
        for line in f:
            if line.startswith("```"):
                in_code = not in_code
            m = re.match(r"^#{1,6}\s+(.*)$", line)
            if m and not in_code:
                base = slug(m.group(1))
                n = counts.get(base, 0)
                counts[base] = n + 1
                found.add(base if n == 0 else "%s-%d" % (base, n))
    return found


def check(docs):
    errors = []
    count = 0
    for doc in docs:
        with open(doc) as f:
            text = f.read()
        # Indented code blocks and inline code are not links.
        text = re.sub(r"`[^`\n]*`", "", text)
        for number, line in enumerate(text.split("\n"), 1):
            if line.startswith("    "):
                continue
            for m in LINK.finditer(line):
                target = m.group(1)
                if re.match(r"^[a-z]+:", target):
                    continue
                count += 1
                path, _, anchor = target.partition("#")
                full = os.path.normpath(os.path.join(os.path.dirname(doc), path)) if path else doc
                where = "%s:%d" % (doc, number)
                if not os.path.exists(full):
                    errors.append("%s: %s: no such file" % (where, target))
                elif anchor and full.endswith(".md") and anchor not in anchors(full):
                    errors.append("%s: %s: no heading '#%s' in %s" % (where, target, anchor, full))
    return count, errors


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    count, errors = check(sys.argv[1:])
    for e in errors:
        print("links: " + e)
    if errors:
        return 1
    print("links: %d relative links in %d documents all resolve" % (count, len(sys.argv) - 1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
