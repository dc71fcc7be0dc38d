"""Games against the bot through the test client: set-up, whole games, every
bad input, stale forms, other learners' games, results and the review.

The learner here is played by :class:`TablePlayer`, which reads each page for
the move it offers and answers through the forms, as a person would.  To
choose a claim it asks the engine for the true count of the cards shown (the
engine's scorer is tested on its own); after every response it checks that
no card the learner may not know appears anywhere in the page.
"""

from __future__ import annotations

import json
import re
from types import SimpleNamespace

import pytest
from sqlalchemy import event as sqlalchemy_event

from engine.cards import DECK, Card
from engine.events import Award, Claimed, Counted, CutForDeal, Dealt, Go, Played, Points, Shown, StarterCut
from engine.game import Action, Game
from engine.match import loser_of, next_first_dealer
from engine.pegging import score_play
from engine.rules import Counting
from engine.scoring import score_show
from engine.table import fold
from tests.trainer.play.helpers import play_out
from trainer.database import db
from trainer.play import choices, coach, games
from trainer.play.models import GameSeat, SavedGame
from trainer.play.seats import default_sitters
from trainer.record import learners
from trainer.record.models import Attempt

from .helpers import hidden_csrf_token

SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANK_NAMES = {"A": "ace", "J": "jack", "Q": "queen", "K": "king"}


def card_marks(c: Card) -> tuple[str, ...]:
    """Every way a page could show a card: its value in markup, its label, its symbol form."""
    rank = c.rank.text
    return (f'"{c}"', f"{RANK_NAMES.get(rank, rank)} of {SUIT_NAMES[c.suit.value]}", c.pretty)


def known_cards(game: Game, seen: int, seat: int = 0) -> set[Card]:
    """What the learner in ``seat`` may know at the reveal cursor, from the full,
    unredacted log: their own deal, their discards, the starter once cut, cards
    played and hands shown in the current deal (or the cut for deal before it)."""
    log = game.log[:seen]
    starts = [i for i, e in enumerate(log) if isinstance(e, Dealt)]
    known: set[Card] = set()
    if not starts:
        for event in log:
            if isinstance(event, CutForDeal):
                known.update(event.cuts)
        return known
    for event in log[starts[-1]:]:
        if isinstance(event, Dealt):
            known.update(event.hands[seat])
        elif isinstance(event, StarterCut):
            known.add(event.starter)
        elif isinstance(event, Played):
            known.add(event.card)
        elif isinstance(event, Shown):
            known.update(event.cards)
            if event.starter:
                known.add(event.starter)
    pending = game.pending_claim
    if seen == len(game.log) and pending is not None and pending.player == seat:
        known.update(pending.cards)  # the dealer picks up their own crib to count it
    return known


def known_in_any_deal(game: Game, seat: int = 0) -> set[Card]:
    """Everything the learner in ``seat`` saw in some deal of the game (for the results and review)."""
    starts = [i for i, e in enumerate(game.log) if isinstance(e, Dealt)] + [len(game.log)]
    known: set[Card] = set()
    for end in starts[1:]:
        known |= known_cards(game, end, seat)
    return known


def assert_no_secrets(html: str, game: Game, seen: int | None = None, seat: int = 0) -> None:
    """No card outside the knowledge of the learner in ``seat`` at the cursor
    ``seen`` (None: the whole finished game) appears in ``html``."""
    known = known_in_any_deal(game, seat) if seen is None else known_cards(game, seen, seat)
    for c in DECK:
        if c in known:
            continue
        for mark in card_marks(c):
            assert mark not in html, f"the page shows {c}, which the learner may not know"


def saved_seat(app, game_id: int, seat: int = 0) -> tuple[Game, SimpleNamespace]:
    """The saved game and one seat's row, read as the server keeps them: the
    seat's cursor, version, notes and result over the game's own columns."""
    with app.app_context():
        row = db.session.get(SavedGame, game_id)
        sat = db.session.get(GameSeat, (game_id, seat))
        values = {c.name: getattr(row, c.name) for c in SavedGame.__table__.columns}
        values.update({c.name: getattr(sat, c.name) for c in GameSeat.__table__.columns})
    return Game.from_dict(json.loads(row.state)), SimpleNamespace(**values)


