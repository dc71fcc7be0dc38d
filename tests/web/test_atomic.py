"""Writes that race, and writes that fail half way.

Two requests "at once" are two threads, each with its own test client (the
same learner's cookie), so each has its own app context, database session and
connection, as two server threads would.  To make them truly overlap, both are
held after reading until the other has read too (:func:`meet_after_reading`):
then both write over what they read.
"""

from __future__ import annotations

import json
import re
import signal
import subprocess
import sys
import threading

import pytest
from sqlalchemy import event, func, select

from engine.game import Game
from engine.players import RandomPlayer, play_game
from trainer.database import db
from trainer.play import choices, games
from trainer.play.models import GameSeat, SavedGame
from trainer.record import attempts, history, learners, pending_drills, stats
from trainer.record.attempts import DrillKind
from trainer.record.models import Attempt

from . import test_solitaire as solitaire
from .helpers import hidden_csrf_token, page_text
from .test_play import start
from .test_show import open_deal


def twin(app, client):
    """Another test client signed in as the same learner (the same session cookie)."""
    other = app.test_client()
    other.set_cookie("session", client.get_cookie("session").value)
    return other


def at_once(*calls):
    """Run each call in its own thread, all at once; their results, in order."""
    results: list = [None] * len(calls)
    errors: list = []

    def run(index, call):
        try:
            results[index] = call()
        except BaseException as error:  # re-raised in the test's thread
            errors.append(error)

    threads = [threading.Thread(target=run, args=(i, call)) for i, call in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    if errors:
        raise errors[0]
    return results


def meet_after_reading(monkeypatch, owner, name: str, parties: int = 2, *, before: bool = False) -> None:
    """Hold each thread after its first call of ``owner.name`` (``before``: at
    its start) until ``parties`` threads have come that far: they all read
    before any of them writes.  A thread that never comes breaks the barrier,
    which fails its request and so the test: the race is run, or nothing is."""
    barrier = threading.Barrier(parties, timeout=60)  # a guard against a hang, not a time the test allows
    local = threading.local()
    original = getattr(owner, name)

    def meet() -> None:
        if db.engine.dialect.name == "sqlite":
            return  # a request that writes takes SQLite's write lock first: the second waits to read
        if not getattr(local, "met", False):
            local.met = True
            barrier.wait()  # BrokenBarrierError: the other thread did not come, and the race did not happen

    def read_then_wait(*args, **kwargs):
        if before:
            meet()
        result = original(*args, **kwargs)
        meet()
        return result

    monkeypatch.setattr(owner, name, read_then_wait)


def test_two_claims_posted_at_once_are_both_kept(app, learner, monkeypatch):
    location = open_deal(app, learner, "4C 5D 6H KC", "5S", mode="claims")
    token = hidden_csrf_token(learner.client.get(location).get_data(as_text=True))
    other = twin(app, learner.client)
    meet_after_reading(monkeypatch, pending_drills, "pending_drill")
    claims = ({"card": ["5D", "KC"], "kind": "fifteen"}, {"card": ["5S", "KC"], "kind": "fifteen"})
    responses = at_once(
        *(lambda c=c, data=data: c.post(location + "/claim", data={"csrf_token": token, **data})
          for c, data in zip((learner.client, other), claims))
    )
    assert [r.status_code for r in responses] == [302, 302]
    monkeypatch.undo()
    with app.app_context():
        pending = pending_drills.pending_drill(location.rsplit("/", 1)[1], learners.learner_by_name("Ann").id, DrillKind.SHOW)
    assert sorted(pending.payload["claims"]) == [["fifteen", "5D KC"], ["fifteen", "5S KC"]]
    assert pending.version == 2


def test_a_claim_and_its_removal_at_once_both_land(app, learner, monkeypatch):
    location = open_deal(app, learner, "4C 5D 6H KC", "5S", mode="claims")
    learner.post(location + "/claim", {"card": ["4C", "5D", "6H"], "kind": "run"}, page=location)
    token = hidden_csrf_token(learner.client.get(location).get_data(as_text=True))
    other = twin(app, learner.client)
    meet_after_reading(monkeypatch, pending_drills, "pending_drill")
    at_once(
        lambda: learner.client.post(location + "/claim", data={"csrf_token": token, "card": ["KC", "5S"],
                                                                 "kind": "fifteen"}),
        lambda: other.post(location + "/unclaim", data={"csrf_token": token, "index": "0"}),
    )
    monkeypatch.undo()
    with app.app_context():
        pending = pending_drills.pending_drill(location.rsplit("/", 1)[1], learners.learner_by_name("Ann").id, DrillKind.SHOW)
    assert pending.payload["claims"] == [["fifteen", "5S KC"]]


def test_two_answers_at_once_record_one_attempt(app, learner, monkeypatch):
    location = open_deal(app, learner, "4C 5D 6H KC", "5S")
    token = hidden_csrf_token(learner.client.get(location).get_data(as_text=True))
    other = twin(app, learner.client)
    meet_after_reading(monkeypatch, pending_drills, "pending_drill")
    responses = at_once(
        lambda: learner.client.post(location, data={"csrf_token": token, "total": "16"}),
        lambda: other.post(location, data={"csrf_token": token, "total": "12"}),
    )
    monkeypatch.undo()
    places = sorted(r.headers["Location"] for r in responses)
    assert places[0].startswith("/show/?") or places[0] == "/show/"  # the second is sent to a new hand
    assert places[1].startswith("/show/result/")
    with app.app_context():
        ann = learners.learner_by_name("Ann")
        assert len(history.history(ann.id)) == 1 and stats.learner_stats(ann.id).attempts == 1


def finished_match_game(app, learner) -> int:
    """The first game of a match, played to its end by random players in the
    engine and saved as over: enough for the next game."""
    with app.app_context():
        ann = learners.learner_by_name(learner.name)
        game_id = games.new_game(ann.id, choices.GameSetup(match=True), seed=3)
        row = db.session.get(SavedGame, game_id)
        game = Game.from_dict(json.loads(row.state))
        play_game(game.rules, [RandomPlayer(1), RandomPlayer(2)], game=game)
        row.state, row.finished, row.match_points = json.dumps(game.to_dict()), True, game.outcome.match_points
        db.session.commit()
    return game_id


def test_next_game_pressed_twice_at_once_adds_one_game(app, learner, monkeypatch):
    game_id = finished_match_game(app, learner)
    token = learner.token("/play/")
    other = twin(app, learner.client)
    meet_after_reading(monkeypatch, games, "new_game", before=True)  # both found no game 2 yet
    responses = at_once(
        lambda: learner.client.post(f"/play/{game_id}/next", data={"csrf_token": token}),
        lambda: other.post(f"/play/{game_id}/next", data={"csrf_token": token}),
    )
    monkeypatch.undo()
    assert [r.status_code for r in responses] == [302, 302]
    assert responses[0].headers["Location"] == responses[1].headers["Location"]
    with app.app_context():
        numbers = db.session.execute(
            select(SavedGame.id, SavedGame.match_game).where(SavedGame.match_id == game_id).order_by(SavedGame.id)
        ).all()
    assert [n for _, n in numbers] == [1, 2]
    assert responses[0].headers["Location"] == f"/play/{numbers[1].id}"


def test_next_game_pressed_again_goes_to_the_game_started(app, learner):
    game_id = finished_match_game(app, learner)
    first = learner.post(f"/play/{game_id}/next", page="/play/").headers["Location"]
    again = learner.post(f"/play/{game_id}/next", page="/play/").headers["Location"]
    assert first == again
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(SavedGame)) == 2


