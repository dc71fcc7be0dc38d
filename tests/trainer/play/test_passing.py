"""Pass and play (issue 22 §7) through the services: the chosen profiles are seated,
the table says who the device goes to, and the screen between turns holds no card."""

from __future__ import annotations

import pytest

from engine.bots.levels import Level
from engine.cards import DECK
from tests.web.conftest import quick_hashes  # noqa: F401
from trainer import database
from trainer.play import choices, games, moves, passing
from trainer.play.seats import Sitter
from trainer.record import accounts, learners


def profiles(*names: str) -> tuple[int, ...]:
    ids = tuple(learners.learner_by_name(name, create=True).id for name in names)
    database.commit()
    return ids


def test_a_pass_and_play_game_seats_the_host_the_chosen_profiles_and_bots(app):
    with app.app_context():
        ann, bob, cat = profiles("Ann", "Bob", "Cat")
        setup = choices.GameSetup(Level.MEDIUM, variant="four-each", length="61")
        game_id = passing.start(ann, setup, [cat, bob, cat, ann], seed=3)
        view = games.table_view(ann, game_id)
        assert view.people == (ann, cat, bob)  # the host first, then as chosen, once each
        sitters = view.table.seating.sitters
        assert [s.learner_id for s in sitters[:3]] == [ann, cat, bob]
        assert sitters[3].level is Level.MEDIUM
        assert passing.is_pass_and_play(view)
        # Everyone discards at once: each is awaited, so nobody is passed to while the host has a decision.
        assert set(view.awaited) == {ann, bob, cat}
        assert passing.passed_to(view) is None


def test_an_ordinary_game_and_a_playroom_table_are_not_pass_and_play(app):
    with app.app_context():
        ann, bob = profiles("Ann", "Bob")
        alone = games.new_game(ann, choices.GameSetup(), seed=1)
        assert not passing.is_pass_and_play(games.table_view(ann, alone))
        live = games.new_game(ann, choices.GameSetup(), seed=1, live_key="k" * 16,
                              sitters=(Sitter.person(ann), Sitter.person(bob)))
        assert not passing.is_pass_and_play(games.table_view(ann, live))


@pytest.mark.parametrize("others, practice, message", [
    ((), False, "at least one other profile"),
    (("Bob", "Cat"), False, "seats 2 players"),
    (("Bob",), True, "practice game"),
])
def test_a_pass_and_play_game_is_refused_clearly(app, others, practice, message):
    with app.app_context():
        ann, *ids = profiles("Ann", *others)
        with pytest.raises(moves.GameActionError, match=message):
            passing.start(ann, choices.GameSetup(practice=practice), ids, seed=1)


@pytest.mark.usefixtures("quick_hashes")
def test_a_profile_with_a_password_or_none_at_all_is_not_seated(app):
    with app.app_context():
        (ann,) = profiles("Ann")
        protected = accounts.sign_up("Dora", "a long passphrase 42", "a long passphrase 42").id
        for other in (protected, 999_999):
            with pytest.raises(moves.GameActionError, match="does not exist"):
                passing.start(ann, choices.GameSetup(), [other], seed=1)


def test_the_device_goes_to_the_person_awaited_and_the_screen_shows_no_card(app):
    with app.app_context():
        ann, bob = profiles("Ann", "Bob")
        game_id = passing.start(ann, choices.GameSetup(length="61"), [bob], seed=5)
        table = games.load_table(ann, game_id)
        games.act(ann, game_id, table.version, moves.Discard(table.decision.hand[:2]))
        view = games.table_view(ann, game_id)
        assert view.awaited == (bob,)
        assert passing.passed_to(view) == bob
        screen = passing.pass_screen(view, bob)
        assert screen.to == passing.Person(bob, "Bob")
        assert [side.names for side in screen.sides] == ["Ann", "Bob"]
        assert all(c not in DECK for c in _values(screen))


def _values(value: object) -> list[object]:
    """Every value inside a frozen dataclass, deeply (to find a card anywhere in it)."""
    found = [value]
    for name in getattr(value, "__slots__", ()):
        inner = getattr(value, name)
        for item in inner if isinstance(inner, tuple) else (inner,):
            found.extend(_values(item))
    return found


@pytest.mark.parametrize("variant", ["four-player", "six-2-teams", "six-3-teams"])
def test_in_a_game_of_teams_the_partner_sits_on_the_hosts_team_and_the_others_against_it(app, variant):
    with app.app_context():
        ann, bob, cat, dee = profiles("Ann", "Bob", "Cat", "Dee")
        setup = choices.GameSetup(variant=variant, length="61")
        game_id = passing.start(ann, setup, [bob, cat], partner=dee, seed=3)  # the partner need not be ticked
        seating = games.table_view(ann, game_id).table.seating
        seat_of = {s.learner_id: seat for seat, s in enumerate(seating.sitters) if s.learner_id is not None}
        rules = setup.rules()
        assert seat_of[ann] == 0 and rules.side_of(seat_of[dee]) == rules.side_of(0)
        assert rules.side_of(seat_of[bob]) != rules.side_of(0) and rules.side_of(seat_of[cat]) != rules.side_of(0)


def test_a_partner_in_a_game_without_teams_is_seated_as_the_others_are(app):
    with app.app_context():
        ann, bob, cat = profiles("Ann", "Bob", "Cat")
        game_id = passing.start(ann, choices.GameSetup(variant="four-each", length="61"), [bob, cat], partner=cat, seed=1)
        assert games.table_view(ann, game_id).people == (ann, bob, cat)