class TablePlayer:
    """Plays the learner's seat (``seat``) through the web forms."""

    def __init__(self, app, learner, url: str, *, under_claim_every: int = 0, call_muggins: bool = True,
                 seat: int = 0):
        self.seat = seat
        self.app = app
        self.learner = learner
        self.client = learner.client
        self.url = url
        self.game_id = int(url.rstrip("/").rsplit("/", 1)[1])
        self.claims = 0
        self.under_claim_every = under_claim_every
        self.call_muggins = call_muggins
        self.pages = 0
        self.under_claims = 0
        self.muggins_called = 0

    def saved(self) -> tuple[Game, SimpleNamespace]:
        return saved_seat(self.app, self.game_id, self.seat)

    def page(self) -> str:
        response = self.client.get(self.url)
        assert response.status_code == 200
        html = response.get_data(as_text=True)
        game, row = self.saved()
        assert_no_secrets(html, game, row.seen, self.seat)
        self.pages += 1
        return html

    def post(self, html: str, action: str | None, **fields) -> str:
        data = {"csrf_token": hidden_csrf_token(html),
                "version": re.search(r'name="version" value="(\d+)"', html).group(1)}
        if action:
            data["action"] = action
        data.update(fields)
        response = self.client.post(self.url, data=data)
        assert response.status_code == 302, response.get_data(as_text=True)
        game, row = self.saved()
        assert_no_secrets(response.get_data(as_text=True), game, row.seen, self.seat)
        return self.page()

    def step(self, html: str) -> str:
        """Make whatever move the page offers."""
        game, _ = self.saved()
        if 'value="go"' in html:
            return self.post(html, "go")
        if 'value="continue"' in html:
            return self.post(html, "continue")
        if 'value="discard"' in html:
            cards = re.findall(r'name="card" value="(\w+)" data-card', html)
            need = int(re.search(r'data-discard="(\d)"', html).group(1))
            return self.post(html, "discard", card=cards[:need])
        if 'value="cut"' in html:
            return self.post(html, "cut")
        if 'value="play"' in html:
            playable = re.findall(r'name="card" value="(\w+)" data-card="\w+" class="card-button"', html)
            return self.post(html, "play", card=playable[0])
        if 'value="claim"' in html:
            pending = game.pending_claim
            if pending.what is Counted.PLAY:
                true = score_play(pending.cards).points
            else:
                true = score_show(pending.cards, pending.starter, crib=pending.what is Counted.CRIB).total
            self.claims += 1
            claim = true
            if self.under_claim_every and self.claims % self.under_claim_every == 0 and true:
                claim = true - 1
                self.under_claims += 1
            return self.post(html, "claim", points=str(claim))
        if 'value="muggins"' in html:
            window = game.muggins_window
            true = score_show(window.claim.cards, window.claim.starter, crib=window.claim.what is Counted.CRIB).total \
                if window.claim.what is not Counted.PLAY else score_play(window.claim.cards).points
            if self.call_muggins and window.claimed < true:
                self.muggins_called += 1
                return self.post(html, "muggins")
            return self.post(html, "accept")
        if "See the results" in html:
            return html
        raise AssertionError("no move offered on the page:\n" + html[-3000:])

    def until(self, html: str, marker: str, failure: str, limit: int = 400) -> str:
        """Make the moves offered until the page shows ``marker``; fail with ``failure`` if it never does."""
        for _ in range(limit):
            if marker in html:
                return html
            html = self.step(html)
        pytest.fail(failure)

    def play_to_end(self, limit: int = 3000) -> str:
        html = self.page()
        for _ in range(limit):
            if "See the results" in html and 'value="continue"' not in html:
                return html
            html = self.step(html)
        turn = re.search(r'data-testid="turn">([^<]*)<', html)
        raise AssertionError(f"the game did not end: {turn.group(1) if turn else html[-2000:]}")


def start(learner, **chosen) -> str:
    fields = {"level": "easy", "variant": "six-card", "length": "61", "counting": "automatic", "skunks": "on"}
    fields.update(chosen)
    response = learner.post("/play/new", fields, page="/play/")
    assert response.status_code == 302, response.get_data(as_text=True)
    return response.headers["Location"]


@pytest.fixture
def seeded(app):
    app.config["PLAY_SEED"] = 11
    return app


def test_setup_page_offers_every_choice(learner):
    html = learner.client.get("/play/").get_data(as_text=True)
    for value in ("easy", "medium", "hard", "insane", "six-card", "five-card", "seven-card", "121", "61",
                  "automatic", "muggins", "strict muggins", "pegging_muggins", "skunks", "match"):
        assert f'value="{value}"' in html or f'name="{value}"' in html, value


@pytest.mark.slow
def test_a_whole_muggins_game_hides_every_secret_and_ends_with_results(seeded, learner):
    seeded.config["PLAY_BOT_MISS_RATE"] = 1.0  # the bot under-counts every scoring hand
    url = start(learner, counting="muggins")
    player = TablePlayer(seeded, learner, url, under_claim_every=3)
    player.play_to_end()
    game, row = player.saved()
    assert game.is_over and row.finished
    assert player.under_claims and player.muggins_called, "both sides of muggins happened"
    muggins = [e for e in game.log if e.type == "muggins" and e.points]
    assert {e.player for e in muggins} == {0, 1}
    results = learner.client.get(f"/play/{player.game_id}/results")
    text = results.get_data(as_text=True)
    assert_no_secrets(text, game)
    assert ("You won!" in text) == (game.outcome.winner == 0)
    # The winner's peg stands in the game hole, whatever the last count was.
    board = [game.rules.peg_hole(score) for score in game.scores]
    assert max(board) == 61
    assert f"You {board[0]}" in text and f"{board[1]} bot" in text
    # A count that went past the target is kept whole in the totals, and the page says why.
    assert ('data-testid="past-the-target"' in text) == (max(game.scores) > 61)
    assert "Deals played" in text and f">{game.deal_number}<" in text
    # Counting accuracy: the learner under-claimed some of their counts.
    with seeded.app_context():
        shows = db.session.query(Attempt).filter_by(kind="show").all()
        assert shows and any(not a.correct for a in shows) and any(a.correct for a in shows)
        assert db.session.query(Attempt).filter_by(kind="discard").count() >= 1
    review = learner.client.get(f"/play/{player.game_id}/review").get_data(as_text=True)
    assert_no_secrets(review, game)
    assert "Deal 1" in review and "Discard" in review and "missed" in review


@pytest.mark.slow
def test_a_games_decisions_feed_the_trainers_record_and_can_be_retried(seeded, learner):
    seeded.config["PLAY_BOT_MISS_RATE"] = 0.0
    url = start(learner, counting="muggins")
    TablePlayer(seeded, learner, url, under_claim_every=2).play_to_end()
    with seeded.app_context():
        kinds = {kind: ids for kind, ids in (
            (k, [a.id for a in db.session.query(Attempt).filter_by(kind=k).all()])
            for k in ("show", "discard", "best-play"))}
    assert all(kinds.values()), kinds
    assert learner.client.get("/review/").status_code == 200
    for kind, ids in kinds.items():
        response = learner.post(f"/review/retry/{ids[0]}", {}, page="/review/")
        assert response.status_code == 302, kind
        drill = learner.client.get(response.headers["Location"])
        assert drill.status_code == 200, (kind, response.headers["Location"])


