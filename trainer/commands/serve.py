"""``crib serve``: start the web trainer."""

from __future__ import annotations

import argparse


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("serve", help="start the web trainer")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=5000)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from trainer.web import serve  # the web stack loads only for this command

    serve(host=args.host, port=args.port)
    return 0
