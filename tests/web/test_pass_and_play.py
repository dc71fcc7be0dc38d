"""Pass and play at one device in personal mode (issue 22 §7), through the test client:
the Play page offers it, the screen between turns shows no card of any hand,
"I am Bob" shows Bob's hand and nobody else's, moves are the person's in front,
nobody who is not seated takes the device, server mode has none of it, a
two-person game runs to its first show, and the pass screen speaks Russian."""

from __future__ import annotations

import re

import pytest
from sqlalchemy import select

from engine.events import Shown
from trainer import database
from trainer.database import db
from trainer.play import passing
from trainer.play.choices import GameSetup
from trainer.play.models import GameSeat
from trainer.record import learners
from trainer.record.models import Attempt

from .helpers import hidden_csrf_token
from .test_accounts import Visitor, make_account
from .test_i18n_games import english_left
from .test_play import TablePlayer, assert_no_secrets, card_marks, saved_seat

PASS_SCREEN = 'data-testid="pass-screen"'


@pytest.fixture
def seeded(app):
    app.config["PLAY_SEED"] = 11
    return app


def profile(app, name: str) -> int:
    with app.app_context():
        learner_id = learners.learner_by_name(name, create=True).id
        database.commit()
    return learner_id


def start(learner, *people: int, **choices) -> str:
    """Start a pass-and-play game from the Play page's form; its table's address."""
    fields = {"level": "easy", "variant": "six-card", "length": "61", "counting": "automatic", "skunks": "on",
              "person": [str(p) for p in people]}
    fields.update(choices)
    response = learner.post("/play/pass", fields, page="/play/")
    assert response.status_code == 302, response.get_data(as_text=True)
    return response.headers["Location"]


def hands(app, game_id: int) -> set:
    """Every card of every hand of the deal, as the engine holds them: as dealt and as held now."""
    game, _ = saved_seat(app, game_id)
    return {c for seat in range(game.rules.players) for c in (*game.hands[seat], *game.hand(seat))}


def assert_no_card_of_any_hand(app, game_id: int, html: str) -> None:
    cards = hands(app, game_id)
    assert len(cards) >= 12, "the deal is under way"
    for c in cards:
        for mark in card_marks(c):
            assert mark not in html, f"the pass screen shows {c}"


def take_device(learner, url: str, html: str) -> str:
    """Press "I am ...: show my cards" on a pass screen; the table it opens."""
    learner_id = re.search(r'name="learner_id" value="(\d+)"', html).group(1)
    response = learner.client.post(f"{url}/front", data={"csrf_token": hidden_csrf_token(html),
                                                         "learner_id": learner_id})
    assert response.status_code == 302
    return learner.client.get(url).get_data(as_text=True)


def discard(learner, html: str, url: str) -> None:
    cards = re.findall(r'name="card" value="(\w+)" data-card', html)
    version = re.search(r'name="version" value="(\d+)"', html).group(1)
    response = learner.client.post(url, data={"csrf_token": hidden_csrf_token(html), "version": version,
                                              "action": "discard", "card": cards[:2]})
    assert response.status_code == 302


def test_the_play_page_offers_pass_and_play_with_the_other_profiles(app, learner):
    bob = profile(app, "Bob")
    html = learner.client.get("/play/").get_data(as_text=True)
    section = html[html.index('data-testid="pass-and-play"'):]
    assert f'name="person" value="{bob}"' in section and "Bob" in section
    ann = re.search(r'name="person" value="(\d+)"', section).group(1)
    assert int(ann) == bob, "the learner is not offered as one of the others"
    assert 'action="/play/pass"' in section and 'name="name"' in section