@pytest.mark.slow
def test_the_bots_moves_play_themselves_and_the_learner_stops_only_where_there_is_something_to_do(seeded, learner):
    """No Continue for a bot card: the table waits only before a new deal, the
    next hand of a show (the one before fully counted, each combination an
    animation step) or the learner's own go (a Go button); everything else
    the page offers is a decision of the learner's."""
    url = start(learner)
    player = TablePlayer(seeded, learner, url)
    html = player.page()
    stops = {"deal": 0, "show": 0, "go": 0}
    for _ in range(600):
        assert "Watch the bot" not in html and "press Continue" not in html
        game, row = player.saved()
        log = game.log_seen_by(0)
        if 'value="go"' in html:
            assert isinstance(log[row.seen], Go) and log[row.seen].player == 0
            at_go = fold(game.rules, 0, log[:row.seen])
            assert at_go.hand and all(at_go.count + c.value > 31 for c in at_go.hand)
            assert "None of your cards fits under 31" in html
            stops["go"] += 1
        elif 'value="continue"' in html:
            following = log[row.seen]
            assert isinstance(following, (Dealt, Shown)), following
            if isinstance(following, Shown):
                stops["show"] += 1
                shown = max(i for i in range(row.seen) if isinstance(log[i], Shown))
                combos = [e for e in log[shown:row.seen] if isinstance(e, Points)]
                steps = re.findall(r'<li(?: class="current")? data-reveal="\d+"><span class="item-name">', html)
                assert len(steps) == len(combos)
            else:
                stops["deal"] += 1
        elif "See the results" in html:
            break
        else:
            assert row.seen == len(log), "a decision is offered only once the reveal has caught up"
        html = player.step(html)
    assert all(stops.values()), stops


@pytest.mark.slow
def test_a_five_card_strict_game_with_pegging_muggins_plays_to_the_end(seeded, learner):
    url = start(learner, variant="five-card", counting="strict muggins", pegging_muggins="on", level="medium")
    player = TablePlayer(seeded, learner, url, under_claim_every=4)
    player.play_to_end()
    game, _ = player.saved()
    assert game.is_over and game.rules.pegging_muggins and game.rules.hand_size == 5


def test_a_card_passing_31_is_refused_with_a_message(seeded, learner):
    url = start(learner)
    player = TablePlayer(seeded, learner, url)
    html = player.page()
    for _ in range(300):
        too_high = re.findall(r'name="card" value="(\w+)" data-card="\w+" class="card-button too-high"', html)
        if too_high:
            game_before, row_before = player.saved()
            response = learner.client.post(url, data={
                "csrf_token": hidden_csrf_token(html),
                "version": str(row_before.version), "action": "play", "card": too_high[0]}, follow_redirects=True)
            assert "past 31" in response.get_data(as_text=True)
            game_after, row_after = player.saved()
            assert row_after.version == row_before.version and game_after.to_dict() == game_before.to_dict()
            return
        html = player.step(html)
    pytest.fail("no card ever passed 31 in this game")


def test_bad_input_is_a_message_never_an_error(seeded, learner):
    assert learner.post("/play/new", {"level": "godlike"}, page="/play/").status_code == 302
    assert "Choose a level" in learner.client.get("/play/").get_data(as_text=True)
    for bad in ({"variant": "nine-card"}, {"length": "1000"}, {"counting": "honour"}):
        response = learner.post("/play/new", {"level": "easy", **bad}, page="/play/", follow_redirects=True)
        assert response.status_code == 200 and "flash-error" in response.get_data(as_text=True)
    url = start(learner, counting="muggins")
    player = TablePlayer(seeded, learner, url)
    html = player.page()
    while 'value="discard"' not in html:
        html = player.step(html)
    _, row = player.saved()

    def send(**fields):
        data = {"csrf_token": hidden_csrf_token(html),
                "version": str(row.version)}
        data.update(fields)
        return learner.client.post(url, data=data, follow_redirects=True)

    before = player.saved()[0].to_dict()
    cases = [
        ({"action": "discard", "card": ["ZZ", "5H"]}, "not one of your cards"),
        ({"action": "discard", "card": []}, "exactly 2"),
        ({"action": "discard", "card": re.findall(r'name="card" value="(\w+)" data-card', html)[:3]}, "exactly 2"),
        ({"action": "discard", "card": [c for c in map(str, DECK) if f'value="{c}"' not in html][:2]}, "own hand"),
        ({"action": "play", "card": "5H"}, "not your turn"),
        ({"action": "claim", "points": "7"}, "nothing for you to count"),
        ({"action": "muggins"}, "no claim"),
        ({"action": "cut"}, "not your cut"),
        ({"action": "dance"}, "not something you can do"),
        ({"action": "continue"}, "nothing more to show"),
        ({"action": "discard", "version": "x"}, "missing its game version"),
        ({"action": "discard", "version": str(row.version + 5)}, "older page"),
    ]
    for fields, message in cases:
        response = send(**fields)
        assert response.status_code == 200
        assert message in response.get_data(as_text=True), (fields, message)
    assert player.saved()[0].to_dict() == before
    # A claim that is not a number, then a claim too big, when a claim is due.
    html = player.page()
    for _ in range(500):
        if 'value="claim"' in html:
            break
        html = player.step(html)
    _, row = player.saved()
    for points, message in (("lots", "as a number"), ("-3", "as a number"), ("99", "check your count"), ("", "as a number")):
        response = send(action="claim", points=points)
        assert message in response.get_data(as_text=True)
    assert learner.client.post(url, data={"action": "claim"}).status_code == 302  # no CSRF token: refused, no 500