def game_state(app, game_id: int) -> tuple:
    """What a move changes: the learner's seat (its version, notes, cursor) and the game's state."""
    with app.app_context():
        row = db.session.get(SavedGame, game_id)
        seat = db.session.get(GameSeat, (game_id, 0))
        return seat.version, row.state, seat.notes, seat.seen, row.version


def attempts_recorded(app) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(Attempt))


def at_the_first_discard(app, learner) -> tuple[str, int, str]:
    """A new seeded game, moved on to the learner's first discard: its URL, id and page."""
    app.config["PLAY_SEED"] = 11
    url = start(learner)
    html = learner.client.get(url).get_data(as_text=True)
    while 'value="continue"' in html:
        learner.post(url, {"action": "continue", "version": _version(html)}, page=url)
        html = learner.client.get(url).get_data(as_text=True)
    return url, int(url.rsplit("/", 1)[1]), html


def test_a_move_whose_record_fails_is_not_saved(app, learner, monkeypatch):
    """The move and its record are one commit: when recording fails, the game is as it was."""
    url, game_id, html = at_the_first_discard(app, learner)
    assert 'value="discard"' in html
    before = game_state(app, game_id)
    cards = _hand(html)[:2]

    def fail(*args, **kwargs):
        raise RuntimeError("the disk filled up")

    for name in ("record_attempts", "record_attempt"):  # (record_attempt: how the move once recorded)
        monkeypatch.setattr(attempts, name, fail, raising=False)
    with pytest.raises(RuntimeError):
        learner.post(url, {"action": "discard", "version": _version(html), "card": cards}, page=url)
    monkeypatch.undo()
    assert game_state(app, game_id) == before and attempts_recorded(app) == 0
    response = learner.post(url, {"action": "discard", "version": _version(html), "card": cards}, page=url)
    assert response.status_code == 302
    assert game_state(app, game_id)[0] == before[0] + 1 and attempts_recorded(app) == 1


