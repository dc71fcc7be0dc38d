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
from typing import Any, Callable, Sequence

#: The modules whose ``register(subparsers)`` adds subcommands, in help order.
COMMAND_MODULES = (
    "trainer.commands.score",
    "trainer.commands.serve",
    "trainer.commands.discard",
    "trainer.commands.selfplay",
    "trainer.commands.pegging",
)


class UsageError(Exception):
    """Bad command-line input: printed as one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, not argparse's usage block
        raise UsageError(f"{self.prog}: {message}")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="crib", description="Cribbage scoring trainer and engine.")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    subparsers.required = True
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(subparsers)
    return parser


def emit(data: Any, as_json: bool, render: Callable[[Any], str]) -> None:
    """Print ``data`` as one JSON document, or as the text ``render`` makes of it."""
    if as_json:
        json.dump(data, sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(render(data).rstrip("\n") + "\n")


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
        args = build_parser().parse_args(argv)
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