def test_a_double_submit_or_second_tab_changes_nothing(seeded, learner):
    url = start(learner)
    player = TablePlayer(seeded, learner, url)
    html = player.page()
    while 'value="discard"' not in html:
        html = player.step(html)
    cards = re.findall(r'name="card" value="(\w+)" data-card', html)
    token = hidden_csrf_token(html)
    version = re.search(r'name="version" value="(\d+)"', html).group(1)
    form = {"csrf_token": token, "version": version, "action": "discard", "card": cards[:2]}
    assert learner.client.post(url, data=form).status_code == 302
    game_once, row_once = player.saved()
    second = learner.client.post(url, data={**form, "card": cards[2:4]}, follow_redirects=True)
    assert "older page" in second.get_data(as_text=True)
    game_twice, row_twice = player.saved()
    assert game_twice.to_dict() == game_once.to_dict() and row_twice.version == row_once.version
    assert set(game_twice.discards[0]) == {Card.parse(c) for c in cards[:2]}


def test_another_learner_cannot_open_or_move_in_your_game(seeded, learner):
    url = start(learner)
    game_id = url.rstrip("/").rsplit("/", 1)[1]
    learner.new("Bob")
    assert learner.client.get(url).status_code == 404
    assert learner.client.get(f"/play/{game_id}/results").status_code == 404
    assert learner.client.get(f"/play/{game_id}/review").status_code == 404
    assert learner.post(url, {"action": "continue", "version": "0"}, page="/play/").status_code == 404
    assert learner.post(f"/play/{game_id}/next", {}, page="/play/").status_code == 404
    assert learner.client.get("/play/999999").status_code == 404
    assert "Continue game" not in learner.client.get("/play/").get_data(as_text=True)


def test_a_closed_page_continues_and_a_learner_keeps_several_games(seeded, learner, app):
    first = start(learner)
    player = TablePlayer(seeded, learner, first)
    html = player.page()
    for _ in range(8):
        html = player.step(html)
    _, row = player.saved()
    second = start(learner, level="medium")
    assert second != first
    again = app.test_client()  # a new browser session, signed in as the same learner by name
    again.post("/", data={"name": "Ann", "csrf_token": _token(again)})
    page = again.get(first)
    assert page.status_code == 200 and f'name="version" value="{row.version}"' in page.get_data(as_text=True)
    listing = again.get("/play/").get_data(as_text=True)
    assert listing.count("Continue game") == 2


def _token(client) -> str:
    html = client.get("/").get_data(as_text=True)
    return hidden_csrf_token(html)


def test_results_of_an_unfinished_game_send_you_back_to_the_table(seeded, learner):
    url = start(learner)
    game_id = url.rstrip("/").rsplit("/", 1)[1]
    response = learner.client.get(f"/play/{game_id}/results")
    assert response.status_code == 302 and response.headers["Location"].endswith(f"/play/{game_id}")
    assert learner.client.get(f"/play/{game_id}/review").status_code == 302


@pytest.mark.slow
def test_a_match_goes_on_with_the_loser_dealing_first(seeded, learner):
    url = start(learner, match="on")
    player = TablePlayer(seeded, learner, url)
    player.play_to_end()
    game, row = player.saved()
    results = learner.client.get(f"/play/{player.game_id}/results").get_data(as_text=True)
    assert "Match score" in results
    points = [0, 0]
    points[game.outcome.winner] += game.outcome.match_points  # the engine's match points for this game
    assert f"you <strong>{points[0]}</strong>, the bot <strong>{points[1]}</strong>" in results
    token = hidden_csrf_token(results)
    response = learner.client.post(f"/play/{player.game_id}/next", data={"csrf_token": token})
    assert response.status_code == 302
    following = response.headers["Location"]
    again = learner.client.post(f"/play/{player.game_id}/next", data={"csrf_token": token})
    assert again.headers["Location"] == following  # a double click does not start two games
    second = TablePlayer(seeded, learner, following)
    next_game, _ = second.saved()
    loser = 1 - game.outcome.winner
    assert next_game.log[0].type == "deal" and next_game.log[0].dealer == loser


def test_the_learner_cuts_where_they_choose_when_the_bot_deals(seeded, learner):
    url = start(learner)
    player = TablePlayer(seeded, learner, url)
    html = player.until(player.page(), 'value="cut"', "the bot never dealt")
    game, row = player.saved()
    token = hidden_csrf_token(html)
    form = {"csrf_token": token, "version": str(row.version), "action": "cut"}
    for lift in ("2", "abc", str(len(game.pack) - 3)):
        response = learner.client.post(url, data={**form, "lift": lift}, follow_redirects=True)
        assert "Cut between 4 and" in response.get_data(as_text=True)
    assert learner.client.post(url, data={**form, "lift": "10"}).status_code == 302
    after, _ = player.saved()
    assert after.starter == game.pack[10]


def test_the_back_peg_leapfrogs_to_the_front(seeded, learner):
    url = start(learner)
    player = TablePlayer(seeded, learner, url)
    html = player.page()
    leaps = 0
    while leaps < 3:
        before = int(re.search(r'data-testid="your-score" data-side-score="0">(\d+)<', html).group(1))
        html = player.step(html)
        after = int(re.search(r'data-testid="your-score" data-side-score="0">(\d+)<', html).group(1))
        if after > before > 0:
            pegs = dict(re.findall(r'class="peg p0 (front|back)" data-score="(\d+)"', html))
            # The back peg jumped ahead to where the front one stood before the last points.
            assert int(pegs["front"]) == after and before <= int(pegs["back"]) < after
            leaps += 1


