"""Small helpers for reading pages in the web tests."""

from __future__ import annotations

import re
import threading
from datetime import timedelta

from sqlalchemy import select

from trainer import database
from trainer.database import db
from trainer.drills.deal import DiscardDeal
from trainer.live.hub import PING
from trainer.play.choices import GameSetup
from trainer.rating.models import ReviewCard
from trainer.record import history, learners, pending_drills, sessions
from trainer.record.attempts import DrillKind
from trainer.room import rooms


def page_text(response) -> str:
    """The visible text of a page, tags stripped and spaces squeezed."""
    html = response.get_data(as_text=True)
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def hidden_csrf_token(html: str) -> str:
    """The CSRF token of the first form in a page, from its hidden field."""
    return re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', html).group(1)


def drill_location(client, url: str) -> str:
    """Deal a drill at ``url`` and return its page's path."""
    response = client.get(url)
    assert response.status_code == 302
    return response.headers["Location"]


def last_attempt(app, learner):
    """The signed-in learner's latest attempt."""
    with app.app_context():
        return history.history(learners.learner_by_name(learner.name).id, limit=1)[0]


def open_discard(app, learner, cards: str, dealer: bool) -> str:
    """The address of a discard drill opened for ``learner`` on the six ``cards`` given."""
    with app.app_context():
        ann = learners.learner_by_name(learner.name)
        deal = DiscardDeal.from_dict({"cards": cards, "dealer": dealer})
        drill = pending_drills.open_drill(ann.id, DrillKind.DISCARD, {"deal": deal.to_dict()})
        database.commit()
    return "/discard/" + drill


def drill_id(location: str) -> str:
    return location.rstrip("/").rsplit("/", 1)[1]


def card_values(html: str) -> list[str]:
    return re.findall(r'name="card" value="([^"]+)"', html)



def time_passes(app, name: str, minutes: int) -> None:
    """Move learner ``name``'s FSRS cards ``minutes`` nearer their due dates, as if that time had passed."""
    with app.app_context():
        learner_id = learners.learner_by_name(name).id
        for card in db.session.scalars(select(ReviewCard).where(ReviewCard.learner_id == learner_id)):
            card.due -= timedelta(minutes=minutes)
        database.commit()


class StreamPage:
    """A page following a table's stream, as the hub sees it (a :class:`trainer.live.hub.Sink`):
    what it heard, the heartbeat aside.  A test waits on what it heard (a condition the
    pushes signal), never for a while."""

    def __init__(self) -> None:
        self.got: list[bytes] = []
        self._pushed = threading.Condition()

    def push(self, data: bytes) -> None:
        if data != PING:  # the hub's heartbeat reaches every page whenever it beats
            with self._pushed:
                self.got.append(data)
                self._pushed.notify_all()

    def end(self) -> None:
        pass

    def heard(self) -> list[int]:
        """The versions heard so far, in order (a resync is no version)."""
        with self._pushed:
            return [int(v) for v in re.findall(rb'"version": (\d+)', b"".join(self.got))]

    def versions(self, count: int, timeout: float = 30) -> list[int]:
        """The versions heard, once ``count`` events came (``timeout`` seconds only guard against a hang)."""
        with self._pushed:
            self._pushed.wait_for(lambda: len(self.got) >= count, timeout)
        return self.heard()

    def heard_until(self, version: int, timeout: float = 30) -> list[int]:
        """The versions heard up to and including ``version``, once it came: whatever was sent
        before it was heard before it (``timeout`` seconds only guard against a hang)."""
        with self._pushed:
            came = self._pushed.wait_for(lambda: version in self.heard(), timeout)
        assert came, f"version {version} was not heard within {timeout} s; heard {self.heard()}"
        heard = self.heard()
        return heard[: heard.index(version) + 1]


def signed_in(app, name: str) -> tuple[int, str]:
    """Learner ``name`` (made if new) and the ``Cookie`` header of a browser signed in as
    them, for a client that is not the app's test client (a stream opened on a socket)."""
    with app.app_context():
        person = learners.learner_by_name(name, create=True)
        state = {"learner_id": person.id, "_permanent": True}
        if app.config.get("ACCOUNTS"):
            state["token"] = sessions.start(person.id, app.permanent_session_lifetime)
        database.commit()
    cookie = app.session_interface.get_signing_serializer(app).dumps(state)
    return person.id, f"{app.config['SESSION_COOKIE_NAME']}={cookie}"


def seated_at_a_table(app, name: str) -> tuple[str, str]:
    """The live key of a room learner ``name`` has just opened (so sits at, as its host),
    and the ``Cookie`` header of a browser signed in as them."""
    person, cookie = signed_in(app, name)
    with app.app_context():
        room_id = rooms.open_room(person, GameSetup())
        key = rooms.room_view(person, room_id).live_key
        database.commit()
    return key, cookie
