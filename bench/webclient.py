"""A learner's browser for the web benchmarks: cookies, CSRF tokens, one timed
request at a time (redirects are followed as separate, separately timed requests).

Used by ``bench_web.py`` (one client, latency per route) and ``load_test.py``
(many clients at once).  Only the standard library, so the benchmarks run in
the project's own virtual environment.
"""

from __future__ import annotations

import http.cookiejar
import random
import re
import time
import urllib.error
import urllib.parse
import urllib.request
from collections import defaultdict
from dataclasses import dataclass, field

CSRF = re.compile(r'name="csrf_token" (?:type="hidden" )?value="([^"]+)"')
FORM = re.compile(r"<form\b[^>]*>.*?</form>", re.S)
VERSION = re.compile(r'name="version" value="(\d+)"')


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


@dataclass
class Response:
    status: int
    location: str
    text: str


@dataclass
class Timings:
    """Seconds per route, and the requests that failed (5xx, or a network error)."""

    seconds: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    errors: dict[str, int] = field(default_factory=lambda: defaultdict(int))

    def merge(self, other: "Timings") -> None:
        for route, values in other.seconds.items():
            self.seconds[route].extend(values)
        for route, count in other.errors.items():
            self.errors[route] += count


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def report(timings: Timings, wall: float | None = None) -> str:
    """A table of requests, median and 99th percentile per route (milliseconds)."""
    lines = [f"{'route':28} {'requests':>8} {'errors':>6} {'p50 ms':>8} {'p99 ms':>8}"
             + (f" {'req/s':>7}" if wall else "")]
    for route in sorted(timings.seconds):
        values = timings.seconds[route]
        line = (f"{route:28} {len(values):8d} {timings.errors.get(route, 0):6d} "
                f"{1000 * percentile(values, 0.5):8.1f} {1000 * percentile(values, 0.99):8.1f}")
        lines.append(line + (f" {len(values) / wall:7.1f}" if wall else ""))
    return "\n".join(lines)


class Learner:
    """One learner in one browser: signs in, practises, plays."""

    def __init__(self, base_url: str, timings: Timings | None = None, rng: random.Random | None = None) -> None:
        self.base = base_url.rstrip("/")
        self.timings = timings if timings is not None else Timings()
        self.rng = rng or random.Random()
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()), _NoRedirect()
        )

    def request(self, route: str, path: str, data: dict | list | None = None) -> Response:
        """One request, timed under ``route``; a 5xx or a network error counts as an error."""
        body = None if data is None else urllib.parse.urlencode(data, doseq=True).encode()
        url = path if path.startswith("http") else self.base + path
        started = time.perf_counter()
        try:
            with self.opener.open(urllib.request.Request(url, data=body), timeout=30) as reply:
                response = Response(reply.status, reply.headers.get("Location", ""), reply.read().decode())
        except urllib.error.HTTPError as error:
            response = Response(error.code, error.headers.get("Location", ""), error.read().decode(errors="replace"))
        except OSError:
            self.timings.errors[route] += 1
            raise
        self.timings.seconds[route].append(time.perf_counter() - started)
        if response.status >= 500:
            self.timings.errors[route] += 1
        return response

    def follow(self, route: str, response: Response) -> Response:
        """The page a redirect points to (timed under ``route``)."""
        if response.status in (301, 302, 303) and response.location:
            return self.request(route, response.location)
        return response

    @staticmethod
    def token(page: str) -> str:
        match = CSRF.search(page)
        if not match:
            raise RuntimeError("no CSRF token on the page")
        return match.group(1)

    # ------------------------------------------------------------ signing in

    def sign_in(self, name: str, password: str | None = None) -> None:
        """Personal mode: pick the profile by name; server mode: the sign-in form."""
        home = self.request("GET /", "/")
        if password is None:
            reply = self.request("POST / (profile)", "/", {"name": name, "csrf_token": self.token(home.text)})
        else:
            page = self.request("GET /signin", "/signin")
            reply = self.request("POST /signin", "/signin", {
                "name": name, "password": password, "csrf_token": self.token(page.text)})
        if reply.status != 302:
            raise RuntimeError(f"signing in as {name} failed ({reply.status})")

    # ------------------------------------------------------------ drills

    def review(self) -> Response:
        return self.request("GET /review/", "/review/")

    def count_drill(self) -> None:
        """Deal the next hand, open it, answer a total, read the result."""
        dealt = self.request("GET /show/ (deal)", "/show/")
        page = self.follow("GET /show/<id>", dealt)
        drill = dealt.location
        answered = self.request("POST /show/<id> (answer)", drill, {
            "total": str(self.rng.choice([0, 2, 4, 6, 8, 12])), "csrf_token": self.token(page.text)})
        self.follow("GET /show/result/<id>", answered)

    def pegging_drill(self) -> None:
        dealt = self.request("GET /pegging/ (deal)", "/pegging/")
        page = self.follow("GET /pegging/<id>", dealt)
        answered = self.request("POST /pegging/<id> (answer)", dealt.location, {
            "count": "15", "points": str(self.rng.choice([0, 1, 2])), "csrf_token": self.token(page.text)})
        self.follow("GET /pegging/result/<id>", answered)

    # ------------------------------------------------------------ games

    def new_game(self) -> str:
        page = self.request("GET /play/", "/play/")
        started = self.request("POST /play/new", "/play/new", {
            "level": "easy", "variant": "six-card", "length": "61", "counting": "automatic", "skunks": "on",
            "csrf_token": self.token(page.text)})
        if started.status != 302:
            raise RuntimeError(f"no game started ({started.status})")
        return started.location

    def game_move(self, table_url: str) -> str | None:
        """Read the table and make the learner's move (None: the game is over)."""
        page = self.request("GET /play/<id>", table_url)
        if "See the results" in page.text:
            return None
        fields = self._move(page.text)
        if fields is None:
            return None
        reply = self.request("POST /play/<id> (move)", table_url, fields)
        return table_url if reply.status in (200, 302) else None

    def _move(self, page: str) -> list[tuple[str, str]] | None:
        """The fields of the first form on the table that moves the game on."""
        for form in FORM.findall(page):
            version = VERSION.search(form)
            if version is None:
                continue
            base = [("csrf_token", self.token(form)), ("version", version.group(1))]
            if 'value="continue"' in form:
                return base + [("action", "continue")]
            if 'value="discard"' in form:
                cards = re.findall(r'name="card" value="([^"]+)"', form)
                return base + [("action", "discard")] + [("card", c) for c in cards[:2]]
            if 'value="cut"' in form:
                return base + [("action", "cut"), ("lift", "20")]
            if 'value="play"' in form:
                legal = re.findall(r'name="card" value="([^"]+)" data-card="[^"]+" class="card-button"', form)
                if legal:
                    return base + [("action", "play"), ("card", legal[0])]
            if 'value="accept"' in form:
                return base + [("action", "accept")]
        return None
