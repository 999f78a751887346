"""tests/docs/test_links.py - the link check finds a missing file and a missing heading,
and leaves web links and inline code alone."""
import pytest

from tests.docs import links


@pytest.mark.parametrize("text, errors", [
    ("[ok](b.md#board-notation) ![pic](b.md)", 0),
    ("[gone](c.md)", 1),
    ("[bad anchor](b.md#notation)", 1),
    ("[web](https://example.org/x) `[code](nowhere.md)`", 0),
    ("    [indented code](nowhere.md)", 0),
    ("[second heading](b.md#title-1)", 0),
])
def test_links(tmp_path, text, errors):
    (tmp_path / "b.md").write_text("# Title\n## Board notation\n## Title\n")
    doc = tmp_path / "a.md"
    doc.write_text(text + "\n")
    _, found = links.check([str(doc)])
    assert len(found) == errors


def test_slug_is_githubs():
    assert links.slug("The `make test` suites, *fast*!") == "the-make-test-suites-fast"
