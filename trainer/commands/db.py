"""``crib db upgrade``: migrate the trainer's database to the newest schema.

``crib serve`` does this at every start (under a lock, so several starting
together are safe); run it explicitly before starting servers with
``CRIB_MIGRATE=0``, e.g. in a deployment step.
"""

from __future__ import annotations

import argparse


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("db", help="the trainer's database", description=__doc__.split("\n\n")[0])
    actions = parser.add_subparsers(dest="action", metavar="ACTION")
    actions.required = True
    what = "migrate DATABASE_URL (default: the SQLite file in the per-user data folder) to the newest schema"
    upgrade = actions.add_parser("upgrade", help=what, description=what[0].upper() + what[1:] + ".")
    upgrade.set_defaults(func=run_upgrade)


def run_upgrade(args: argparse.Namespace) -> int:
    from trainer.web.serving import upgrade  # the web stack loads only for this command

    print(upgrade())
    return 0