@pytest.mark.slow
def test_random_garbage_at_every_stage_is_refused_cleanly(seeded, learner):
    """Forms a browser would never send, posted at many moments of a game: each
    is a redirect with a message (never an error), and the game goes on."""
    import random

    rng = random.Random(4)
    url = start(learner, counting="muggins", pegging_muggins="on")
    player = TablePlayer(seeded, learner, url, under_claim_every=2)
    html = player.page()
    actions = ["discard", "cut", "play", "claim", "muggins", "accept", "continue", "", "x" * 300]
    values = ["5H", "10S", "ZZ", "", "-1", "31", "9" * 40, "<script>", "AS", "KD", "0", "１２"]
    for _ in range(60):
        if "See the results" in html and 'value="continue"' not in html:
            break
        game, row = player.saved()
        token = hidden_csrf_token(html)
        for stale in (True, True, False):
            version = rng.choice([str(row.version - 1), "", "abc", str(row.version + 1)]) if stale else str(row.version)
            form = {"csrf_token": token, "version": version,
                    "action": rng.choice(actions), "card": rng.sample(values, rng.randint(0, 3)),
                    "points": rng.choice(values), "lift": rng.choice(values)}
            response = learner.client.post(url, data=form)
            assert response.status_code == 302
            if stale:
                assert player.saved()[0].to_dict() == game.to_dict()
        html = player.page()  # a garbage form that happened to be a legal move moved the game on
        html = player.step(html)


def test_the_rest_of_a_show_can_be_counted_at_once(seeded, learner):
    url = start(learner)
    player = TablePlayer(seeded, learner, url)
    html = player.until(player.page(), 'value="skip"', "no show to skip")
    game, row = player.saved()
    token = hidden_csrf_token(html)
    learner.client.post(url, data={"csrf_token": token, "version": str(row.version), "action": "skip"})
    html = player.page()
    _, after = player.saved()
    following = [i for i, e in enumerate(game.log) if isinstance(e, Dealt) and i > row.seen]
    assert after.seen == (following[0] if following else len(game.log))
    if following:
        assert "Next deal" in html  # the new deal still waits for the learner



def test_the_play_page_puts_an_unfinished_game_before_the_set_up_form(seeded, learner):
    start(learner)
    html = learner.client.get("/play/").get_data(as_text=True)
    assert 'data-testid="unfinished"' in html
    assert html.index("Continue game") < html.index("Deal me in")
    assert 'id="new-game"' in html  # the menu's New game lands on the form


def _show_cards(html: str) -> list[Card]:
    """The cards laid out in the show panel, in page order (the starter after the '+')."""
    panel = html[html.index('data-testid="show"'):]
    row = panel[panel.index('class="show-cards"'):panel.index('class="starter with"')]
    names = {v: k for k, v in RANK_NAMES.items()}
    suits = {v: k for k, v in SUIT_NAMES.items()}
    return [Card.parse(names.get(rank, rank) + suits[suit])
            for rank, suit in re.findall(r'aria-label="(\w+) of (\w+)"', row)]


@pytest.mark.slow
def test_hands_in_the_show_are_laid_out_by_rank(seeded, learner):
    url = start(learner)
    player = TablePlayer(seeded, learner, url)
    html = player.page()
    shows = 0
    for _ in range(300):
        if 'data-testid="show"' in html and 'class="show-cards"' in html and 'class="starter with"' in html:
            cards = _show_cards(html)
            assert cards == sorted(cards), cards
            shows += 1
        if "See the results" in html and 'value="continue"' not in html:
            break
        html = player.step(html)
    assert shows >= 3


@pytest.mark.slow
@pytest.mark.parametrize("variant, sides", [("three-player", 3), ("four-player", 2)])
def test_three_and_four_player_games_with_muggins_play_to_the_end(seeded, learner, variant, sides):
    seeded.config["PLAY_BOT_MISS_RATE"] = 1.0
    url = start(learner, variant=variant, counting="muggins", length="own")
    player = TablePlayer(seeded, learner, url, under_claim_every=3)
    html = player.page()
    assert html.count('data-side-score="') == sides
    player.play_to_end()
    game, row = player.saved()
    assert game.is_over and row.finished and game.rules.players == (3 if sides == 3 else 4)
    assert game.rules.target == (61 if sides == 3 else 121)
    assert player.under_claims
    mine = game.rules.side_of(0)
    assert row.won == (game.outcome.winner == mine)
    results = learner.client.get(f"/play/{player.game_id}/results").get_data(as_text=True)
    assert_no_secrets(results, game)
    assert ("You won!" in results or "Your side won!" in results) == (game.outcome.winner == mine)
    # Compared only with games of as many players.
    assert f"Your {variant} games at easy level, to {game.rules.target}" in results
    review = learner.client.get(f"/play/{player.game_id}/review").get_data(as_text=True)
    assert_no_secrets(review, game)
    assert "Deal 1" in review and "the play is not judged" in review


@pytest.mark.slow
def test_giveaway_is_a_two_player_option_with_counted_hands(seeded, learner):
    for bad, message in (({"variant": "three-player"}, "two-player game"), ({"counting": "muggins"}, "automatic")):
        response = learner.post("/play/new", {"level": "easy", "length": "61", "giveaway": "on", **bad},
                                page="/play/", follow_redirects=True)
        assert message in response.get_data(as_text=True)
    url = start(learner, giveaway="on")
    player = TablePlayer(seeded, learner, url)
    assert "giveaway" in player.page()
    player.play_to_end()
    game, row = player.saved()
    assert game.rules.giveaway and row.giveaway
    assert row.won == (game.outcome.winner == 0) and game.outcome.reached != game.outcome.winner


# ---------------------------------------------------------------- the services, seat by seat


