"""How long the coach's hint takes (issue 14): median and 90th percentile.

    python bench/bench_coach.py [games]

Two measures:

1. **The hint itself** (:func:`trainer.play.coach.analysis_for` and
   :func:`trainer.play.coach.hint`): ``games`` games to 121 of insane against
   insane, timing the hint at every discard of seat 0 and at every card it
   plays where two or more cards fit (the analysis graded with, and the
   chance to win of each option).
2. **The table page in the browser's place**: a learner with the coach on
   plays games against the easy bot through the app (Flask's test client, a
   temporary SQLite database), and each page where they discard or choose a
   card is fetched with the coach off and on: the time the browser waits
   for, and what the coach adds to it; and the move that follows (POST: the
   discard or card graded, its chance to win noted for the review, and the
   next decision analysed, kept with the seat for its hint and its grading).

Target: a hint under 300 ms in the browser.
"""

from __future__ import annotations

import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

from engine.analysis.winprob import table_for
from engine.bots.levels import Bot
from engine.game import Action, Automation, Game
from engine.players import PlayerView, take_turn
from engine.rules import STANDARD
from trainer import database
from trainer.play import coach
from trainer.record import learners, table_settings
from trainer.web import create_app

LEARNER = 0

CSRF = re.compile(r'name="csrf_token" (?:type="hidden" )?value="([^"]+)"')


def describe(times: list[float]) -> str:
    if not times:
        return "none"
    times = sorted(times)
    p90 = times[int(0.9 * (len(times) - 1))]
    return f"median {statistics.median(times):6.1f} ms   90th percentile {p90:6.1f}   max {times[-1]:6.1f}   n={len(times)}"


def time_hints(games: int) -> dict[str, list[float]]:
    times: dict[str, list[float]] = {"discard": [], "play": []}
    for number in range(games):
        game = Game(STANDARD, 1000 + number, automate=Automation.CUT_FOR_DEAL)
        players = [Bot("insane", seed=number), Bot("insane", seed=number + 7)]
        while not game.is_over:
            action = game.awaits(LEARNER)
            kind = None
            if action is Action.DISCARD:
                kind = "discard"
            elif action is Action.PLAY and len(game.legal_plays(LEARNER)) > 1:
                kind = "play"
            if kind:
                started = time.perf_counter()
                view = PlayerView.of(game, LEARNER)
                hint = coach.hint(view, action, coach.analysis_for(view, action, number, None, chances=True))
                times[kind].append(1000 * (time.perf_counter() - started))
                assert hint is not None
            take_turn(game, players)
    return times


class Client:
    """A learner in the app through the test client."""

    def __init__(self, app) -> None:
        self.app = app
        self.client = app.test_client()

    def token(self, path: str) -> str:
        return CSRF.search(self.client.get(path).get_data(as_text=True)).group(1)

    def post(self, path: str, data: dict, page: str):
        return self.client.post(path, data={"csrf_token": self.token(page), **data})

    def coach(self, on: bool) -> None:
        with self.app.app_context():
            learner = learners.learner_by_name("Bench")
            table_settings.save_settings(learner.id, table_settings.TableSettings(
                animation=table_settings.Animation.OFF, coach=on))
            database.commit()


def move(html: str) -> dict | None:
    """The first move the page offers (the same a hurried learner would make)."""
    version = re.search(r'name="version" value="(\d+)"', html)
    if version is None:
        return None
    data: dict = {"version": version.group(1), "csrf_token": CSRF.search(html).group(1)}
    if 'value="go"' in html:
        return data | {"action": "go"}
    if 'value="continue"' in html:
        return data | {"action": "continue"}
    if 'value="discard"' in html:
        return data | {"action": "discard", "card": re.findall(r'name="card" value="(\w+)" data-card', html)[:2]}
    if 'value="cut"' in html:
        return data | {"action": "cut"}
    if 'value="play"' in html:
        cards = re.findall(r'name="card" value="(\w+)" data-card="\w+" class="card-button"', html)
        return data | {"action": "play", "card": cards[0]}
    return None


def time_pages(games: int) -> dict[str, list[float]]:
    times: dict[str, list[float]] = {"discard off": [], "discard on": [], "discard move": [],
                                     "play off": [], "play on": [], "play move": []}
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"SECRET_KEY": "bench", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{Path(folder) / 'c.db'}",
                          "PLAY_ANIMATION": "off"})
        learner = Client(app)
        learner.post("/", {"name": "Bench"}, "/")
        for number in range(games):
            app.config["PLAY_SEED"] = number
            response = learner.post("/play/new", {"level": "easy", "variant": "six-card", "length": "121",
                                                 "counting": "automatic"}, "/play/")
            url = response.headers["Location"]
            for _ in range(2000):
                html = learner.client.get(url).get_data(as_text=True)
                kind = "discard" if 'value="discard"' in html else (
                    "play" if 'value="play"' in html and len(re.findall(r'class="card-button"', html)) > 1 else None)
                if kind:
                    for on in (False, True):
                        learner.coach(on)
                        started = time.perf_counter()
                        page = learner.client.get(url).get_data(as_text=True)
                        times[f"{kind} {'on' if on else 'off'}"].append(1000 * (time.perf_counter() - started))
                        assert ('data-testid="hint"' in page) == on
                data = move(html)
                if data is None:
                    break
                started = time.perf_counter()
                learner.client.post(url, data=data)
                if kind:  # the move graded, its chances to win noted (with the coach on or off)
                    times[f"{kind} move"].append(1000 * (time.perf_counter() - started))
    return times


def main() -> int:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    table_for(STANDARD)  # the table is solved once per process: not part of a hint
    print(f"The hint (trainer.play.coach.hint), {games} games of insane against insane to 121:")
    for kind, times in time_hints(games).items():
        print(f"  {kind:8} {describe(times)}")
    pages = max(1, games // 3)
    print(f"\nThe table page (GET, Flask test client), {pages} games against the easy bot, coach off and on:")
    for kind, times in time_pages(pages).items():
        print(f"  {kind:12} {describe(times)}")
    print("\nTarget: a hint under 300 ms in the browser.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
