"""The linter and the type checker, run from the suite so the README's one test command covers them.

Both read their settings from pyproject.toml ([tool.ruff], [tool.mypy]). Each test is skipped, with
a message saying how to install it, when its tool is missing (they come with the `test` extras).
"""

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _run(tool: str, *arguments: str) -> subprocess.CompletedProcess[str]:
    """Run `python -m tool arguments` at the top of the checkout, skipping if the tool isn't installed."""
    if importlib.util.find_spec(tool) is None:
        pytest.skip(f"{tool} is not installed: pip install -e '.[test]'")
    return subprocess.run(
        [sys.executable, "-m", tool, *arguments], cwd=ROOT, capture_output=True, text=True, timeout=300
    )


def test_ruff_finds_nothing():
    result = _run("ruff", "check", "--no-cache", "--output-format", "concise", ".")
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.slow
def test_mypy_passes_on_the_engine_and_the_trainer():
    # The cache lives outside the checkout (a fresh run takes ~10 s; a warm one ~1 s).
    result = _run("mypy", "--cache-dir", str(Path(sys.prefix) / ".mypy_cache"), "engine", "trainer")
    assert result.returncode == 0, result.stdout + result.stderr


def unclosed_blocks(css: str) -> list[int]:
    """The lines where a ``{`` opens a block that the stylesheet never closes (CSS closes
    them silently at its end, so a missing ``}`` makes every later rule part of that block).

    >>> unclosed_blocks("@media (x) {\\n  a { b: c; }\\n/* } */\\nd { e: f; }\\n")
    [1]
    >>> unclosed_blocks('a { content: "{"; }')
    []
    """
    css = re.sub(r"/\*.*?\*/", lambda comment: "\n" * comment.group().count("\n"), css, flags=re.S)
    css = re.sub(r'"(?:\\.|[^"\\])*"|\'(?:\\.|[^\'\\])*\'', '""', css)
    opened: list[int] = []
    for number, line in enumerate(css.split("\n"), start=1):
        for character in line:
            if character == "{":
                opened.append(number)
            elif character == "}" and opened:
                opened.pop()
    return opened


@pytest.mark.parametrize("sheet", sorted((ROOT / "trainer" / "web" / "static").glob("*.css")), ids=lambda p: p.name)
def test_every_block_of_every_stylesheet_is_closed(sheet):
    assert unclosed_blocks(sheet.read_text(encoding="utf-8")) == []