def test_a_three_player_matchs_second_game_is_dealt_first_as_the_engine_match_says(app, learner):
    """engine.match: the next game is dealt first by the lowest score's seat (it
    was "the cut decides again" with more than two players)."""
    with app.app_context():
        ann = learners.learner_by_name("Ann").id
        first = games.new_game(ann, choices.GameSetup(variant="three-player", match=True), seed=5)
        play_out(ann, first)
        following = games.next_match_game(ann, first)
        assert following is not None
        game = Game.from_dict(json.loads(db.session.get(SavedGame, first).state))
        second = Game.from_dict(json.loads(db.session.get(SavedGame, following).state))
    dealt_first = next(event.dealer for event in game.log if isinstance(event, Dealt))
    expected = next_first_dealer(game.rules, game.outcome, dealt_first)
    assert expected == next(iter(game.rules.seats_of(loser_of(game.rules, game.outcome))))
    assert not any(isinstance(event, CutForDeal) for event in second.log)
    assert isinstance(second.log[0], Dealt) and second.log[0].dealer == expected


def _seven_card_show(app, learner) -> str:
    """A seven-card muggins game whose learner (the pone) kept 4♥ 4♠ 5♥ 5♠ 6♥ and
    the starter is 6♠: the hand to count is worth 46, above the 29 of four cards."""
    url = start(learner, variant="seven-card", counting="muggins", length="own")
    game_id = int(url.rsplit("/", 1)[1])
    with app.app_context():
        row = db.session.get(SavedGame, game_id)
        rules = Game.from_dict(json.loads(row.state)).rules
        game = Game.from_hands(rules, ["4H 4S 5H 5S 6H", "KC QD JH 10C 9D"], dealer=1, starter="6S", seed=1)
        while game.expected is Action.PLAY:
            seat = game.to_play
            game.play(seat, game.legal_plays(seat)[0])
        assert game.pending_claim is not None and game.pending_claim.player == 0
        row.state = json.dumps(game.to_dict())
        seat = db.session.get(GameSeat, (game_id, 0))
        seat.seen, seat.mark, seat.advice = len(game.log), len(game.log), None
        db.session.commit()
    return url


def test_a_seven_card_hand_of_46_is_claimed_in_full_under_muggins(app, learner):
    """A five-card hand of the seven-card game can count 46 (the engine's limit
    for the variant): the claim was refused as "more than 29"."""
    url = _seven_card_show(app, learner)
    html = learner.client.get(url).get_data(as_text=True)
    assert 'value="claim"' in html and 'data-max="46"' in html
    response = learner.client.post(url, data={"csrf_token": hidden_csrf_token(html), "action": "claim",
                                              "points": "46", "version": re.search(r'name="version" value="(\d+)"',
                                                                                   html).group(1)},
                                   follow_redirects=True)
    text = response.get_data(as_text=True)
    assert "flash-error" not in text and "check your count" not in text
    game, _ = saved_seat(app, int(url.rsplit("/", 1)[1]))
    claims = [e for e in game.log if isinstance(e, Claimed) and e.player == 0]
    assert [(c.what, c.points) for c in claims] == [(Counted.HAND, 46)]
    assert any(isinstance(e, Points) and e.player == 0 and e.reason is Award.CLAIM and e.points == 46
               for e in game.log)
    # One more than the hand can make is still refused, with the engine's limit.
    url = _seven_card_show(app, learner)
    html = learner.client.get(url).get_data(as_text=True)
    page = learner.client.post(url, data={"csrf_token": hidden_csrf_token(html), "action": "claim", "points": "47",
                                          "version": re.search(r'name="version" value="(\d+)"', html).group(1)},
                               follow_redirects=True).get_data(as_text=True)
    assert "No hand scores more than 46: check your count." in page


def _seated_game(app, learner, seat: int, **chosen) -> str:
    """A game in which the signed-in learner sits in ``seat`` and bots of its level sit in the others."""
    with app.app_context():
        ann = learners.learner_by_name(learner.name).id
        setup = choices.GameSetup(**chosen)
        sitters = default_sitters(setup.rules(), ann, setup.level, app.config.get("PLAY_BOT_MISS_RATE"), seat=seat)
        game_id = games.new_game(ann, setup, seed=app.config.get("PLAY_SEED"), sitters=sitters)
    return f"/play/{game_id}"


@pytest.mark.slow
def test_a_learner_in_seat_1_beside_a_bot_in_seat_0_never_sees_a_hidden_card(seeded, learner):
    """Any seat a person: with the bot in seat 0 and the learner in seat 1 a whole
    muggins game shows, at every page, only what seat 1 may know; the table is
    drawn from the learner's chair (their score first, as "You"), and their
    results and review are theirs."""
    seeded.config["PLAY_BOT_MISS_RATE"] = 1.0
    url = _seated_game(seeded, learner, 1, counting=Counting.MUGGINS, length="61")
    player = TablePlayer(seeded, learner, url, seat=1, under_claim_every=3)
    html = player.page()
    game, row = player.saved()
    mine = game.rules.side_of(1)
    assert re.search(rf'data-testid="your-score" data-side-score="0">{game.rules.peg_hole(game.scores[mine])}<', html)
    assert "Your crib" in html or "bot’s crib" in html
    player.play_to_end()
    game, row = player.saved()
    assert game.is_over and row.finished and row.won == (game.outcome.winner == mine)
    assert player.under_claims and player.muggins_called, "both sides of muggins happened"
    assert {e.player for e in game.log if isinstance(e, Claimed)} == {0, 1}
    results = learner.client.get(f"{url}/results").get_data(as_text=True)
    assert_no_secrets(results, game, seat=1)
    board = [game.rules.peg_hole(score) for score in game.scores]
    assert f"You {board[mine]}" in results and f"{board[1 - mine]} bot" in results
    assert ("You won!" in results) == (game.outcome.winner == mine)
    review = learner.client.get(f"{url}/review").get_data(as_text=True)
    assert_no_secrets(review, game, seat=1)
    assert "Deal 1" in review and "Discard" in review
    with seeded.app_context():
        assert db.session.get(GameSeat, (player.game_id, 0)).learner_id is None  # seat 0 is the bot's


