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

from engine.cards import DECK, Card
from engine.events import Counted, CutForDeal, Dealt, Go, Played, Points, Shown, StarterCut
from engine.game import Game
from engine.pegging import score_play
from engine.scoring import score_show
from engine.table import fold
from trainer.database import db
from trainer.play.models import GameSeat, SavedGame
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


def start(learner, **choices) -> str:
    fields = {"level": "easy", "variant": "six-card", "length": "61", "counting": "automatic", "skunks": "on"}
    fields.update(choices)
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
    assert "Deals played" in text and f">{game.deal_number}<" in text
    # Counting accuracy: the learner under-claimed some of their counts.
    with seeded.app_context():
        shows = db.session.query(Attempt).filter_by(kind="show").all()
        assert shows and any(not a.correct for a in shows) and any(a.correct for a in shows)
        assert db.session.query(Attempt).filter_by(kind="discard").count() >= 1
    review = learner.client.get(f"/play/{player.game_id}/review").get_data(as_text=True)
    assert_no_secrets(review, game)
    assert "Deal 1" in review and "Discard" in review and "missed" in review


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
    moves = 0
    while moves < 3:
        before = int(re.search(r'data-testid="your-score" data-side-score="0">(\d+)<', html).group(1))
        html = player.step(html)
        after = int(re.search(r'data-testid="your-score" data-side-score="0">(\d+)<', html).group(1))
        if after > before > 0:
            pegs = dict(re.findall(r'class="peg p0 (front|back)" data-score="(\d+)"', html))
            # The back peg jumped ahead to where the front one stood before the last points.
            assert int(pegs["front"]) == after and before <= int(pegs["back"]) < after
            moves += 1


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