def test_the_pass_screen_shows_no_card_and_i_am_bob_shows_bobs_hand_only(seeded, learner):
    bob = profile(seeded, "Bob")
    url = start(learner, bob)
    game_id = int(url.rsplit("/", 1)[1])
    ann_table = learner.client.get(url).get_data(as_text=True)
    assert 'data-testid="at-device"' in ann_table and "Ann’s" in ann_table
    discard(learner, ann_table, url)
    screen = learner.client.get(url).get_data(as_text=True)
    assert PASS_SCREEN in screen and "Pass the device to Bob" in screen and "I am Bob: show my cards" in screen
    assert 'name="card"' not in screen and 'class="card' not in screen
    assert_no_card_of_any_hand(seeded, game_id, screen)
    bobs = take_device(learner, url, screen)
    assert PASS_SCREEN not in bobs and "Bob’s" in bobs
    game, seat = saved_seat(seeded, game_id, 1)
    for c in game.hand(1):
        assert f'name="card" value="{c}"' in bobs
    assert_no_secrets(bobs, game, seat.seen, seat=1)  # none of Ann's cards, kept or laid away


def test_moves_act_for_the_person_in_front_and_go_to_their_own_record(seeded, learner):
    bob = profile(seeded, "Bob")
    url = start(learner, bob)
    game_id = int(url.rsplit("/", 1)[1])
    discard(learner, learner.client.get(url).get_data(as_text=True), url)
    bobs = take_device(learner, url, learner.client.get(url).get_data(as_text=True))
    game, _ = saved_seat(seeded, game_id)
    assert game.kept[1] is None
    discard(learner, bobs, url)
    game, _ = saved_seat(seeded, game_id)
    assert game.kept[0] is not None and game.kept[1] is not None, "Bob's discard was made in Bob's seat"
    with seeded.app_context():
        ann = learners.learner_by_name("Ann").id
        made = {who: db.session.query(Attempt).filter_by(learner_id=who, kind="discard").count() for who in (ann, bob)}
    assert made == {ann: 1, bob: 1}


def test_a_profile_not_at_the_table_cannot_take_the_device_or_open_the_game(seeded, learner):
    bob, cat = profile(seeded, "Bob"), profile(seeded, "Cat")
    url = start(learner, bob)
    discard(learner, learner.client.get(url).get_data(as_text=True), url)
    screen = learner.client.get(url).get_data(as_text=True)
    refused = learner.client.post(f"{url}/front", data={"csrf_token": hidden_csrf_token(screen),
                                                         "learner_id": str(cat)}, follow_redirects=True)
    text = refused.get_data(as_text=True)
    assert "Only the people seated at this game can take the device." in text
    assert PASS_SCREEN in text, "still the screen passing to Bob: Cat did not sit down"
    # Without the form's token nothing changes either.
    learner.client.post(f"{url}/front", data={"learner_id": str(bob)})
    assert PASS_SCREEN in learner.client.get(url).get_data(as_text=True)
    learner.new("Cat")  # Cat at the device, signed in: the game is not hers to open
    assert learner.client.get(url).status_code == 404
    assert learner.post(f"{url}/front", {"learner_id": str(cat)}, page="/play/").status_code == 404
    assert learner.post(f"{url}/front", {"learner_id": str(bob)}, page="/play/").status_code == 404


@pytest.mark.usefixtures("quick_hashes")
def test_in_server_mode_the_option_is_absent_and_the_routes_refuse(server):
    make_account(server, "Ann")
    with server.app_context():
        ann = learners.learner_by_name("Ann").id
        bob = learners.learner_by_name("Bob", create=True).id
        database.commit()
        game_id = passing.start(ann, GameSetup(length="61"), [bob], seed=2)
    visitor = Visitor(server.test_client())
    assert visitor.sign_in("Ann").status_code == 302
    page = visitor.client.get("/play/").get_data(as_text=True)
    assert "pass-and-play" not in page and "Pass and play" not in page
    fields = {"person": str(bob), "variant": "six-card", "length": "61", "counting": "automatic"}
    assert visitor.post("/play/pass", fields, page="/play/").status_code == 404
    assert visitor.post(f"/play/{game_id}/front", {"learner_id": str(bob)}, page="/play/").status_code == 404
    table = visitor.client.get(f"/play/{game_id}").get_data(as_text=True)
    assert PASS_SCREEN not in table and 'data-testid="at-device"' not in table
    game, seat = saved_seat(server, game_id, 0)
    assert_no_secrets(table, game, seat.seen, seat=0)  # Ann's own chair, as any table of people


