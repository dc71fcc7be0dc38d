"""The play and solitaire views read the form into typed moves; the services never see field names."""

import pytest
from werkzeug.datastructures import MultiDict

from engine.bots.levels import Level
from engine.cards import Card
from engine.rules import Counting
from trainer.play import choices, moves
from trainer.play.moves import GameActionError
from trainer.play.solitaire import CountDeal, LayAway, SolitaireKind
from trainer.web import play, solitaire


def form(**fields):
    return MultiDict({"version": "7", **fields})


@pytest.mark.parametrize(
    "fields, move",
    [
        ({"action": "continue"}, moves.Continue()),
        ({"action": "skip"}, moves.Skip()),
        ({"action": "discard", "card": ["5H", "JC"]}, moves.Discard((Card.parse("5H"), Card.parse("JC")))),
        ({"action": "cut", "lift": "12"}, moves.Cut("12")),
        ({"action": "cut"}, moves.Cut("")),
        ({"action": "play", "card": ["5H", "JC"]}, moves.PlayCard(Card.parse("5H"))),
        ({"action": "play"}, moves.PlayCard(None)),
        ({"action": "claim", "points": "8"}, moves.ClaimPoints("8")),
        ({"action": "muggins", "card": ["5H", "JC"]}, moves.Muggins((Card.parse("5H"), Card.parse("JC")))),
        ({"action": "muggins"}, moves.Muggins(())),
        ({"action": "accept", "card": ["5H"]}, moves.Accept()),
    ],
)
def test_the_table_form_becomes_a_typed_move(fields, move):
    assert play.read_move(form(**fields)) == (7, move)


@pytest.mark.parametrize(
    "fields, message",
    [
        ({"action": "dance"}, "That is not something you can do in a game."),
        ({"action": "discard", "card": ["ZZ", "5H"]}, "That is not one of your cards."),
        ({"action": "discard", "version": "x"}, "missing its game version"),
        ({"action": "discard", "version": ""}, "missing its game version"),
    ],
)
def test_a_bad_table_form_gets_a_clear_message(fields, message):
    with pytest.raises(GameActionError, match=message):
        play.read_move(form(**fields))


def test_the_set_up_form_becomes_a_game_set_up():
    setup = play.read_setup(MultiDict({"level": "hard", "variant": "five-card", "length": "61",
                                       "counting": "muggins", "pegging_muggins": "on", "match": "on"}))
    assert setup == choices.GameSetup(Level.HARD, "five-card", "61", Counting.MUGGINS, True, False, True)
    # Pegging muggins only with muggins counting; skunks only when ticked.
    assert play.read_setup(MultiDict({"pegging_muggins": "on", "skunks": "on"})) == choices.GameSetup(
        Level.EASY, "six-card", "own", Counting.AUTOMATIC, False, True, False
    )


@pytest.mark.parametrize(
    "fields, message",
    [
        ({"level": "nope"}, "Choose a level"),
        ({"variant": "nine-card"}, "six-, five- or seven-card, or three to six players"),
        ({"length": "1000"}, "to 61, 91, 121 or 241"),
        ({"counting": "honour"}, "automatic counting, muggins or strict muggins"),
    ],
)
def test_a_bad_set_up_gets_a_clear_message(fields, message):
    with pytest.raises(GameActionError, match=message):
        play.read_setup(MultiDict(fields))


def test_the_solitaire_form_becomes_a_typed_move():
    lay = solitaire.read_move(form(action="discard", card=["5H", "JC"]))
    assert lay == (7, LayAway((Card.parse("5H"), Card.parse("JC"))))
    count = solitaire.read_move(form(**{"action": "count", "count-0": "8", "count-12": "x", "count-": "3",
                                        "count-a": "4", "other": "5"}))
    assert count == (7, CountDeal({0: "8", 12: "x"}))


@pytest.mark.parametrize(
    "fields, message",
    [
        ({"action": "shuffle"}, "That is not something you can do in solitaire."),
        ({"action": "discard", "card": ["XX", "YY"]}, "Pick cards from the hand dealt."),
        ({"action": "count", "version": "x"}, "missing its version"),
    ],
)
def test_a_bad_solitaire_form_gets_a_clear_message(fields, message):
    with pytest.raises(GameActionError, match=message):
        solitaire.read_move(form(**fields))


def test_the_solitaire_kind_is_read_from_the_form():
    assert solitaire.read_kind(MultiDict({"kind": "hoyle"})) is SolitaireKind.HOYLE
    with pytest.raises(GameActionError, match="Arnold's or Hoyle's"):
        solitaire.read_kind(MultiDict({"kind": "klondike"}))


def test_arnolds_winning_total_is_read_from_the_form():
    assert solitaire.read_target(MultiDict({"target": " 107 "})) == 107
    assert solitaire.read_target(MultiDict({})) is None  # the default, 121
    for bad in ("lots", "-5", "107.5"):
        with pytest.raises(GameActionError, match="101 to 121"):
            solitaire.read_target(MultiDict({"target": bad}))