def test_a_learner_in_the_last_seat_of_three_sees_the_table_from_their_chair(seeded, learner):
    url = _seated_game(seeded, learner, 2, variant="three-player")
    player = TablePlayer(seeded, learner, url, seat=2)
    html = player.page()
    for _ in range(16):  # every page checked for cards seat 2 may not know
        html = player.step(html)
    game, _ = player.saved()
    # Seat 0 sits on the learner's left (play moves left), seat 1 on their right.
    others = re.findall(r'<span class="seat-name">([^<·]+)', html)
    assert [name.strip() for name in others] == ["Left bot", "Right bot"]
    plays = [e for e in game.log if isinstance(e, Played)]
    assert any(e.player == 2 for e in plays) and any(e.player != 2 for e in plays)


class WorkCounter:
    """Counts, while on, the SQL statements the app sends (and those reading the
    saved game), the saved games parsed (:meth:`Game.from_dict`), and the coach's
    analyses worked out (a discard's, a card's)."""

    def __init__(self, app, monkeypatch):
        self.statements: list[str] = []
        self.parsed = 0
        self.analyses: list[str] = []
        with app.app_context():
            self.engine = db.engine
        parse = Game.from_dict.__func__

        def parsed(cls, data):
            self.parsed += 1
            return parse(cls, data)

        monkeypatch.setattr(Game, "from_dict", classmethod(parsed))
        for name in ("discard_analysis", "play_analysis"):
            analyse = getattr(coach, name)

            def analysed(*args, _analyse=analyse, _name=name, **kwargs):
                result = _analyse(*args, **kwargs)
                if result.options:  # a card with nothing to weigh costs nothing
                    self.analyses.append(_name)
                return result

            monkeypatch.setattr(coach, name, analysed)
        sqlalchemy_event.listen(self.engine, "before_cursor_execute", self._statement)

    def _statement(self, conn, cursor, statement, parameters, context, executemany):
        self.statements.append(statement)

    def reset(self) -> None:
        self.statements.clear()
        self.parsed = 0

    @property
    def game_reads(self) -> int:
        return sum(1 for s in self.statements if s.lstrip().upper().startswith("SELECT") and "FROM saved_game" in s)

    def close(self) -> None:
        sqlalchemy_event.remove(self.engine, "before_cursor_execute", self._statement)


@pytest.mark.slow
def test_a_move_and_its_page_read_the_game_once_each_and_each_decision_is_analysed_once(seeded, learner,
                                                                                       monkeypatch):
    """A game POST and the GET of the page after it, with the coach on: one read
    of the saved game and one parse each (it was four reads and three parses),
    and the coach's analysis of each discard and card worked out once, for the
    hint and then for the grading (it was worked out at the GET and again at the POST)."""
    learner.post("/settings/", {"animation": "off", "coach": "y"}, page="/settings/")
    counter = WorkCounter(seeded, monkeypatch)
    url = start(learner, length="121")
    html = learner.client.get(url).get_data(as_text=True)
    decisions = 0
    pairs = 0
    try:
        for _ in range(40):
            version = re.search(r'name="version" value="(\d+)"', html).group(1)
            form = {"csrf_token": hidden_csrf_token(html), "version": version}
            playable = re.findall(r'name="card" value="(\w+)" data-card="\w+" class="card-button"', html)
            decisions += _analysed_here(html)
            if 'value="discard"' in html:
                form |= {"action": "discard", "card": re.findall(r'name="card" value="(\w+)" data-card', html)[:2]}
            elif 'value="play"' in html:
                form |= {"action": "play", "card": playable[0]}
            else:
                form |= {"action": next(a for a in ("go", "continue", "cut") if f'value="{a}"' in html)}
            counter.reset()
            assert learner.client.post(url, data=form).status_code == 302
            html = learner.client.get(url).get_data(as_text=True)
            assert (counter.game_reads, counter.parsed) == (2, 2), counter.statements
            pairs += 1
    finally:
        counter.close()
    assert decisions >= 6 and pairs == 40
    # One analysis for each decision reached, the one still waiting on the last page included.
    assert len(counter.analyses) == decisions + _analysed_here(html), counter.analyses


def _analysed_here(html: str) -> bool:
    """Whether the page waits for a decision the coach weighs: a discard, or a choice of two cards or more."""
    playable = re.findall(r'name="card" value="(\w+)" data-card="\w+" class="card-button"', html)
    return 'value="discard"' in html or ('value="play"' in html and len(playable) > 1)


# ---------------------------------------------------------------- every table of RULES.md §4, every target


def test_every_offered_games_name_fits_its_saved_column():
    """PostgreSQL refuses a longer name than ``saved_game.variant`` holds (SQLite would keep it)."""
    assert max(len(name) for name in choices.VARIANTS) <= SavedGame.__table__.c.variant.type.length


def test_setup_offers_every_table_with_bots_and_every_target(learner):
    html = learner.client.get("/play/").get_data(as_text=True)
    for variant in ("six-card", "five-card", "seven-card", "three-player", "four-player", "four-each",
                    "five-player", "six-player", "six-2-teams", "six-3-teams"):
        assert f'name="variant" value="{variant}"' in html, variant
    for length in ("own", "61", "91", "121", "241"):
        assert f'name="length" value="{length}"' in html, length
    assert "Six players, three teams of two" in html and "241 (four laps)" in html


