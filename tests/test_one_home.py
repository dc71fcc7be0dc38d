"""One home per rule: outside ``engine/``, nothing re-derives the play's rules.

The count's limits and the go are the engine's (:mod:`engine.pegging`: ``MAX_COUNT``,
``fits``, ``playable``, ``least_value_after_go``, ``ending_item``, ``score_play``),
so every module of the trainer, the benchmarks and the migrations is parsed (not
imported) and this fails on

* a comparison with 15 or 31 (``count == 31``, ``count + card.value <= 31``): a
  count judged by hand;
* arithmetic on 31 or 32 (``32 - count``): what a go reveals, worked out by hand;
* a ``ScoreItem`` built with the kind ``GO`` or ``LAST_CARD`` (directly, or from a
  name given one of them): a go or last-card point scored by hand.

The checker is tested on made-up snippets first, so it is known to be able to fail.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
#: Where the product's code lives outside the engine (the tests may state the rules they check).
CHECKED = ("trainer", "bench", "migrations")
#: The counts a comparison may not name: fifteen and thirty-one.
COUNTS = frozenset({15, 31})
#: The numbers arithmetic on a count may not name: the limit, and one past it (what a go reveals).
LIMITS = frozenset({31, 32})
#: The play's endings, scored only by the engine.
ENDINGS = frozenset({"GO", "LAST_CARD"})


@dataclass(frozen=True)
class Breach:
    """One place a rule is re-derived: where, and what."""

    path: str
    line: int
    what: str

    def __str__(self) -> str:
        return f"{self.path} line {self.line}: {self.what}"


def _number(node: ast.AST) -> int | None:
    """The whole number a node states, if it is one."""
    return node.value if isinstance(node, ast.Constant) and type(node.value) is int else None


def _names_an_ending(node: ast.AST) -> bool:
    """Whether an expression mentions ``GO`` or ``LAST_CARD`` (``ScoreKind.GO``, ``x if y else LAST_CARD``)."""
    return any(
        (isinstance(part, ast.Attribute) and part.attr in ENDINGS) or (isinstance(part, ast.Name) and part.id in ENDINGS)
        for part in ast.walk(node)
    )


def _is_score_item(call: ast.Call) -> bool:
    return (isinstance(call.func, ast.Name) and call.func.id == "ScoreItem") or (
        isinstance(call.func, ast.Attribute) and call.func.attr == "ScoreItem"
    )


def breaches(source: str, path: str = "<snippet>") -> list[Breach]:
    """Every place ``source`` re-derives the play's rules (see the module's docstring)."""
    tree = ast.parse(source)
    # Names bound to an ending anywhere in the module (``kind = ScoreKind.GO if ... else ...``).
    ending_names = {
        target.id
        for node in ast.walk(tree)
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None and _names_an_ending(node.value)
        for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
        if isinstance(target, ast.Name)
    }
    found: list[Breach] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            named = {_number(side) for side in [node.left, *node.comparators]} & COUNTS
            if named:
                found.append(Breach(path, node.lineno, f"a count compared with {min(named)}: ask engine.pegging"))
        elif isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub)):
            named = {_number(node.left), _number(node.right)} & LIMITS
            if named:
                found.append(Breach(path, node.lineno, f"arithmetic on {min(named)}: ask engine.pegging"))
        elif isinstance(node, ast.Call) and _is_score_item(node):
            kind = node.args[0] if node.args else next((k.value for k in node.keywords if k.arg == "kind"), None)
            if kind is not None and (
                _names_an_ending(kind) or (isinstance(kind, ast.Name) and kind.id in ending_names)
            ):
                found.append(Breach(path, node.lineno, "a go or last-card point scored: use engine.pegging.ending_item"))
    return found


@pytest.mark.parametrize(
    "snippet, what",
    [
        ("if count != 31:\n    pass", "compared with 31"),
        ("legal = [c for c in hand if count + c.value <= 31]", "compared with 31"),
        ("fifteen = 15 == total", "compared with 15"),
        ("while count < 31:\n    pass", "compared with 31"),
        ("minimum = 32 - count", "arithmetic on 32"),
        ("room = 31 - pile_count(pile)", "arithmetic on 31"),
        ("item = ScoreItem(ScoreKind.GO, (card,), 1)", "go or last-card"),
        ("item = scoring.ScoreItem(kind=ScoreKind.LAST_CARD, cards=(card,), points=1)", "go or last-card"),
        ("kind = ScoreKind.LAST_CARD if last else ScoreKind.GO\nextra = (ScoreItem(kind, (card,), 1),)", "go or last-card"),
    ],
)
def test_the_checker_finds_a_rule_worked_out_by_hand(snippet, what):
    (found,) = breaches(snippet)
    assert what in found.what


@pytest.mark.parametrize(
    "snippet",
    [
        "if count == MAX_COUNT:\n    pass",
        "legal = playable(hand, count)",
        "minimum = least_value_after_go(count)",
        "seed = rng.randrange(2**31)",
        "limits = {ScoreKind.RUN: 15}",
        "item = ScoreItem(ScoreKind.FIFTEEN, cards, 2)",
        "extra = ending_item(pile, ScoreKind.GO)",
        "if points > 29:\n    pass",
    ],
)
def test_the_checker_lets_the_engines_answers_and_other_numbers_be(snippet):
    assert breaches(snippet) == []


def _modules() -> list[Path]:
    return sorted(
        path for folder in CHECKED for path in (ROOT / folder).rglob("*.py") if "__pycache__" not in path.parts
    )


def test_nothing_outside_the_engine_works_out_the_plays_rules_by_hand():
    found = [
        breach
        for path in _modules()
        for breach in breaches(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
    ]
    assert not found, "\n".join(map(str, found))


def test_the_modules_checked_include_the_drills():
    names = {path.relative_to(ROOT).as_posix() for path in _modules()}
    assert {"trainer/drills/deal.py", "trainer/drills/grading.py", "trainer/web/pegging.py"} <= names
