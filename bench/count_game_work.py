"""The work one game move costs: a POST and the GET of the page after it, with the coach on.

    python bench/count_game_work.py [moves]

Plays the first ``moves`` moves (default 40) of a two-player game to 121 against
the easy bot through the app (Flask's test client, a temporary SQLite
database), as a learner with the coach on, and counts for each POST + GET:
the SQL statements sent, those reading the saved game, the saved games parsed
(``Game.from_dict``) and the coach's analyses worked out (a discard's, a
card's with two cards or more to weigh).  Prints the counts by kind of move.

Target (issue 18): one read and one parse of the game per request, and one
analysis per decision (shown as the hint, then graded).
"""

from __future__ import annotations

import re
import statistics
import sys
import tempfile
from collections import Counter, defaultdict
from pathlib import Path

from sqlalchemy import event

from engine.game import Game
from trainer import database
from trainer.database import db
from trainer.play import coach
from trainer.record import learners, table_settings
from trainer.web import create_app

CSRF = re.compile(r'name="csrf_token" (?:type="hidden" )?value="([^"]+)"')
CARD = re.compile(r'name="card" value="(\w+)" data-card="\w+" class="card-button"')


class Counts:
    """What the app did since the last :meth:`take`."""

    def __init__(self) -> None:
        self.statements: list[str] = []
        self.tally: Counter[str] = Counter()

    def take(self) -> dict[str, int]:
        reads = sum(1 for s in self.statements if s.lstrip().upper().startswith("SELECT") and "FROM saved_game" in s)
        taken = {"SQL statements": len(self.statements), "SELECT saved_game": reads,
                 "Game.from_dict": self.tally["parsed"], "analyses": self.tally["analyses"]}
        self.statements.clear()
        self.tally.clear()
        return taken


def instrument(counts: Counts) -> None:
    parse = Game.from_dict.__func__  # type: ignore[attr-defined]

    def parsed(cls: type[Game], data: dict) -> Game:
        counts.tally["parsed"] += 1
        return parse(cls, data)

    Game.from_dict = classmethod(parsed)  # type: ignore[method-assign, assignment]
    for name in ("discard_analysis", "play_analysis"):
        analyse = getattr(coach, name)

        def analysed(*args, _analyse=analyse, **kwargs):
            result = _analyse(*args, **kwargs)
            counts.tally["analyses"] += bool(result.options)
            return result

        setattr(coach, name, analysed)


def main() -> int:
    moves = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    counts = Counts()
    instrument(counts)
    by_kind: dict[str, list[dict[str, int]]] = defaultdict(list)
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"SECRET_KEY": "bench", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{Path(folder) / 'w.db'}",
                          "PLAY_ANIMATION": "off", "PLAY_SEED": 11})
        client = app.test_client()

        def token(path: str) -> str:
            return CSRF.search(client.get(path).get_data(as_text=True)).group(1)

        client.post("/", data={"name": "Bench", "csrf_token": token("/")})
        with app.app_context():
            learner = learners.learner_by_name("Bench")
            table_settings.save_settings(learner.id, table_settings.TableSettings(
                animation=table_settings.Animation.OFF, coach=True))
            database.commit()
            engine = db.engine
        url = client.post("/play/new", data={"csrf_token": token("/play/"), "level": "easy", "variant": "six-card",
                                             "length": "121", "counting": "automatic"}).headers["Location"]
        html = client.get(url).get_data(as_text=True)
        event.listen(engine, "before_cursor_execute",
                     lambda conn, cursor, statement, *rest: counts.statements.append(statement))
        counts.take()
        for _ in range(moves):
            form = {"csrf_token": CSRF.search(html).group(1),
                    "version": re.search(r'name="version" value="(\d+)"', html).group(1)}
            if 'value="discard"' in html:
                kind, form = "discard", form | {
                    "action": "discard", "card": re.findall(r'name="card" value="(\w+)" data-card', html)[:2]}
            elif 'value="play"' in html:
                cards = CARD.findall(html)
                kind, form = ("play" if len(cards) > 1 else "play (one card)"), form | {"action": "play",
                                                                                    "card": cards[0]}
            else:
                kind = next((a for a in ("go", "continue", "cut") if f'value="{a}"' in html), "")
                if not kind:
                    break
                form |= {"action": kind}
            client.post(url, data=form)
            html = client.get(url).get_data(as_text=True)
            by_kind[kind].append(counts.take())
    decisions = len(by_kind["discard"]) + len(by_kind["play"])
    analyses = sum(t["analyses"] for taken in by_kind.values() for t in taken)
    print(f"One POST and the GET after it, coach on ({sum(map(len, by_kind.values()))} moves), median per pair:")
    columns = ("SQL statements", "SELECT saved_game", "Game.from_dict", "analyses")
    print(f"  {'move':16}" + "".join(f"{c:>19}" for c in columns))
    for kind, taken in sorted(by_kind.items()):
        print(f"  {kind:16}" + "".join(f"{statistics.median(t[c] for t in taken):>19g}" for c in columns)
              + f"   n={len(taken)}")
    print(f"  analyses in all: {analyses} for {decisions} decisions weighed (discards, cards with a choice)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
