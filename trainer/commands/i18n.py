"""``crib i18n``: the translations' state, for a translator.

    crib i18n check [--lang ru]          # what is missing, unused or malformed; exit 1 if anything
    crib i18n todo --lang ru [PATH ...]  # a .po file of the untranslated messages (of these files) to fill
    crib i18n text                       # template words no translation function wraps
"""

from __future__ import annotations

import argparse
import sys


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("i18n", help="the translations' state", description=__doc__.split("\n\n")[0])
    actions = parser.add_subparsers(dest="action", metavar="ACTION")
    actions.required = True
    check = actions.add_parser("check", help="list missing, unused and malformed translations")
    check.add_argument("--lang", default="ru")
    check.set_defaults(func=run_check)
    todo = actions.add_parser("todo", help="print a .po file of the untranslated messages")
    todo.add_argument("--lang", default="ru")
    todo.add_argument("paths", nargs="*", help="only messages found in these files (e.g. templates/show/drill.html)")
    todo.set_defaults(func=run_todo)
    text = actions.add_parser("text", help="list template words outside any translation function")
    text.set_defaults(func=run_text)


def run_check(args: argparse.Namespace) -> int:
    from trainer.language import catalogs  # Babel's extractors load only for this command

    found = catalogs.extract_messages()
    problems = [f"missing: {entry.id!r} ({entry.locations[0][0]}:{entry.locations[0][1]})"
                for entry in catalogs.missing(args.lang, found)]
    problems += [f"unused: {message!r}" for message in catalogs.unused(args.lang, found)]
    problems += [f"placeholders: {problem}" for problem in catalogs.bad_placeholders(args.lang)]
    problems += [f"twice: {problem}" for problem in catalogs.duplicates(args.lang)]
    problems += [f"untranslated text: {problem}" for problem in catalogs.untranslated_template_text()]
    for problem in problems:
        print(problem)
    print(f"{len(found)} messages; {len(problems)} problems", file=sys.stderr)
    return 1 if problems else 0


def run_todo(args: argparse.Namespace) -> int:
    from trainer.language import catalogs

    wanted = [path.rstrip("/") for path in args.paths]
    entries = [
        entry for entry in catalogs.missing(args.lang)
        if not wanted or any(where == path or where.startswith(path + "/") for where, _ in entry.locations
                             for path in wanted)
    ]
    sys.stdout.buffer.write(catalogs.skeleton(entries, args.lang))
    return 0


def run_text(args: argparse.Namespace) -> int:
    from trainer.language import catalogs

    problems = catalogs.untranslated_template_text()
    for problem in problems:
        print(problem)
    return 1 if problems else 0
