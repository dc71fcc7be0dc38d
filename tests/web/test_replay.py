"""After a game at the playroom (issue 22 §8): the replay of every deal shows each
person at the table every seat's cards once the game is over, and nothing hidden
before (it sends them back to the table); a learner not at the table finds no
replay; the results link to it; the page reads in Russian.  The playroom page
counts the learner's games against each person from the stored results."""

from __future__ import annotations

import re

import pytest

from engine.events import Dealt
from tests.trainer.play.test_people import the_move
from tests.trainer.room.test_opponents import played
from trainer.play import games
from trainer.record import learners

from .helpers import page_text
from .test_i18n_games import assert_russian, speak_russian
from .test_play import assert_no_secrets, saved_seat
from .test_rooms import host_posts, invitation, open_room, person, take_seat

#: The other person's name: Cyrillic, so the Russian page has no Latin word but "Ann".
BOB = "Боря"


def start_table(app, learner):
    """Ann and Боря at a table of the playroom, Ann hosting: the game's id and both people."""
    app.config["PLAY_SEED"] = 4
    ann, bob = learner, person(app, BOB)
    room = open_room(ann, counting="muggins")
    take_seat(bob, invitation(ann, room))
    table = host_posts(ann, room, "start").headers["Location"]
    return int(table.rsplit("/", 1)[1]), ann, bob


def play_through_the_services(app, game_id: int) -> None:
    """Both people make their moves through trainer.play.games until the game is over."""
    with app.app_context():
        people = [learners.learner_by_name(name).id for name in ("Ann", BOB)]
        for _ in range(4000):
            moved = False
            for person_id in people:
                table = games.load_table(person_id, game_id)
                move = the_move(table)
                if move is not None:
                    games.act(person_id, game_id, table.version, move)
                    moved = True
            if not moved:
                return
    raise AssertionError("the game did not end")


def faces(cards) -> list[str]:
    return [c.pretty for c in cards]


@pytest.mark.slow
def test_the_replay_shows_every_hand_to_each_person_only_once_the_game_is_over(app, learner):
    game_id, ann, bob = start_table(app, learner)
    replay = f"/play/{game_id}/replay"
    # While the game lasts: back to the table, with a message, and no card of the other's.
    for seat, actions in enumerate((ann, bob)):
        sent = actions.client.get(replay)
        assert sent.status_code == 302 and sent.headers["Location"].endswith(f"/play/{game_id}")
        page = actions.client.get(sent.headers["Location"])
        html = page.get_data(as_text=True)
        assert "The replay of every hand opens when the game is over." in page_text(page)
        game, row = saved_seat(app, game_id, seat)
        assert_no_secrets(html, game, row.seen, seat)
    carl = person(app, "Carl")
    assert carl.client.get(replay).status_code == 404
    play_through_the_services(app, game_id)
    game, row = saved_seat(app, game_id)
    assert game.is_over
    dealt = [e for e in game.log if isinstance(e, Dealt)]
    for seat, actions in enumerate((ann, bob)):
        results = actions.client.get(f"/play/{game_id}/results").get_data(as_text=True)
        assert f'href="{replay}"' in results
        response = actions.client.get(replay)
        assert response.status_code == 200
        html = response.get_data(as_text=True)
        sections = html.split('data-testid="replay-deal"')[1:]
        assert len(sections) == len(dealt) == row.deals
        for section, event in zip(sections, dealt):
            for hand in event.hands:  # every seat's cards, in the deal's own section
                for face in faces(hand):
                    assert face in section, (event.deal_number, face)
            rows = re.findall(r'data-testid="replay-hand"><th scope="row">([^<]+)</th>', section)
            assert rows == (["You", BOB] if seat == 0 else ["You", "Ann"])
    assert carl.client.get(replay).status_code == 404
    # In Russian, every word of the page is.
    speak_russian(ann)
    assert_russian(ann.client.get(replay).get_data(as_text=True), "the replay")


def test_the_playroom_counts_the_games_against_each_person_from_the_stored_results(app, learner):
    bob = person(app, BOB)
    with app.app_context():
        ann_id, bob_id = (learners.learner_by_name(name).id for name in ("Ann", BOB))
        played(ann_id, [(ann_id, True, 61), (bob_id, False, 40)])
        played(bob_id, [(bob_id, True, 61), (ann_id, False, 52)])
        played(ann_id, [(ann_id, True, 61), (bob_id, False, 33)])
    row = re.search(r'data-testid="opponent">(.*?)</tr>', learner.client.get("/rooms/").get_data(as_text=True))
    cells = re.findall(r">([^<>]+)</t[hd]>", row.group(1))
    assert cells == [BOB, "3", "2", "1", "58.0", "44.7"]
    his = re.search(r'data-testid="opponent">(.*?)</tr>', bob.client.get("/rooms/").get_data(as_text=True))
    assert re.findall(r">([^<>]+)</t[hd]>", his.group(1))[:4] == ["Ann", "3", "1", "2"]
    carl = person(app, "Carl")
    assert 'data-testid="opponents"' not in carl.client.get("/rooms/").get_data(as_text=True)
    speak_russian(learner)
    russian = learner.client.get("/rooms/").get_data(as_text=True)
    assert "Ваши соперники" in russian and "Выиграно" in russian
