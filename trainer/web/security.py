"""Hardening every page shares: security headers with a strict Content
Security Policy, no caching of pages, bounded request bodies, the pages for
too many tries (429) and too large a body (413), and redirects that stay on
this site.

The policy allows scripts, styles and images from this site only (plus
``data:`` images), so templates hold no inline ``<script>``, no ``on...=``
handler and no ``style="..."``: CSS and JS live in ``trainer/web/static/``.

Tries (sign-in, sign-up) are counted in the database (:mod:`trainer.record.tries`),
so every worker and host shares the counts.  Limits are per client
address as the app sees it: behind reverse proxies or a load balancer, set
``TRUSTED_PROXIES`` (``CRIB_TRUSTED_PROXIES``) to how many there are, so the address (and the scheme) is
read from their ``X-Forwarded-For`` (``X-Forwarded-Proto``) headers; else
every visitor shares the proxy's limit.  Never set it without a proxy in
front: a client could then claim any address.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping
from urllib.parse import urlsplit

from flask import Flask, Response, render_template, request
from werkzeug.exceptions import HTTPException
from werkzeug.middleware.proxy_fix import ProxyFix

from trainer.language.i18n import gettext as _

#: Everything from this site only; nothing inline; no framing; forms post here only.
CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "frame-ancestors 'none'",
        "form-action 'self'",
        "base-uri 'none'",
        "object-src 'none'",
    ]
)

SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
}

#: The largest request body the app reads (its forms are a few kilobytes); the
#: servers of ``crib serve`` refuse larger ones before reading them.
MAX_CONTENT_LENGTH = 1 << 20


def init_app(app: Flask) -> None:
    """Add the security headers to every response, bound request bodies, and answer 413 and 429 with a page."""
    if app.config.get("MAX_CONTENT_LENGTH") is None:  # Flask's default: no limit
        app.config["MAX_CONTENT_LENGTH"] = MAX_CONTENT_LENGTH
    proxies = app.config.get("TRUSTED_PROXIES", 0)
    if proxies:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies, x_proto=proxies)  # type: ignore[method-assign]  # Flask's documented way
    app.after_request(secure_headers)
    app.register_error_handler(429, _too_many_tries)
    app.register_error_handler(413, _too_large)


def as_proxied(app: Flask, environ: dict[str, Any]) -> dict[str, Any]:
    """A copy of the WSGI ``environ`` as the app's views see it behind its trusted proxies
    (the client's address and scheme from their headers, as :func:`init_app` sets up), for
    code that reads a request before the app does (``crib serve``'s live streams)."""
    proxies = app.config.get("TRUSTED_PROXIES", 0)
    if not proxies:
        return dict(environ)
    seen: dict[str, Any] = {}

    def keep(fixed: dict[str, Any], start_response: Any) -> Iterable[bytes]:
        seen.update(fixed)
        return []

    def unused(*args: Any) -> Any:  # nothing is answered: only the environ is wanted
        return None

    ProxyFix(keep, x_for=proxies, x_proto=proxies)(dict(environ), unused)
    return seen


def trusted_proxies(environ: Mapping[str, str]) -> int:
    """``CRIB_TRUSTED_PROXIES`` from the environment: how many proxies stand in front (default 0).

    >>> trusted_proxies({"CRIB_TRUSTED_PROXIES": "1"}), trusted_proxies({})
    (1, 0)
    >>> trusted_proxies({"CRIB_TRUSTED_PROXIES": "many"})
    Traceback (most recent call last):
    ValueError: CRIB_TRUSTED_PROXIES must be how many proxies stand in front of the trainer (0 to 9), not 'many'
    """
    text = environ.get("CRIB_TRUSTED_PROXIES", "").strip() or "0"
    if not (text.isdecimal() and len(text) == 1):
        raise ValueError(
            "CRIB_TRUSTED_PROXIES must be how many proxies stand in front of the trainer (0 to 9),"
            f" not {environ['CRIB_TRUSTED_PROXIES']!r}"
        )
    return int(text)


def secure_headers(response: Response) -> Response:
    """The security headers on one response, no server banner, and no caching of
    pages: a page shows one learner's work and holds a form token, so neither a
    shared cache nor the browser's back button after signing out may show it again.
    Static files keep the caching they have."""
    response.headers.update(SECURITY_HEADERS)
    response.headers.pop("Server", None)
    if request.endpoint != "static":
        response.headers.setdefault("Cache-Control", "no-store")
    return response


def _too_many_tries(error: HTTPException) -> tuple[str, int]:
    message = _("Too many tries in a short time. Please wait a few minutes, then try again.")
    return render_template("error.html", title=_("Too many tries"), message=message), 429


def _too_large(error: HTTPException) -> tuple[str, int]:
    message = _("That was far more than any form here sends, so it was not read. Please go back and try again.")
    return render_template("error.html", title=_("Too much sent"), message=message), 413


def local_path(target: object) -> str | None:
    """``target`` if it is a path on this site (to redirect to), else None.

    Only printable ASCII, starting with one ``/``, no backslash and no scheme
    or host once parsed: browsers drop tabs and newlines and read ``\\`` as
    ``/``, so ``/<TAB>/evil.example`` or ``/\\evil.example`` would leave the site.

    >>> local_path("/show/?mode=category")
    '/show/?mode=category'
    >>> [local_path(t) for t in ("//evil.example", "/\\\\evil.example", "/\\t/evil.example", "https://evil.example/")]
    [None, None, None, None]
    """
    if not isinstance(target, str) or not target.startswith("/") or len(target) > 2048:
        return None
    if not all("!" <= c <= "~" for c in target) or "\\" in target:
        return None
    parts = urlsplit(target)
    if parts.scheme or parts.netloc or target.startswith("//"):
        return None
    return target
