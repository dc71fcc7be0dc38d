"""``crib serve``: start the web trainer."""

from __future__ import annotations

import argparse
from typing import Callable

DESCRIPTION = """Serve the web trainer. Settings from the environment: DATABASE_URL (default:
SQLite in the per-user data folder), SECRET_KEY (at least 32 characters, shared by
every host serving the same database), SESSION_COOKIE_SECURE=1 behind HTTPS,
CRIB_TRUSTED_PROXIES=1 behind a reverse proxy, CRIB_SIGN_IN_LIMIT, CRIB_SIGN_IN_NAME_LIMIT,
CRIB_SIGN_UP_LIMIT (such as 10/minute), CRIB_ACCOUNTS=1, CRIB_MIGRATE=0 (migrate with
`crib db upgrade` instead). On the open internet put a buffering reverse proxy in front."""


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("serve", help="start the web trainer", description=DESCRIPTION)
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine only)")
    parser.add_argument("--port", type=_number("port", 1, 65535), default=5000, help="default 5000")
    parser.add_argument("--workers", type=_number("workers", 1, 64), default=1,
                        help="worker processes (gunicorn; where it cannot run, more threads); default 1")
    parser.add_argument("--threads", type=_number("threads", 1, 256), default=6, help="threads per worker; default 6")
    parser.add_argument("--request-timeout", type=_number("request timeout", 1, 3600), default=20, metavar="SECONDS",
                        help="seconds a client has to send a whole request once begun (slower ones are dropped); default 20")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--accounts", dest="accounts", action="store_const", const=True, default=None,
                      help="sign-up and sign-in with passwords (the default when --host is not a loopback address)")
    mode.add_argument("--personal", dest="accounts", action="store_const", const=False,
                      help="profiles by name, no passwords (the default on loopback)")
    parser.set_defaults(func=run)


def _number(name: str, low: int, high: int) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{name} must be a whole number, not {text!r}") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{name} must be from {low} to {high}, not {value}")
        return value

    return parse


def run(args: argparse.Namespace) -> int:
    from trainer.web.serving import ServeOptions, serve  # the web stack loads only for this command

    serve(ServeOptions(host=args.host, port=args.port, workers=args.workers, threads=args.threads,
                       accounts=args.accounts, request_timeout=args.request_timeout))
    return 0
