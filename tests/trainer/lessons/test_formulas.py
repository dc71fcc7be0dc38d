"""A lesson's arithmetic reaches the learner whole: rendered as the learner sees it
(:func:`trainer.lessons.render.lesson_parts`), no sum of any lesson, in any language,
is broken by Markdown.

Markdown reads a line beginning with ``+``, ``-`` or ``*`` and a space as a list
item, even in the middle of a paragraph, so a sum wrapped before its ``+``
("... the pair of fours: 3 + 3 / + 2 = **8**, ...") is drawn as "...: 3 + 3" and a
bullet "2 = 8".  The rules, over the text of each block of the rendered page
(paragraph, list item, table cell, heading):

* a **stray list item** is a list item whose text begins with an operator
  (``=``, ``+``, ``×``, ``÷``, ``−``), or with a number followed by ``=``, ``+``,
  ``×``, ``÷`` or ``−`` (the right side of a sum whose left side stayed behind:
  "2 = 8"); a hyphen after a number is a run of ranks (3-4-5), not a minus;
* a **list after a cut sentence** is a list straight after a paragraph whose
  text stops without ending a sentence or introducing the list (its last
  character is none of ``. : ! ? …``, closing quotes or brackets aside): the
  wrapped line took the rest of the paragraph's sentence with it;
* an **unbalanced formula** is a block whose text ends with ``=``, ``+``, ``×``,
  ``÷`` or ``−``, or begins with ``=``, ``+``, ``×`` or ``÷`` (a sum cut between
  two blocks), or whose parentheses do not pair up.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html.parser import HTMLParser

import pytest

from trainer.lessons.course import Lesson, parse_lesson
from trainer.lessons.render import Prose, lesson_parts

from .course_data import EVERY_LESSON, lesson_id

_BLOCKS = {"p", "li", "td", "th", "h1", "h2", "h3", "h4", "h5", "h6"}
_LISTS = {"ul", "ol"}

_OPERATOR_FIRST = re.compile(r"^[=+×÷−]")
#: A block may begin with a minus sign (a negative number), but not with these.
_OPERATOR_OPENS = re.compile(r"^[=+×÷]")
_SUM_FIRST = re.compile(r"^\d+\s*[=+×÷−]")
_OPERATOR_LAST = re.compile(r"[=+×÷−]$")
#: What ends a sentence or introduces a list; closing quotes and brackets may follow it.
_SENTENCE_END = re.compile(r"[.:!?…][\"'”»)\]]*$")


@dataclass
class _Block:
    tag: str
    text: str = ""


class _Page(HTMLParser):
    """The rendered page as the text of its blocks, in order, and each list with the block before it."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.blocks: list[_Block] = []
        #: each list's items, with the block just before it (None at the start of a stretch of prose)
        self.lists: list[tuple[_Block | None, list[_Block]]] = []
        self._open: list[_Block] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _LISTS:
            before = self.blocks[-1] if self.blocks and not self._open else None
            self.lists.append((before, []))
        elif tag in _BLOCKS:
            block = _Block(tag)
            self.blocks.append(block)
            self._open.append(block)
            if tag == "li":
                self.lists[-1][1].append(block)

    def handle_endtag(self, tag: str) -> None:
        if tag in _BLOCKS and self._open:
            self._open.pop()

    def handle_data(self, data: str) -> None:
        if self._open:
            self._open[-1].text += data


def _pages(lesson: Lesson) -> list[_Page]:
    """Each stretch of the lesson's prose as the learner's page draws it."""
    pages = []
    for part in lesson_parts(lesson):
        if isinstance(part, Prose):
            page = _Page()
            page.feed(part.html)
            page.close()
            pages.append(page)
    return pages


def _parentheses_pair(text: str) -> bool:
    depth = 0
    for character in text:
        depth += {"(": 1, ")": -1}.get(character, 0)
        if depth < 0:
            return False
    return depth == 0


def broken_formulas(lesson: Lesson) -> list[str]:
    """What the rules above find in ``lesson``, each as a line naming the rule and the text."""
    found = []
    for page in _pages(lesson):
        for block in page.blocks:
            text = " ".join(block.text.split())
            if block.tag == "li" and (_OPERATOR_FIRST.match(text) or _SUM_FIRST.match(text)):
                found.append(f"stray list item: {text!r}")
            if _OPERATOR_LAST.search(text) or _OPERATOR_OPENS.match(text):
                found.append(f"formula cut between blocks: {text!r}")
            if not _parentheses_pair(text):
                found.append(f"unbalanced parentheses: {text!r}")
        for before, items in page.lists:
            if before is not None and before.tag == "p":
                text = " ".join(before.text.split())
                if not _SENTENCE_END.search(text):
                    first = " ".join(items[0].text.split()) if items else ""
                    found.append(f"list after a cut sentence: {text[-40:]!r} then {first!r}")
    return found


@pytest.mark.parametrize("lesson", EVERY_LESSON, ids=lesson_id)
def test_no_lesson_breaks_a_formula(lesson):
    assert broken_formulas(lesson) == []


def _lesson(body: str) -> Lesson:
    text = "---\ntitle: Test\nslug: test\norder: 99\ncombos: [run]\n---\n" + body
    return parse_lesson(text, name="99-test.md")


def test_a_sum_wrapped_before_its_plus_is_a_stray_list_item_after_a_cut_sentence():
    found = broken_formulas(_lesson("The pair of fours: 3 + 3\n+ 2 = **8**, the double run of three.\n"))
    assert found == ["stray list item: '2 = 8, the double run of three.'",
                     "list after a cut sentence: 'The pair of fours: 3 + 3' then '2 = 8, the double run of three.'"]


@pytest.mark.parametrize("marker", ["-", "*"])
def test_a_line_wrapped_before_a_hyphen_or_star_and_a_number_is_caught(marker):
    found = broken_formulas(_lesson(f"Three eights and the seven score\n{marker} 21 in all.\n"))
    assert found == ["list after a cut sentence: 'Three eights and the seven score' then '21 in all.'"]


def test_a_sum_cut_at_its_operator_or_an_open_parenthesis_is_an_unbalanced_formula():
    found = broken_formulas(_lesson("Runs and pairs: 3 + 3 +\n\n2 = 8 (the double run.\n"))
    assert found == ["formula cut between blocks: 'Runs and pairs: 3 + 3 +'",
                     "unbalanced parentheses: '2 = 8 (the double run.'"]


def test_a_list_introduced_by_a_sentence_and_runs_of_ranks_are_not_formulas():
    body = ("Learn these shapes:\n\n- 3-4-4-5: **8** (a double run);\n- 5-5-J-Q: four fifteens.\n\n"
            "A run of three after the pair.\n- 31 itself scores 2.\n")
    assert broken_formulas(_lesson(body)) == []
