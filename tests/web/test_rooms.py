"""Play with people (issue 22): a table opened, its link sent, people taking its
seats, bots in the rest, the start, each refusal a message; then a whole
two-person muggins game through two test clients, each page checked for the
other's hidden cards, muggins called by a person at their own seat, the
preset phrases heard by every seat, and every move announced on the table's
live stream once it is committed."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest

from engine.events import Award, MugginsCalled, Points
from tests.web.conftest import LearnerActions
from trainer.database import db
from trainer.live.hub import HUB
from trainer.live.listener import listen, stop_listening
from trainer.play import games, talk
from trainer.play.models import GameSeat, SavedGame, TablePhrase
from trainer.play.results import level_stats
from trainer.record import learners
from trainer.room.models import Room, RoomSeat

from .helpers import StreamPage, page_text
from .test_accounts import Visitor, make_account
from .test_play import TablePlayer, assert_no_secrets, saved_seat


def person(app, name: str) -> LearnerActions:
    """Another person, in a browser of their own."""
    actions = LearnerActions(app.test_client())
    actions.new(name)
    return actions


def open_room(host: LearnerActions, **choices) -> str:
    fields = {"variant": "six-card", "length": "61", "counting": "muggins", "skunks": "on"}
    fields.update(choices)
    response = host.post("/rooms/new", fields, page="/rooms/")
    assert response.status_code == 302, response.get_data(as_text=True)
    return response.headers["Location"]


def invitation(host: LearnerActions, room: str) -> str:
    html = host.client.get(room).get_data(as_text=True)
    link = re.search(r'value="(http[^"]+/rooms/join/[^"]+)"', html).group(1)
    return link.replace("http://localhost", "")


def take_seat(guest: LearnerActions, link: str):
    return guest.post(link, {}, page="/rooms/")


def message_after(actions: LearnerActions, response) -> str:
    """The page a refused action sends to, with its message."""
    assert response.status_code == 302, response.get_data(as_text=True)
    return page_text(actions.client.get(response.headers["Location"]))


def host_posts(host: LearnerActions, room: str, action: str, **fields):
    return host.post(f"{room}/{action}", fields, page=room)


def test_a_table_is_gathered_by_its_link_and_started_by_its_host(app, learner):
    ann = learner
    room = open_room(ann)
    link = invitation(ann, room)
    assert "Bob" not in page_text(ann.client.get(room))
    bob = person(app, "Bob")
    assert "Ann invites you to a table" in page_text(bob.client.get(link))
    joined = take_seat(bob, link)
    assert joined.headers["Location"].endswith(room)
    assert "Bob" in page_text(ann.client.get(room))
    assert "Waiting for the host" in page_text(bob.client.get(room))
    assert 'data-testid="invitation"' not in bob.client.get(room).get_data(as_text=True)  # the link is the host's
    # Taking the seat again changes nothing; a third person finds the table full.
    assert take_seat(bob, link).headers["Location"].endswith(room)
    carl = person(app, "Carl")
    assert "That table is full" in message_after(carl, take_seat(carl, link))
    assert carl.client.get(room).status_code == 404  # not at the table: not found
    # Only the host starts, revokes or seats bots.
    assert "Only the host" in message_after(bob, host_posts(bob, room, "start"))
    assert "Only the host" in message_after(bob, host_posts(bob, room, "revoke"))
    started = host_posts(ann, room, "start")
    table = started.headers["Location"]
    assert "/play/" in table
    # Bob's gathering page now opens the game; both sit at it, each in their own seat.
    assert bob.client.get(room).headers["Location"].endswith(table)
    assert bob.client.get(table).status_code == 200 and carl.client.get(table).status_code == 404
    assert "That game has started" in message_after(carl, take_seat(carl, link))


def test_a_revoked_link_opens_nothing_and_the_new_one_works(app, learner):
    room = open_room(learner, variant="three-player")
    old = invitation(learner, room)
    assert "no longer opens" in message_after(learner, host_posts(learner, room, "revoke"))
    new = invitation(learner, room)
    assert new != old
    bob = person(app, "Bob")
    assert "opens no table" in page_text(bob.client.get(old, follow_redirects=True))
    assert "opens no table" in message_after(bob, take_seat(bob, old))
    assert bob.client.get("/rooms/join/nonsense").status_code == 302
    take_seat(bob, new)
    # The host gives the last seat to a bot and starts: Ann, Bob and an easy bot.
    assert "Every seat must be taken" in message_after(learner, host_posts(learner, room, "start"))
    host_posts(learner, room, "bots", level="medium")
    assert "Medium bot" in page_text(learner.client.get(room))
    assert "no free seat" in message_after(learner, host_posts(learner, room, "bots", level="easy"))
    assert "Choose a level" in message_after(learner, host_posts(learner, room, "bots", level="god"))
    table = host_posts(learner, room, "start").headers["Location"]
    game_id = int(table.rsplit("/", 1)[1])
    with app.app_context():
        row = db.session.get(SavedGame, game_id)
        assert row.live_key is not None and row.live_key == db.session.scalar(
            db.select(Room.live_key).where(Room.game_id == game_id))
    # A second press of Start (a double click) opens the same game.
    assert learner.post(f"{room}/start", {}, page="/rooms/").headers["Location"].endswith(table)


def test_bad_set_ups_are_messages(learner):
    for fields, words in (({"variant": "nine-card"}, "Choose one of the games"),
                          ({"counting": "honour"}, "Choose automatic counting"),
                          ({"length": "1000"}, "Choose a game to 61"),
                          ({"away_after": "7"}, "Choose one of the time limits"),
                          ({"call_within": "forever"}, "Choose one of the time limits")):
        response = learner.post("/rooms/new", {"variant": "six-card", **fields}, page="/rooms/")
        assert words in message_after(learner, response)
    assert learner.client.post("/rooms/new", data={"variant": "six-card"}).status_code == 302  # no token: refused
    assert learner.client.get("/rooms/99999").status_code == 404


def page_text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def offers_a_move(html: str) -> bool:
    return any(f'value="{action}"' in html
               for action in ("go", "continue", "discard", "cut", "play", "claim", "muggins"))


@pytest.mark.slow
def test_two_people_play_a_whole_muggins_game_each_seeing_only_their_own_cards(app, learner):
    # Each database plays one of the two countings: both are covered, at half the cost of all four pairs.
    counting = "strict muggins" if app.config["SQLALCHEMY_DATABASE_URI"].startswith("postgresql") else "muggins"
    app.config["PLAY_SEED"] = 5
    ann, bob = learner, person(app, "Bob")
    room = open_room(ann, counting=counting)
    take_seat(bob, invitation(ann, room))
    table = host_posts(ann, room, "start").headers["Location"]
    game_id = int(table.rsplit("/", 1)[1])
    with app.app_context():
        key = db.session.get(SavedGame, game_id).live_key
    listener = listen(app.config["SQLALCHEMY_DATABASE_URI"])  # PostgreSQL: this process hears NOTIFY
    assert listener is None or listener.connected.wait(10)
    stream = StreamPage()
    HUB.subscribe(key, stream)
    try:
        # Ann counts one claim in three short; Bob, at his own seat, calls muggins on it.
        players = [TablePlayer(app, ann, table, seat=0, under_claim_every=3, call_muggins=False),
                   TablePlayer(app, bob, table, seat=1, under_claim_every=0, call_muggins=True)]
        # A phrase is heard at every seat, in the reader's language.
        ann.post(f"{table}/say", {"phrase": "good-luck"}, page=table)
        assert "Ann: Good luck!" in page_text(bob.client.get(table))
        assert "Game %d at a table of people" % game_id in page_text(ann.client.get(table))
        moves, asked = 0, []
        for _ in range(3000):
            moved = False
            for player in players:
                html = player.page()  # every page checked: no card the seat may not know
                if 'value="muggins"' in html:  # asked about the other's claim, in words for a person
                    asked.append(re.search(r"(Ann|Bob) claims \d+ for (their hand|their crib|the card they played)\.",
                                           page_text_of(html)) is not None)
                if offers_a_move(html):
                    player.step(html)
                    moves += 1
                    moved = True
            if not moved:
                break
        game, _row = saved_seat(app, game_id)
        assert game.is_over, "the game stopped with nobody to move"
        assert moves > 60
        assert players[0].under_claims
        if counting == "muggins":
            called = [e for e in game.log if isinstance(e, MugginsCalled)]
            assert called and all(e.player == 1 and e.claimant == 0 for e in called)
            assert sum(e.points for e in called) > 0  # Bob took the points Ann missed
            assert asked and all(asked)
        else:
            # The strict rule: nobody is asked; every point Ann missed went to Bob at once.
            taken = [e for e in game.log if isinstance(e, Points) and e.reason is Award.MUGGINS]
            assert not asked and taken and all(e.player == 1 for e in taken)
        for player in players:
            html = player.page()
            assert "See the results" in html
            results = player.client.get(f"{table}/results").get_data(as_text=True)
            assert_no_secrets(results, game, None, player.seat)
            words = page_text_of(results)
            other = "Bob" if player.seat == 0 else "Ann"
            assert re.search(rf"You \d+ – {other} \d+", words), words  # the other side by name, not "bot"
            assert " bot" not in words and "Bot" not in words and "easy level" not in words, words
        # Every move was announced on the table's key, in order, once committed.
        with app.app_context():
            row = db.session.get(SavedGame, game_id)
            last = row.version + row.talk
        heard = stream.heard_until(last)  # on PostgreSQL the last NOTIFY may still be on its way
        assert heard == sorted(heard) and len(heard) >= 30
    finally:
        HUB.unsubscribe(key, stream)
        stop_listening(app.config["SQLALCHEMY_DATABASE_URI"])


def test_phrases_are_preset_and_said_in_each_readers_language(app, learner):
    app.config["PLAY_SEED"] = 3
    ann, bob = learner, person(app, "Bob")
    room = open_room(ann)
    take_seat(bob, invitation(ann, room))
    table = host_posts(ann, room, "start").headers["Location"]
    html = bob.client.get(table).get_data(as_text=True)
    assert 'data-live-key="' in html and 'data-phrase="well-played"' in html and "live.js" in html
    before = int(re.search(r'data-live-version="(\d+)"', html).group(1))
    bob.post(f"{table}/say", {"phrase": "nice-hand"}, page=table)
    bob.post(f"{table}/say", {"phrase": "free text"}, page=table)  # refused: only the phrases offered
    after = bob.client.get(table).get_data(as_text=True)
    assert int(re.search(r'data-live-version="(\d+)"', after).group(1)) == before + 1
    assert "Bob: Nice hand!" in page_text(ann.client.get(table))
    assert "free text" not in page_text(ann.client.get(table))
    ann.post("/language", {"language": "ru", "next": table}, page=table)
    russian = page_text(ann.client.get(table))
    assert "Bob: Хорошая рука!" in russian and "Nice hand" not in russian
    # A game against the bots has no phrases and no stream.
    solo = ann.post("/play/new", {"level": "easy", "variant": "six-card", "length": "61", "counting": "automatic"},
                    page="/play/").headers["Location"]
    assert "data-live-key" not in ann.client.get(solo).get_data(as_text=True)
    ann.post("/language", {"language": "en", "next": solo}, page=solo)
    assert "tables of people" in message_after(ann, ann.post(f"{solo}/say", {"phrase": "good-game"}, page=solo))


def test_a_flood_of_phrases_is_limited_and_a_table_keeps_only_its_newest(app, learner, monkeypatch):
    """Each phrase reloads every seat's page: ten a minute a person, then 429; and a table
    keeps only its newest phrases (here 4), however many were said."""
    monkeypatch.setattr(talk, "KEPT", 4)
    ann, bob = learner, person(app, "Bob")
    room = open_room(ann)
    take_seat(bob, invitation(ann, room))
    table = host_posts(ann, room, "start").headers["Location"]
    game_id = int(table.rsplit("/", 1)[1])
    said = [bob.post(f"{table}/say", {"phrase": "good-luck"}, page=table).status_code for _ in range(12)]
    assert said == [302] * 10 + [429] * 2
    assert ann.post(f"{table}/say", {"phrase": "nice-hand"}, page=table).status_code == 302  # Bob's limit, not Ann's
    with app.app_context():
        kept = db.session.scalars(db.select(TablePhrase.phrase).where(TablePhrase.game_id == game_id)
                                  .order_by(TablePhrase.id)).all()
        assert kept == ["good-luck"] * 3 + ["nice-hand"]
        assert db.session.get(SavedGame, game_id).talk == 11  # the live version still counts every phrase
    assert "Ann: Nice hand!" in page_text(bob.client.get(table))


def test_on_a_server_the_link_asks_for_signing_in_and_then_offers_the_seat(server, quick_hashes):
    make_account(server, "Ann")
    make_account(server, "Bob")
    ann, bob = Visitor(server.test_client(), "10.0.0.1"), Visitor(server.test_client(), "10.0.0.2")
    ann.sign_in("Ann")
    room = ann.post("/rooms/new", {"variant": "six-card", "length": "61"}, page="/rooms/").headers["Location"]
    assert "Strict muggins" in page_text(ann.client.get(room))  # the playroom's own rule unless chosen otherwise
    link = re.search(r'value="(http[^"]+/rooms/join/[^"]+)"', ann.client.get(room).get_data(as_text=True)).group(1)
    link = link.replace("http://localhost", "")
    opened = bob.client.get(link, environ_base=bob.environ)
    assert opened.status_code == 302 and "/signin" in opened.headers["Location"]  # first sign in, then back here
    signed = bob.sign_in("Bob", url=opened.headers["Location"])
    assert signed.headers["Location"].endswith(link)
    assert bob.post(link, {}, page=link).headers["Location"].endswith(room)
    assert "Bob" in page_text(ann.client.get(room))


def test_a_learner_gathers_at_most_five_tables_at_once(learner):
    rooms = [open_room(learner) for _ in range(5)]
    refused = learner.post("/rooms/new", {"variant": "six-card"}, page="/rooms/")
    assert "gathering 5 tables already" in message_after(learner, refused)
    # Once one has started, another may be opened.
    host_posts(learner, rooms[0], "bots", level="easy")
    assert "/play/" in host_posts(learner, rooms[0], "start").headers["Location"]
    assert "/rooms/" in open_room(learner)


@pytest.mark.slow
def test_the_host_hands_an_absent_persons_seat_to_a_bot_which_plays_it_to_the_end(app, learner):
    app.config["PLAY_SEED"] = 9
    ann, bob = learner, person(app, "Bob")
    room = open_room(ann, counting="automatic")
    take_seat(bob, invitation(ann, room))
    table = host_posts(ann, room, "start").headers["Location"]
    game_id = int(table.rsplit("/", 1)[1])
    players = [TablePlayer(app, ann, table, seat=0), TablePlayer(app, bob, table, seat=1)]
    for player in players:  # both lay away: the game waits for the cut or a card
        player.step(player.page())
    # Only the host may, and only another person's seat.
    assert 'data-testid="hand-to-bot"' not in bob.client.get(table).get_data(as_text=True)
    assert "Only the host" in message_after(bob, bob.post(f"{table}/bot", {"seat": "0", "level": "easy"}, page=table))
    assert "nobody else to replace" in message_after(
        ann, ann.post(f"{table}/bot", {"seat": "0", "level": "easy"}, page=table))
    assert "Choose a seat" in message_after(ann, ann.post(f"{table}/bot", {"seat": "x", "level": "easy"}, page=table))
    html = ann.client.get(table).get_data(as_text=True)
    assert 'data-testid="hand-to-bot"' in html and '<option value="1">Bob</option>' in html
    # Bob has gone: Ann gives his seat to a medium bot, which plays it from now on.
    ann.post(f"{table}/bot", {"seat": "1", "level": "medium"}, page=table)
    # Bob's table sends him to his games, saying why; the game is listed there, no longer his to play.
    assert "gave your seat to a bot while you were away" in message_after(bob, bob.client.get(table))
    response = bob.post(table, {"version": "0", "action": "continue"}, page="/play/")
    assert response.headers["Location"] == "/play/"
    assert "gave your seat to a bot" in page_text(bob.client.get(table, follow_redirects=True))
    listed = page_text(bob.client.get("/play/"))
    assert "Continue game" not in listed and "The host gave your seat to a bot." in listed
    assert "Bob" not in page_text(ann.client.get(table))
    players[0].play_to_end()
    game, row = saved_seat(app, game_id)
    assert game.is_over and row.finished
    with app.app_context():
        seat = db.session.get(GameSeat, (game_id, 1))
        assert seat.learner_id is None and seat.bot_level == "medium" and seat.left_by is not None
    # Once it is over, Bob sees every hand from the chair he left (his results are not his: a bot finished).
    assert f'href="{table}/replay"' in bob.client.get("/play/").get_data(as_text=True)
    replay = bob.client.get(f"{table}/replay").get_data(as_text=True)
    assert 'href="/play/"' in replay and f'href="{table}/results"' not in replay
    assert bob.client.get(f"{table}/results").status_code == 404
    assert person(app, "Carl").client.get(f"{table}/replay").status_code == 404


def test_a_seat_kept_for_a_named_learner_and_a_person_taken_off_who_cannot_come_back(app, learner):
    ann = learner
    bob, carl, dave = person(app, "Bob"), person(app, "Carl"), person(app, "Dave")
    room = open_room(ann, variant="three-player")
    link = invitation(ann, room)
    assert "Nobody of that name" in message_after(ann, host_posts(ann, room, "keep", name="Zed"))
    host_posts(ann, room, "keep", name="carl")  # names match as the sign-in matches them
    assert "kept for Carl" in page_text(ann.client.get(room))
    assert take_seat(bob, link).headers["Location"].endswith(room)
    assert "That table is full" in message_after(dave, take_seat(dave, link))  # the last seat is Carl's
    assert "no free seat" in message_after(ann, host_posts(ann, room, "bots", level="easy"))  # bots leave it too
    take_seat(carl, link)
    seats = page_text(ann.client.get(room))
    assert "Bob" in seats and "Carl" in seats and "kept for" not in seats
    # Ann takes Bob off: his page is gone, and no link seats him again until she keeps a seat for him.
    assert "nobody to take off" in message_after(ann, host_posts(ann, room, "off", seat="0"))
    assert "nobody to take off" in message_after(ann, host_posts(ann, room, "off", seat="x"))
    bobs = re.search(r'data-seat="(\d)">Bob', ann.client.get(room).get_data(as_text=True)).group(1)
    host_posts(ann, room, "off", seat=bobs)
    assert bob.client.get(room).status_code == 404 and carl.client.get(room).status_code == 200
    assert "taken you off" in message_after(bob, take_seat(bob, link))
    host_posts(ann, room, "revoke")
    assert "taken you off" in message_after(bob, take_seat(bob, invitation(ann, room)))
    host_posts(ann, room, "keep", name="Bob")
    assert take_seat(bob, invitation(ann, room)).headers["Location"].endswith(room)
    assert "/play/" in host_posts(ann, room, "start").headers["Location"]


def test_in_a_game_of_teams_each_seat_shows_its_team_and_the_host_keeps_their_partners_seat(app, learner):
    ann, bob = learner, person(app, "Bob")
    room = open_room(ann, variant="four-player")
    html = ann.client.get(room).get_data(as_text=True)
    seats = re.findall(r'<li data-seat="(\d)">(.*?)</li>', html, flags=re.S)
    assert [("your team" in text, "team 2" in text) for _, text in seats] == [
        (False, False), (False, True), (True, False), (False, True)]  # Ann's own seat first
    offered = re.findall(r'<option value="(\d)">([^<]+)</option>', html.split('data-testid="keep-which"')[1])
    assert offered == [("1", "Seat 2, team 2"), ("2", "Seat 3, your team"), ("3", "Seat 4, team 2")]
    assert "Copy the link" in html  # shown where a script runs
    assert "not free" in message_after(ann, host_posts(ann, room, "keep", name="Bob", seat="0"))
    host_posts(ann, room, "keep", name="Bob", seat="2")
    assert re.search(r'data-seat="2"><em>kept for Bob</em>', ann.client.get(room).get_data(as_text=True))
    take_seat(bob, invitation(ann, room))
    assert re.search(r'data-seat="2">Bob <span class="badge team">your team', ann.client.get(room).get_data(as_text=True))
    assert "Ann your team" in page_text(bob.client.get(room))  # from Bob's seat, Ann is his team


def test_a_guest_leaves_before_the_start_and_the_host_closes_the_table(app, learner):
    ann, bob = learner, person(app, "Bob")
    room = open_room(ann, variant="three-player")
    link = invitation(ann, room)
    take_seat(bob, link)
    assert 'data-testid="leave-room"' in bob.client.get(room).get_data(as_text=True)
    assert 'data-testid="leave-room"' not in ann.client.get(room).get_data(as_text=True)  # the host closes instead
    assert "You have left table" in message_after(bob, bob.post(f"{room}/leave", {}, page=room))
    assert bob.client.get(room).status_code == 404 and "Bob" not in page_text(ann.client.get(room))
    assert bob.post(f"{room}/leave", {}, page="/rooms/").status_code == 404  # no seat to leave now
    take_seat(bob, link)  # and the link seats him again
    assert "Bob" in page_text(ann.client.get(room))
    assert "Only the host" in message_after(bob, host_posts(bob, room, "close"))
    assert "is closed" in message_after(ann, host_posts(ann, room, "close"))
    assert ann.client.get(room).status_code == bob.client.get(room).status_code == 404
    assert "its host may have closed it" in page_text(bob.client.get(room))  # the page Bob's reloads to
    assert "opens no table" in message_after(bob, take_seat(bob, link))


def play_together(players: list[TablePlayer]) -> int:
    """Each person makes the moves their page offers, in turn, until nobody has one; returns the moves made."""
    moves = 0
    for _ in range(3000):
        moved = False
        for player in players:
            html = player.page()
            if offers_a_move(html):
                player.step(html)
                moves += 1
                moved = True
        if not moved:
            return moves
    raise AssertionError("the game did not end")


@pytest.mark.slow
def test_a_match_between_people_goes_on_to_its_next_game_at_the_same_live_table(app, learner):
    app.config["PLAY_SEED"] = 2
    ann, bob = learner, person(app, "Bob")
    room = open_room(ann, counting="automatic", match="on")
    assert "a match of games" in page_text(ann.client.get(room))
    take_seat(bob, invitation(ann, room))
    table = host_posts(ann, room, "start").headers["Location"]
    first = int(table.rsplit("/", 1)[1])
    play_together([TablePlayer(app, ann, table, seat=0), TablePlayer(app, bob, table, seat=1)])
    game, row = saved_seat(app, first)
    assert game.is_over and row.match_id == first
    # Bob asks for the next game first; Ann's press finds the same one.
    following = bob.post(f"{table}/next", {}, page=f"{table}/results").headers["Location"]
    assert ann.post(f"{table}/next", {}, page=f"{table}/results").headers["Location"] == following
    second = int(following.rsplit("/", 1)[1])
    with app.app_context():
        rows = {g.id: g for g in db.session.scalars(db.select(SavedGame).where(SavedGame.id.in_((first, second))))}
        assert rows[second].live_key == rows[first].live_key and rows[second].match_game == 2
    assert 'data-live-key="' in ann.client.get(following).get_data(as_text=True)
    # A game of people stays out of the statistics of games against the bots.
    with app.app_context():
        stats = level_stats(learners.learner_by_name("Ann").id, "easy", 61, "six-card", False)
        assert stats.games == 0
    assert bob.client.get(following).status_code == 200


def test_a_table_that_never_starts_is_given_up_after_a_day(app, learner):
    room = open_room(learner)
    link = invitation(learner, room)
    room_id = int(room.rsplit("/", 1)[1])
    with app.app_context():
        db.session.get(Room, room_id).created_at -= timedelta(days=1, minutes=1)
        db.session.commit()
    bob = person(app, "Bob")
    assert "opens no table" in message_after(bob, take_seat(bob, link))
    assert learner.client.get(room).status_code == 404
    with app.app_context():
        assert db.session.get(Room, room_id) is None
        assert not db.session.scalars(db.select(RoomSeat).where(RoomSeat.room_id == room_id)).all()


def a_minute_passes(app, game_id: int) -> None:
    """Move the table's last move a minute and a second into the past."""
    with app.app_context():
        row = db.session.get(SavedGame, game_id)
        row.updated_at -= timedelta(seconds=61)
        db.session.commit()


