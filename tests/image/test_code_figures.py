"""tests/image/test_code_figures.py - the source figures on a planted tree: a 61-line C
function, Python def and JS function are each measured as such (braces in comments,
strings, templates and regular expressions do not count), a comment-heavy header raises
the comment share, and the goals miss both plants."""
import pytest

from tests.docs.figures import goal_met
from tests.image import code_figures

C_BODY = "".join("    x += %d; /* } { */\n" % i for i in range(58))
JS_BODY = "".join("  x += %d; // }\n" % i for i in range(59))
TREE = {
    # 61 lines from the name to the closing brace: the planted long C function
    "firmware/a/long.c": ("static int x;\nvoid planted_long(void)\n{\n" + C_BODY + "}\n"
                          "struct s { int a; };\nstatic const int t[] = {1, 2};\n"
                          "ISR(TIMER0_COMPA_vect)\n{\n    x = '{';\n}\n"),
    # comment-heavy: 20 code characters, 20 comment characters (blanks never count)
    "hal/heavy.h": "/* 45678901234567890 */\nint heavy_value(void);\n  \n",
    "sim/s.c": "int sim_f(int a)\n{\n    return a; // }\n}\n",
    "tests/t.py": ("def short():\n    return 1\n\n\nclass K:\n    def method(self):\n"
                   + "".join("        x = %d\n" % i for i in range(59)) + "        return x\n"),
    "case/c.mjs": "export function flash(a) {\n" + JS_BODY + "}\n",
}


@pytest.fixture(scope="module")
def got(tmp_path_factory):
    root = tmp_path_factory.mktemp("tree")
    for rel, text in TREE.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    return dict(code_figures.figures(str(root)))


@pytest.mark.parametrize("name, value", [
    ("longest_function_lines_firmware", "61"),
    ("longest_function_name_firmware", "firmware/a/long.c:planted_long"),
    ("longest_function_lines_hal", "0"),
    ("longest_function_lines_sim", "4"),
    ("longest_function_name_sim", "sim/s.c:sim_f"),
    ("longest_function_lines_tests", "61"),
    ("longest_function_name_tests", "tests/t.py:K.method"),
    ("longest_function_lines_case", "61"),
    ("longest_function_name_case", "case/c.mjs:flash"),
    ("longest_function_lines_c", "61"),
    ("longest_function_lines_python", "61"),
    ("longest_function_lines_js", "61"),
    ("longest_function_lines", "61"),
    ("comment_share_percent_hal", "50.0"),
])
def test_a_planted_figure_is_measured(got, name, value):
    assert got[name] == value


def test_a_comment_heavy_header_raises_the_share(got):
    assert float(got["comment_share_percent"]) > float(got["comment_share_percent_firmware"])


def test_the_goals_miss_the_plants():
    assert not goal_met("longest_function_lines", 61) and goal_met("longest_function_lines", 60)
    assert not goal_met("comment_share_percent", 50.0) and goal_met("comment_share_percent", 30)


JS = """class Board {
  constructor(a) {
    this.a = { b: 1 };
  }
  step() {
    const re = /[{]+\\}/g;
    const t = `${this.a.b} {`;
    if (re.test(t)) { return '}'; }
    return 2 / 3;
  }
}
const cb = async (x) => {
  return x;
};
test('one', async () => {
  await cb(1);
});
function outer() {
  const inner = function () {
    return [1, 2].map((v) => { return v; });
  };
  return inner;
}
"""


def test_js_functions_are_found_by_their_braces():
    assert code_figures.js_functions(JS) == [
        ("constructor", 3), ("step", 6), ("cb", 3), ("(arrow)@15", 3),
        ("(arrow)@20", 1), ("(function)@19", 3), ("outer", 6)]


def test_python_functions_nest():
    text = "def a():\n    def b():\n        pass\n    return b\n"
    assert code_figures.python_functions(text) == [("a", 4), ("a.b", 2)]
