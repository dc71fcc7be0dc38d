"""The ``crib`` console command.

Each subcommand lives in its own module under :mod:`trainer.commands` and
registers itself with :func:`register`.  Engine subcommands import only the
engine, so they start quickly; ``serve`` imports the web app when it runs.
Bad input exits with status 2 and one line on stderr, never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from pathlib import Path
from typing import Any, Callable, NoReturn, Sequence

#: Each subcommand and the module whose ``register(subparsers)`` adds it, in
#: help order.  Only the module of the command being run is imported, so a
#: quick command never pays for another's heavy imports (numpy, the web stack).
COMMANDS = {
    "score": "trainer.commands.score",
    "peg": "trainer.commands.score",
    "stats": "trainer.commands.score",
    "discard": "trainer.commands.discard",
    "pegging": "trainer.commands.pegging",
    "selfplay": "trainer.commands.selfplay",
    "winprob": "trainer.commands.winprob",
    "keeps": "trainer.commands.keeps",
    "analyse": "trainer.commands.analyse",
    "serve": "trainer.commands.serve",
    "db": "trainer.commands.db",
    "demo-data": "trainer.commands.demo_data",
    "calibration": "trainer.commands.calibration",
    "i18n": "trainer.commands.i18n",
}


class UsageError(Exception):
    """Bad command-line input: printed as one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line, not argparse's usage block
        raise UsageError(f"{self.prog}: {message}")


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The ``crib`` parser: with ``command``, only that command's module is
    loaded; otherwise (help, a typo) every command is."""
    parser = _Parser(prog="crib", description="Cribbage scoring trainer and engine.")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    subparsers.required = True
    modules = [COMMANDS[command]] if command in COMMANDS else COMMANDS.values()
    for name in dict.fromkeys(modules):
        importlib.import_module(name).register(subparsers)
    return parser


def emit(data: Any, as_json: bool, render: Callable[[Any], str]) -> None:
    """Print ``data`` as one JSON document, or as the text ``render`` makes of it."""
    if as_json:
        json.dump(data, sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(render(data).rstrip("\n") + "\n")


def progress_line(unit: str) -> Callable[[int, int], None]:
    """A progress callback that redraws "done/total unit" on one line of stderr."""

    def show(done: int, total: int) -> None:
        sys.stderr.write(f"\r{done}/{total} {unit}")
        sys.stderr.flush()

    return show


def add_build_options(parser: argparse.ArgumentParser, *, unit: str, deals: int, out: Path) -> None:
    """The options of a command that measures an engine data file by playing (``--build``)."""
    parser.add_argument("--deals", type=int, default=deals, help=f"{unit} to measure with --build (default {deals})")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes for --build")
    parser.add_argument("--out", type=Path, default=out, help="where --build writes the data")
    parser.add_argument("--json", action="store_true", help="print one JSON document")


def check_build(args: argparse.Namespace, *, unit: str, at_least: int) -> None:
    """Refuse a ``--build`` too small to measure anything, or with no worker."""
    if args.deals < at_least:
        raise ValueError(f"measure at least {at_least} {unit}")
    if args.jobs < 1:
        raise ValueError("jobs must be at least 1")


def write_data(path: Path, data: Any) -> None:
    """Write an engine data file as compact JSON, making its folder."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")


def table(rows: Sequence[Sequence[Any]], headers: Sequence[str], align: str = "") -> str:
    """A plain text table; ``align`` has one 'l' or 'r' per column (default left)."""
    cells = [[str(h) for h in headers]] + [[str(c) for c in row] for row in rows]
    widths = [max(len(row[i]) for row in cells) for i in range(len(headers))]
    align = align or "l" * len(headers)

    def line(row: Sequence[str]) -> str:
        parts = [c.rjust(w) if a == "r" else c.ljust(w) for c, w, a in zip(row, widths, align)]
        return "  ".join(parts).rstrip()

    rule = "  ".join("-" * w for w in widths)
    return "\n".join([line(cells[0]), rule] + [line(row) for row in cells[1:]])


def main(argv: Sequence[str] | None = None) -> int:
    try:
        argv = sys.argv[1:] if argv is None else list(argv)
        # The top-level parser takes no options but --help, so the first
        # word that is not an option names the command.
        command = next((word for word in argv if not word.startswith("-")), None)
        args = build_parser(command).parse_args(argv)
        return args.func(args) or 0
    except (UsageError, ValueError) as error:
        print(f"crib: {error}" if not str(error).startswith("crib") else str(error), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("crib: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