def test_the_hosts_clock_lets_a_bot_play_for_a_person_who_has_gone_until_they_come_back(app, learner):
    app.config["PLAY_SEED"] = 9
    ann, bob = learner, person(app, "Bob")
    room = open_room(ann, counting="automatic", away_after="60", call_within="15")
    assert "A bot plays for anyone who has not moved within 1 minute" in page_text(ann.client.get(room))
    take_seat(bob, invitation(ann, room))
    table = host_posts(ann, room, "start").headers["Location"]
    game_id = int(table.rsplit("/", 1)[1])
    html = ann.client.get(table).get_data(as_text=True)
    assert 'data-clock-in="' in html and f'data-clock-url="/play/{game_id}/clock"' in html
    assert "within 1 minute" in page_text_of(html) and "Muggins is called" not in page_text_of(html)
    ann_player = TablePlayer(app, ann, table, seat=0)
    ann_player.step(ann_player.page())  # Ann lays away; Bob has gone
    assert ann.post(f"{table}/clock", {}, page=table).status_code == 204  # not yet his time
    a_minute_passes(app, game_id)
    # Ann's page asks the clock (live.js) once its time is up.
    assert ann.post(f"{table}/clock", {}, page="/play/").status_code == 200
    assert "Bob is away: a bot plays for them until they come back." in page_text(ann.client.get(table))
    bob_page = bob.client.get(table).get_data(as_text=True)
    assert 'data-testid="you-are-away"' in bob_page
    assert bob.post(f"{table}/back", {}, page=table).status_code == 302
    assert 'data-testid="you-are-away"' not in bob.client.get(table).get_data(as_text=True)
    assert "is away" not in page_text(ann.client.get(table))
    # Without JavaScript, a reload of any seat's page lets the clock act.
    game, _ = saved_seat(app, game_id)
    waits_on_bob = 1 in game.to_act
    a_minute_passes(app, game_id)
    assert ("Bob is away" in page_text(ann.client.get(table))) is waits_on_bob
    assert learner.client.post(f"{table}/clock").status_code == 302  # no token: sent back, nothing done
    carl = person(app, "Carl")
    assert carl.post(f"{table}/clock", {}, page="/play/").status_code == 404
    assert carl.post(f"{table}/back", {}, page="/play/").status_code == 404


