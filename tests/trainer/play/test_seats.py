"""Who sits where (trainer.play.seats): every seat named from the viewer's chair,
a person by their name, and sides listed from the viewer's own."""

from __future__ import annotations

import pytest

from engine.bots.levels import Level
from engine.rules import FOUR_PLAYER, STANDARD, THREE_PLAYER
from trainer.language import i18n
from trainer.play.seats import Actor, Seating, SeatKind, Sitter, default_sitters

ANN, BOB = 7, 8


def _bots(rules, viewer: int, level: Level = Level.EASY) -> Seating:
    return Seating(rules, default_sitters(rules, ANN, level, seat=viewer), viewer)


@pytest.mark.parametrize("viewer", [0, 1, 2])
def test_play_moves_left_so_the_next_seat_sits_on_the_viewers_left(viewer):
    seating = _bots(THREE_PLAYER, viewer)
    left, right = (viewer + 1) % 3, (viewer + 2) % 3
    assert [seating.kind(s) for s in (viewer, left, right)] == [SeatKind.YOU, SeatKind.LEFT, SeatKind.RIGHT]
    assert [seating.place(s) for s in (viewer, left, right)] == [0, 1, 2]
    assert all(seating.seat_at(seating.place(s)) == s for s in range(3))
    assert [seating.name(s) for s in (viewer, left, right)] == ["You", "The left bot", "The right bot"]
    assert seating.actor(right) is Actor.RIGHT and seating.actor(left) is Actor.OTHER


@pytest.mark.parametrize("viewer", [1, 3])
def test_with_four_the_seat_opposite_is_the_partner_and_sides_start_from_the_viewers(viewer):
    seating = _bots(FOUR_PLAYER, viewer)
    assert seating.name((viewer + 2) % 4) == "Your partner" and seating.actor((viewer + 2) % 4) is Actor.PARTNER
    assert seating.my_side == 1
    assert seating.from_my_side((100, 121)) == (121, 100)
    assert seating.side_names() == ("You and your partner", "The bots")
    assert seating.side_labels() == ("You + partner", "Bots")


def test_two_players_name_the_bot_by_its_level_from_either_seat():
    for viewer in (0, 1):
        seating = _bots(STANDARD, viewer, Level.HARD)
        assert seating.name(1 - viewer) == "The bot" and seating.owner(1 - viewer) == "the bot's"
        assert seating.side_labels() == ("You", "Hard bot")
        assert seating.crib_label(1 - viewer) == "bot’s crib" and seating.crib_label(viewer) == "Your crib"


def test_another_person_is_named_by_their_name():
    seating = Seating(STANDARD, (Sitter.person(ANN, "Ann"), Sitter.person(BOB, "Bob")), 1)
    assert seating.name(0) == "Ann" and seating.in_sentence(0) == "Ann" and seating.short(0) == "Ann"
    assert seating.owner(0) == "Ann's" and seating.crib_label(0) == "Ann's crib"
    assert seating.side_labels() == ("You", "Ann")
    assert not seating.other_side_is_bots and seating.is_person(0)
    with i18n.language("ru"):
        assert seating.owner(0) == "игрока Ann"
        assert seating.name(1) == "Вы"


def test_a_partnership_against_people_is_your_opponents():
    sitters = (Sitter.person(ANN, "Ann"), Sitter.person(BOB, "Bob"), Sitter.bot(Level.EASY), Sitter.bot(Level.EASY))
    seating = Seating(FOUR_PLAYER, sitters, 0)
    assert seating.side_names() == ("You and your partner", "Your opponents")
    assert seating.side_labels() == ("You + partner", "Opponents")


def test_a_person_who_partners_you_is_named_and_labelled_your_partner():
    sitters = (Sitter.person(ANN, "Ann"), Sitter.bot(Level.EASY), Sitter.person(BOB, "Bob"), Sitter.bot(Level.EASY))
    seating = Seating(FOUR_PLAYER, sitters, 0)
    assert seating.kind(2) is SeatKind.PARTNER and seating.actor(2) is Actor.PARTNER
    assert seating.name(2) == "Bob" and seating.in_sentence(2) == "Bob" and seating.short(2) == "Bob"
    assert seating.label(2) == "Bob (partner)" and seating.crib_label(2) == "Bob's crib"
    assert seating.label(1) == "Left bot" and seating.side_names() == ("You and your partner", "The bots")
    with i18n.language("ru"):
        assert seating.label(2) == "Bob (партнёр)"