@pytest.mark.parametrize("variant, length, target, lines", [
    ("four-each", "91", 91, (61, 31)), ("five-player", "own", 121, (91, 61, 31)),
    ("six-2-teams", "241", 241, (211, 181, 151)), ("three-player", "121", 121, (91, 61, 31)),
])
def test_every_table_is_set_up_to_every_target_with_the_skunk_lines_of_rules_md_section_3(
        seeded, learner, variant, length, target, lines):
    url = start(learner, variant=variant, length=length)
    game, row = TablePlayer(seeded, learner, url).saved()
    assert game.rules == choices.VARIANTS[variant].to_target(target).with_options(
        counting=Counting.AUTOMATIC, convention=game.rules.convention)
    assert game.rules.skunk_lines == lines and row.target == target
    with seeded.app_context():  # the saved row sets up its match's next game alike
        assert games._setup_of(db.session.get(SavedGame, row.id)).rules() == game.rules


@pytest.mark.parametrize("variant, counting, sides, labels", [
    ("five-player", "automatic", 5, ("You", "Bot 1", "Bot 2", "Bot 3", "Bot 4")),
    ("six-player", "automatic", 6, ("You", "Bot 1", "Bot 2", "Bot 3", "Bot 4", "Bot 5")),
    ("six-3-teams", "muggins", 3, ("You + partner", "Bot 1 + Bot 4", "Bot 2 + Bot 5")),
])
@pytest.mark.slow
def test_five_and_six_player_games_and_a_team_game_with_muggins_play_from_set_up_to_results(
        seeded, learner, variant, counting, sides, labels):
    seeded.config["PLAY_BOT_MISS_RATE"] = 1.0
    url = start(learner, variant=variant, counting=counting, length="61")
    player = TablePlayer(seeded, learner, url, under_claim_every=2)
    html = player.page()
    # One score per side, and a track per side on each board: the wide one, the phone's and the one stood down the left.
    assert html.count('data-side-score="') == sides and html.count('<g class="track p') == 3 * sides
    assert [re.sub(r"\s+", " ", label) for label in re.findall(r'<span class="who">([^<]*)</span>', html)] == \
        list(labels)
    player.play_to_end()
    game, row = player.saved()
    assert game.is_over and row.finished and game.rules.players == (5 if variant == "five-player" else 6)
    mine = game.rules.side_of(0)
    assert row.won == (game.outcome.winner == mine)
    if counting == "muggins":
        assert player.under_claims and player.muggins_called
    results = learner.client.get(f"/play/{player.game_id}/results").get_data(as_text=True)
    assert_no_secrets(results, game)
    board = [game.rules.peg_hole(score) for score in game.scores]
    for label, score in zip(labels, board):  # every side's score, the learner's first
        assert f'{label} {score}</span>' in results.replace("&#43;", "+"), label
    assert f"Your {choices.variant_name(variant)} games at easy level, to 61" in results
    review = learner.client.get(f"/play/{player.game_id}/review").get_data(as_text=True)
    assert_no_secrets(review, game)
    assert "Deal 1" in review and "the play is not judged" in review
    listed = learner.client.get("/play/").get_data(as_text=True)
    other = max(score for side, score in enumerate(board) if side != mine)
    line = "Your side %d – %d the best other side" if game.rules.partnerships else \
        "You %d – %d the best other player"
    assert line % (board[mine], other) in listed


@pytest.mark.slow
def test_a_team_matchs_results_give_every_sides_match_points(seeded, learner):
    url = start(learner, variant="six-3-teams", length="61", match="on")
    player = TablePlayer(seeded, learner, url)
    player.play_to_end()
    game, _ = player.saved()
    results = learner.client.get(f"/play/{player.game_id}/results").get_data(as_text=True)
    shown = re.search(r'data-testid="match-score">Match points: (.*?)</p>', results).group(1)
    points = [int(p) for p in re.findall(r"<strong>(\d+)</strong>", shown)]
    mine = game.rules.side_of(0)
    assert len(points) == 3 and sorted(points) == [0, 0, game.outcome.match_points]
    assert (points[0] > 0) == (game.outcome.winner == mine)
    assert shown.startswith("You + partner <strong>") and "Bot 1 + Bot 4 <strong>" in shown.replace("&#43;", "+")


@pytest.mark.parametrize("bug", [KeyError, IndexError])
def test_a_bug_inside_a_move_is_a_server_error_not_a_seat_given_away(seeded, learner, monkeypatch, bug):
    """Only the play service's NotSeated means "no seat here": a KeyError of a bug is a 500."""
    url = start(learner)
    player = TablePlayer(seeded, learner, url)
    html = player.page()
    while 'value="discard"' not in html:
        html = player.step(html)
    game_before, _ = player.saved()

    def broken(*args, **kwargs):
        raise bug("a bug inside the move")

    monkeypatch.setattr(games, "_apply", broken)
    seeded.config["PROPAGATE_EXCEPTIONS"] = False  # answered as a browser would see it
    cards = re.findall(r'name="card" value="(\w+)" data-card', html)
    version = re.search(r'name="version" value="(\d+)"', html).group(1)
    form = {"csrf_token": hidden_csrf_token(html), "version": version, "action": "discard", "card": cards[:2]}
    response = learner.client.post(url, data=form)
    assert response.status_code == 500
    assert "gave your seat" not in learner.client.get("/play/").get_data(as_text=True)
    assert player.saved()[0].to_dict() == game_before.to_dict()
    monkeypatch.setattr("trainer.web.play.game_results", broken)
    assert learner.client.get(f"{url}/results").status_code == 500