def test_guessing_links_and_opening_tables_are_limited_per_learner(app, learner):
    app.config.update(INVITATION_LIMIT="3/hour", ROOM_LIMIT="2/hour")
    room = open_room(learner)
    link = invitation(learner, room)
    bob = person(app, "Bob")
    for _ in range(5):  # a good link is not a guess: it counts nothing
        assert bob.client.get(link).status_code == 200
    for guess in ("a" * 32, "b" * 32, "c" * 32):
        assert "opens no table" in message_after(bob, bob.client.get(f"/rooms/join/{guess}"))
    assert bob.client.get("/rooms/join/" + "d" * 32).status_code == 429
    assert "Too many tries" in page_text(bob.client.get(link))  # until the hour is up, even a good one
    open_room(learner)
    response = learner.post("/rooms/new", {"variant": "six-card"}, page="/rooms/")
    assert response.status_code == 429
    assert learner.client.get(link).status_code == 302  # Ann (seated: sent to her table) has her own count


def test_looking_up_names_to_keep_seats_for_is_limited_per_host_and_per_address(app, learner):
    """Each look-up says whether a name has an account (as the sign-up page does), so each costs a try."""
    app.config.update(NAME_LOOKUP_LIMIT="3/hour")
    ann, carl = learner, person(app, "Carl")
    person(app, "Bob")
    room, carls = open_room(ann), open_room(carl)
    assert "Nobody of that name" in message_after(ann, host_posts(ann, room, "keep", name="Zed"))
    host_posts(ann, room, "keep", name="bob")  # found or not, a look-up counts
    assert "kept for Bob" in page_text(ann.client.get(room))
    assert "Nobody of that name" in message_after(ann, host_posts(ann, room, "keep", name="Yan"))
    assert host_posts(ann, room, "keep", name="Xi").status_code == 429
    assert host_posts(carl, carls, "keep", name="Zed").status_code == 429  # another account at the same address
    ann.client.environ_base["REMOTE_ADDR"] = carl.client.environ_base["REMOTE_ADDR"] = "192.0.2.7"
    assert host_posts(ann, room, "keep", name="Zed").status_code == 429  # the host from another address
    assert "Nobody of that name" in message_after(carl, host_posts(carl, carls, "keep", name="Zed"))


def test_a_bug_in_starting_a_table_is_a_server_error_not_a_table_not_found(app, learner, monkeypatch):
    """Only the room service's NoSuchRoom is a 404: a KeyError of a bug is a 500."""
    room = open_room(learner, variant="six-card")
    host_posts(learner, room, "bots", level="easy")

    def broken(*args, **kwargs):
        raise KeyError("a bug in starting the game")

    monkeypatch.setattr(games, "new_game", broken)
    app.config["PROPAGATE_EXCEPTIONS"] = False  # answered as a browser would see it
    assert host_posts(learner, room, "start").status_code == 500
    assert host_posts(learner, "/rooms/999999", "start").status_code == 404  # no such table is still not found
