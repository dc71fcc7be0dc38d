"""A refusal of the engine in the learner's words (trainer.language.refusals): every
breach has a sentence in each language, filled from the refusal's values, and the
games' sentences of before are kept."""

from __future__ import annotations

import pytest

from engine.cards import card
from engine.errors import Breach, IllegalActionError, Refusal
from engine.events import Counted
from engine.game import Action, Game
from engine.rules import SEVEN_CARD, STANDARD, Counting
from trainer.language import i18n
from trainer.language.refusals import SENTENCES, refusal_text

#: Values that fill every breach's sentence (what the engine gives each).
VALUES = {"card": card("9S"), "count": 34, "needed": 2, "given": 3, "low": 4, "high": 36, "lift": 2, "turn": 1,
          "seat": 0, "claimant": 1, "what": Counted.HAND, "limit": 29, "points": 30, "players": 2, "kept": 4,
          "crib": 4, "last": 1, "attempted": Action.PLAY, "expected": Action.DISCARD, "deals": 4}


def test_every_breach_of_the_engine_has_words():
    assert set(SENTENCES) == set(Breach)


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("breach", list(Breach), ids=str)
def test_every_refusal_reads_as_a_sentence_in_each_language(breach, language):
    with i18n.language(language):
        text = refusal_text(Refusal.of(breach, **VALUES))
    assert text and text[0].isupper() and text.rstrip()[-1] in ".!", text
    assert "%(" not in text and "{" not in text
    if language == "ru":
        assert not any("a" <= ch <= "z" for ch in text.lower().replace("9♠", "")), text


def _refused(call) -> Refusal:
    with pytest.raises(IllegalActionError) as raised:
        call()
    return raised.value.refusal


def test_the_games_sentences_of_before_are_kept():
    game = Game.from_hands(STANDARD, ["KC QD 9S 8H", "JS 10D 2C 3H"], dealer=1, starter="AS", seed=1)
    for seat, played in ((0, "KC"), (1, "JS"), (0, "9S")):  # the count is 29, seat 1 to play
        game.play(seat, played)
    assert refusal_text(_refused(lambda: game.play(1, "10D")), Action.PLAY) == \
        "The 10♦ would take the count past 31 (to 39): play another card."
    assert refusal_text(_refused(lambda: game.discard(0, "8H QD")), Action.DISCARD) == \
        "It is not time to lay away cards."
    assert refusal_text(_refused(lambda: game.play(0, "QD")), Action.PLAY) == "It is not your turn to play a card."
    assert refusal_text(_refused(lambda: game.claim(0, 3)), Action.CLAIM) == "There is nothing for you to count now."
    with i18n.language("ru"):
        assert refusal_text(_refused(lambda: game.play(0, "QD")), Action.PLAY) == "Сейчас не ваш ход."


def test_a_claim_above_the_variants_largest_hand_is_refused_with_its_limit():
    rules = SEVEN_CARD.with_options(counting=Counting.MUGGINS)
    game = Game.from_hands(rules, ["4H 4S 5H 5S 6H", "KC QD JH 10C 9D"], dealer=1, starter="6S", seed=1)
    while game.pending_claim is None:
        game.play(game.to_play, game.legal_plays(game.to_play)[0])
    refusal = _refused(lambda: game.claim(0, 47))
    assert refusal.breach is Breach.CLAIM_TOO_HIGH and refusal["limit"] == 46
    assert refusal_text(refusal, Action.CLAIM) == "No hand scores more than 46: check your count."
    with i18n.language("ru"):
        assert "46" in refusal_text(refusal, Action.CLAIM)


def test_a_card_not_in_the_hand_reads_by_the_move_tried():
    refusal = Refusal.of(Breach.NOT_IN_HAND, card=card("5H"), seat=0)
    assert refusal_text(refusal, Action.DISCARD) == "You can only lay away cards from your own hand."
    assert refusal_text(refusal, Action.PLAY) == "Choose one of the cards in your hand."


def test_a_move_once_the_game_is_over_says_so():
    refusal = Refusal.of(Breach.NOT_NOW, attempted=Action.PLAY, expected=Action.NONE)
    assert refusal_text(refusal) == "This game is over."
