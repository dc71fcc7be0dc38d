"""Solitaire for a learner (trainer.play.solitaire): Arnold's second hand kept
from the table until the first is laid away, the engine's refusals in the
learner's words, the counts kept up to the true count, and the largest count a
hand can make as the limit of a claim."""

from __future__ import annotations

import pytest

from engine.cards import DECK
from engine.scoring import LARGEST_SHOW
from trainer.play import solitaire
from trainer.play.moves import GameActionError, StaleAction
from trainer.play.solitaire import CountDeal, LayAway, SolitaireKind
from trainer.record import learners


@pytest.fixture
def ann(app):
    with app.app_context():
        yield learners.add_learner("Ann").id


def test_arnolds_table_shows_one_hand_at_a_time(ann):
    game_id = solitaire.new_solitaire(ann, SolitaireKind.ARNOLD, seed=2, target=110)
    first = solitaire.load(ann, game_id)
    assert first.hand_number == 1 and len(first.hand) == 6 and first.goal == 110 and not first.to_count
    solitaire.act(ann, game_id, first.version, LayAway(first.hand[:2]))
    second = solitaire.load(ann, game_id)
    assert second.hand_number == 2 and not set(second.hand) & set(first.hand)
    assert second.kept == first.hand[2:] and second.crib == first.hand[:2]
    assert solitaire.load(ann + 1, game_id) is None  # another learner's game is not found
    with pytest.raises(LookupError):
        solitaire.act(ann + 1, game_id, second.version, LayAway(second.hand[:2]))


def test_a_discard_the_rules_refuse_is_told_in_the_learners_words_and_changes_nothing(ann):
    game_id = solitaire.new_solitaire(ann, SolitaireKind.HOYLE, seed=2)
    table = solitaire.load(ann, game_id)
    stray = next(c for c in DECK if c not in table.hand)
    for cards, message in (((table.hand[0],), "Pick exactly 2 cards for the crib."),
                           ((table.hand[0], table.hand[0]), "twice: pick different cards."),
                           ((table.hand[0], stray), "is not in that hand.")):
        with pytest.raises(GameActionError, match=message.replace(".", r"\.")):
            solitaire.act(ann, game_id, table.version, LayAway(cards))
        assert solitaire.load(ann, game_id) == table
    with pytest.raises(StaleAction):
        solitaire.act(ann, game_id, table.version + 1, LayAway(table.hand[:2]))


def test_each_count_is_kept_up_to_its_true_total_and_limited_by_the_largest_hand(ann):
    game_id = solitaire.new_solitaire(ann, SolitaireKind.HOYLE, seed=5)
    table = solitaire.load(ann, game_id)
    solitaire.act(ann, game_id, table.version, LayAway(table.hand[:2]))
    table = solitaire.load(ann, game_id)
    lines = [line for line in table.to_count if not line.is_heels]
    assert lines and all(line.limit == LARGEST_SHOW[4] for line in lines)
    too_many = {line.index: str(line.limit + 1) for line in lines}
    with pytest.raises(GameActionError, match="more than 29: check your count"):
        solitaire.act(ann, game_id, table.version, CountDeal(too_many))
    over = {line.index: str(line.count.total + 3) for line in lines}
    solitaire.act(ann, game_id, table.version, CountDeal(over))
    after = solitaire.load(ann, game_id)
    heels = sum(line.count.total for line in table.to_count if line.is_heels)
    assert after.score == sum(line.count.total for line in lines) + heels  # an over-claim keeps the true count