def test_a_pass_and_play_game_is_refused_with_a_message(learner):
    response = learner.post("/play/pass", {"variant": "six-card", "length": "61", "counting": "automatic"},
                            page="/play/", follow_redirects=True)
    assert "Choose at least one other profile to play at this device." in response.get_data(as_text=True)


def test_someone_new_is_seated_by_name(seeded, learner):
    url = start(learner, name="Dan")
    with seeded.app_context():
        dan = learners.learner_by_name("Dan")
    _, seat = saved_seat(seeded, int(url.rsplit("/", 1)[1]), 1)
    assert dan is not None and seat.learner_id == dan.id


@pytest.mark.slow
def test_two_people_play_to_the_first_show_passing_the_device(seeded, learner):
    bob = profile(seeded, "Bob")
    url = start(learner, bob)
    game_id = int(url.rsplit("/", 1)[1])
    with seeded.app_context():
        ann = learners.learner_by_name("Ann").id
    players = {ann: TablePlayer(seeded, learner, url, seat=0), bob: TablePlayer(seeded, learner, url, seat=1)}
    front, passes, html = ann, [], learner.client.get(url).get_data(as_text=True)
    for _ in range(200):
        game, _seat = saved_seat(seeded, game_id)
        if PASS_SCREEN in html:
            assert_no_card_of_any_hand(seeded, game_id, html)
            front = int(re.search(r'name="learner_id" value="(\d+)"', html).group(1))
            passes.append(front)
            html = take_device(learner, url, html)
            continue
        _, seat = saved_seat(seeded, game_id, players[front].seat)
        if any(isinstance(e, Shown) for e in game.log_seen_by(players[front].seat)[:seat.seen]):
            break
        html = players[front].step(html)
    else:
        pytest.fail("the first show never came")
    assert bob in passes and ann in passes, passes  # the device went both ways


def test_the_pass_screen_speaks_russian(seeded, learner):
    bob = profile(seeded, "Bob")
    url = start(learner, bob)
    discard(learner, learner.client.get(url).get_data(as_text=True), url)
    assert learner.post("/language", {"language": "ru"}).status_code == 302
    screen = learner.client.get(url).get_data(as_text=True)
    assert PASS_SCREEN in screen and '<html lang="ru">' in screen
    assert "Передайте устройство: Bob" in screen
    assert english_left(screen) == ["Bob"]
    form = learner.client.get("/play/").get_data(as_text=True)
    assert "За одним устройством" in form


def test_in_a_game_of_teams_the_partner_chosen_sits_on_the_learners_team(app, learner):
    bob, cat = profile(app, "Bob"), profile(app, "Cat")
    html = learner.client.get("/play/").get_data(as_text=True)
    assert f'<option value="{cat}">Cat</option>' in html[html.index('data-testid="pass-partner"'):]
    # Cat ticked and chosen as the partner, Bob ticked; then someone new typed in and chosen as the partner.
    for fields, partner in (({"person": [str(bob), str(cat)], "partner": str(cat)}, "Cat"),
                            ({"person": [str(bob)], "name": "Dee", "partner": "new"}, "Dee")):
        game_id = int(start(learner, variant="four-player", **fields).rsplit("/", 1)[1])
        with app.app_context():
            seated = db.session.scalars(select(GameSeat).where(GameSeat.game_id == game_id,
                                                               GameSeat.learner_id.is_not(None)))
            seat_of = {learners.learner_by_id(s.learner_id).name: s.seat for s in seated}
        rules = saved_seat(app, game_id)[0].rules
        assert rules.side_of(seat_of[partner]) == rules.side_of(seat_of["Ann"]) != rules.side_of(seat_of["Bob"])
