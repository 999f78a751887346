"""tests/docs/tables.py - the documents' copies of the menu, command and sound tables,
rewritten from build/gen/menu.json (firmware/game/menu.h), build/gen/commands.json
(firmware/console/commands.h) and build/gen/sounds.json (firmware/game/sounds.h) between
generated-section markers:

    <!-- NAME:begin (generated ...: make docs-tables) -->
    ...
    <!-- NAME:end -->

Sections: `commands` (firmware/README.md's table of commands), `menu-line` (the
console's `menu:` legend, quoted), `sounds` (the sound table, with Timer2's exact
frequencies), `voices` (the cells' pitches and the marks' rhythms) and `states` (the
game's states, from build/gen/states.json: firmware/game/game.h's GAME_STATES).
README.md's menu row is print_menu's (make readme-menu).

    python3 -m tests.docs.tables check|update MENU_JSON COMMANDS_JSON SOUNDS_JSON STATES_JSON DOC...
check fails naming `make docs-tables` when a section is stale; update rewrites it. A doc
with a begin marker and no end is an error either way."""
import json
import re
import sys

BEGIN = re.compile(r"^<!-- ([a-z-]+):begin .*-->$")


def menu_line(menu):
    """The console's legend, as firmware/game/menu.h's GAME_MENU_LINE builds it."""
    words = "".join(" %d %s" % (c["cell"], c["short"]) for c in menu["cells"])
    return ["`menu:%s`" % words]


def command_rows(commands):
    """A row per command, in the table's order: its form as `help` shows it, its help."""
    rows = ["| command | what it does |", "| --- | --- |"]
    for c in commands["commands"]:
        form = (c["name"] + " " + c["grammar"]).strip().replace("|", "\\|")
        rows.append("| `%s` | %s |" % (form, c["help"]))
    return rows


def sound_rows(sounds):
    """A row per sound, in the table's order: its name, when it plays, whether `sound
    quiet` keeps it, its notes as Hz (to 0.1, as Timer2 makes them; "rest" for 0) and ms."""
    rows = ["| sound | when | at `sound quiet` | notes (Hz for ms) |", "| --- | --- | --- | --- |"]
    for s in sounds["sounds"]:
        notes = ", ".join("%s %d" % ("%.1f" % n["hz"] if n["hz"] else "rest", n["ms"])
                          for n in s["notes"])
        quiet = "plays" if s["quiet"] else "silent"
        rows.append("| `%s` | %s | %s | %s |" % (s["name"], s["when"], quiet, notes))
    return rows


def voice_rows(sounds):
    """A row per cell, in reading order: its pitch (Hz as Timer2 makes it), and each
    mark's notes there (the rhythm: ms, "rest" for a rest)."""
    marks = list(dict.fromkeys(v["mark"] for v in sounds["voices"]))
    rows = ["| cell | Hz | %s |" % " | ".join(marks), "| --- | --- |" + " --- |" * len(marks)]
    for cell in sorted({v["cell"] for v in sounds["voices"]}):
        voices = {v["mark"]: v["notes"] for v in sounds["voices"] if v["cell"] == cell}
        rhythm = [", ".join("%s ms" % n["ms"] if n["hz"] else "rest %s" % n["ms"]
                            for n in voices[m]) for m in marks]
        rows.append("| %d | %.1f | %s |" % (cell, voices[marks[0]][0]["hz"], " | ".join(rhythm)))
    return rows


def state_rows(states):
    """A row per state, in the enum's order: its name, what shows, what ends it."""
    rows = ["| state | what shows | ends |", "| --- | --- | --- |"]
    for s in states["states"]:
        rows.append("| `%s` | %s | %s |" % (s["name"], s["what"], s["ends"]))
    return rows


def sections(menu, commands, sounds, states):
    return {"menu-line": menu_line(menu), "commands": command_rows(commands),
            "sounds": sound_rows(sounds), "voices": voice_rows(sounds),
            "states": state_rows(states)}


def rewrite(text, generated, path):
    """text with every known section's body replaced; ValueError on a section without
    its end or of an unknown name."""
    out, lines, i = [], text.split("\n"), 0
    while i < len(lines):
        out.append(lines[i])
        m = BEGIN.match(lines[i])
        i += 1
        if not m:
            continue
        name = m.group(1)
        if name not in generated:
            if name == "menu":  # README.md's row: print_menu's own section
                continue
            raise ValueError("%s: unknown generated section '%s'" % (path, name))
        end = "<!-- %s:end -->" % name
        try:
            j = lines.index(end, i)
        except ValueError:
            raise ValueError("%s: section '%s' has no line '%s'" % (path, name, end))
        out.extend(generated[name])
        i = j
    return "\n".join(out)


def main(argv):
    if len(argv) < 6 or argv[0] not in ("check", "update"):
        print(__doc__.split("\n\n")[-1], file=sys.stderr)
        return 2
    with open(argv[1]) as f:
        menu = json.load(f)
    with open(argv[2]) as f:
        commands = json.load(f)
    with open(argv[3]) as f:
        sounds = json.load(f)
    with open(argv[4]) as f:
        states = json.load(f)
    generated, stale = sections(menu, commands, sounds, states), []
    for path in argv[5:]:
        with open(path) as f:
            text = f.read()
        try:
            new = rewrite(text, generated, path)
        except ValueError as e:
            print("docs-tables: %s" % e, file=sys.stderr)
            return 1
        if new != text and argv[0] == "update":
            with open(path, "w") as f:
                f.write(new)
        elif new != text:
            stale.append(path)
    for path in stale:
        print("docs-tables: %s: a generated table differs from its source table: "
              "run make docs-tables" % path, file=sys.stderr)
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