#: A process that makes one game move and is killed (SIGKILL) once the move is
#: written but before its record is: the kill -9 a crash or an OOM killer gives.
KILLED_MID_MOVE = """
import json, os, signal, sys
from trainer.play import games
from trainer.record import attempts
from trainer.database import db
from trainer.web import create_app
from trainer.web.play import read_move
from werkzeug.datastructures import MultiDict

url, learner_id, game_id, form, cards = sys.argv[1:]

def killed(*args, **kwargs):
    db.session.flush()  # everything before the record is on its way to the database...
    os.kill(os.getpid(), signal.SIGKILL)  # ...and then the process dies

attempts.record_attempts = killed
with create_app({"TESTING": True, "SECRET_KEY": "x", "SQLALCHEMY_DATABASE_URI": url}).app_context():
    version, move = read_move(MultiDict({**json.loads(form), "card": json.loads(cards)}))
    games.act(int(learner_id), int(game_id), version, move)
"""


@pytest.mark.slow
def test_a_move_killed_before_its_record_is_not_saved(app, learner):
    """kill -9 between a move and its record: the database keeps neither half, and the game goes on."""
    url, game_id, html = at_the_first_discard(app, learner)
    before = game_state(app, game_id)
    cards = _hand(html)[:2]
    with app.app_context():
        learner_id = learners.learner_by_name("Ann").id
        database = db.engine.url.render_as_string(hide_password=False)
    form = json.dumps({"action": "discard", "version": _version(html)})
    killed = subprocess.run([sys.executable, "-c", KILLED_MID_MOVE, database, str(learner_id), str(game_id), form,
                             json.dumps(cards)], capture_output=True, text=True, timeout=60)
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    assert game_state(app, game_id) == before and attempts_recorded(app) == 0
    response = learner.post(url, {"action": "discard", "version": _version(html), "card": cards}, page=url)
    assert response.status_code == 302
    assert game_state(app, game_id)[0] == before[0] + 1 and attempts_recorded(app) == 1


def test_a_stale_move_records_nothing(app, learner):
    url, _, html = at_the_first_discard(app, learner)
    cards = _hand(html)[:2]
    learner.post(url, {"action": "discard", "version": _version(html), "card": cards}, page=url)
    again = learner.post(url, {"action": "discard", "version": _version(html), "card": cards}, page=url,
                         follow_redirects=True)
    assert "older page" in page_text(again)
    assert attempts_recorded(app) == 1


def _version(html: str) -> str:
    return re.search(r'name="version" value="(\d+)"', html).group(1)


def _hand(html: str) -> list[str]:
    return re.findall(r'name="card" value="(\w+)" data-card', html)


def test_a_drill_answer_whose_record_fails_leaves_the_drill_open(app, learner, monkeypatch):
    location = open_deal(app, learner, "4C 5D 6H KC", "5S")

    def fail(*args, **kwargs):
        raise RuntimeError("the disk filled up")

    monkeypatch.setattr(attempts, "record_attempts", fail)
    with pytest.raises(RuntimeError):
        learner.post(location, {"total": "16"}, page=location)
    monkeypatch.undo()
    text = page_text(learner.post(location, {"total": "16"}, page=location, follow_redirects=True))
    assert "Right: 16." in text  # the drill was still open: the failed answer closed nothing


def test_dealing_a_drill_writes_one_row(app, learner):
    """GET /show/ (and the other deals) add the pending drill and nothing else."""
    writes = []

    def count(conn, cursor, statement, parameters, context, executemany):
        if not statement.lstrip().upper().startswith("SELECT"):
            writes.append(statement.split()[0:3])

    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", count)
    try:
        for url in ("/show/", "/pegging/", "/discard/", "/pegging/best"):
            assert learner.client.get(url).status_code == 302
    finally:
        event.remove(engine, "before_cursor_execute", count)
    inserts = [w for w in writes if w[0].upper() == "INSERT"]
    assert len(inserts) == 4 and all(w[2].strip('"') == "drill" for w in inserts)
    assert not [w for w in writes if w[0].upper() in ("UPDATE", "DELETE")]


def test_solitaire_counts_whose_record_fails_are_not_saved(app, learner, monkeypatch):
    """Counting a solitaire deal and recording the counts are one commit too."""
    url = solitaire.start(learner, "hoyle")
    html = learner.client.get(url).get_data(as_text=True)
    picks = re.findall(r'name="card" value="(\w+)"', html)[:2]
    learner.post(url, {"version": solitaire.version(html), "action": "discard", "card": picks}, page=url)
    html = learner.client.get(url).get_data(as_text=True)
    counts = {field: "0" for field, *_ in solitaire.counts_due(html)}
    form = {"version": solitaire.version(html), "action": "count", **counts}

    def fail(*args, **kwargs):
        raise RuntimeError("the disk filled up")

    for name in ("record_attempts", "record_counted_show"):  # (record_counted_show: how counts were once recorded)
        monkeypatch.setattr(attempts, name, fail, raising=False)
    with pytest.raises(RuntimeError):
        learner.post(url, form, page=url)
    monkeypatch.undo()
    assert 'value="count"' in learner.client.get(url).get_data(as_text=True)  # still to count
    assert attempts_recorded(app) == 0
    assert learner.post(url, form, page=url).status_code == 302
    assert attempts_recorded(app) == len(counts)
