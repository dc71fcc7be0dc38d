"""The coach's analysis kept with a seat (trainer.play.coach.Advice): worked out
once when the game reaches a decision, read back exactly, and trusted only for
the decision it was made for."""

from __future__ import annotations

import json

from engine.cards import Card
from engine.game import Action, Game
from engine.players import PlayerView
from engine.rules import STANDARD
from trainer.play import coach


def _at_discard() -> Game:
    game = Game(STANDARD, seed=8, dealer=0)
    game.deal()
    return game


def test_a_discard_analysis_reads_back_exactly_as_it_was_worked_out():
    view = PlayerView.of(_at_discard(), 1)
    advice = coach.advise(view, Action.DISCARD, 3, chances=True)
    assert advice is not None and advice.action is Action.DISCARD
    again = coach.Advice.from_dict(json.loads(json.dumps(advice.to_dict())))
    assert again == advice  # every expected value and chance to win, to the last bit
    assert coach.analysis_for(view, Action.DISCARD, 3, again, chances=True) is again.analysis


def test_a_discard_analysis_holds_while_the_others_lay_away():
    game = _at_discard()
    advice = coach.advise(PlayerView.of(game, 1), game.awaits(1), 3, chances=False)
    game.discard(0, game.hand(0)[:2])
    view = PlayerView.of(game, 1)
    assert advice is not None and advice.fits(view, Action.DISCARD, chances=False)
    assert not advice.fits(view, Action.DISCARD, chances=True)  # asked without chances to win: worked out again


def test_a_card_analysis_is_for_that_moment_of_the_play_only():
    game = Game.from_hands(STANDARD, ["KC 2H AS 3C", "QD JS KD 10S"], dealer=1, starter="7H", seed=1)
    view = PlayerView.of(game, 0)
    advice = coach.advise(view, game.awaits(0), 3, chances=False)
    assert advice is not None and advice.action is Action.PLAY
    assert coach.PlayAnalysis.from_dict(advice.analysis.to_dict()) == advice.analysis
    game.play(0, Card.parse("KC"))
    game.play(1, Card.parse("QD"))
    later = PlayerView.of(game, 0)
    assert not advice.fits(later, Action.PLAY, chances=False)
    assert coach.analysis_for(later, Action.PLAY, 3, advice, chances=False) != advice.analysis


def test_nothing_is_worked_out_for_a_seat_with_nothing_to_weigh():
    game = Game.from_hands(STANDARD, ["KC 2H AS 3C", "QD JS KD 5S"], dealer=1, starter="7H", seed=1)
    assert coach.advise(PlayerView.of(game, 1), game.awaits(1), 3, chances=True) is None  # not its turn
    for seat, card in ((0, "KC"), (1, "QD"), (0, "2H")):  # 22: of seat 1's cards only the 5 fits
        game.play(seat, Card.parse(card))
    assert game.legal_plays(1) == (Card.parse("5S"),)
    assert coach.advise(PlayerView.of(game, 1), game.awaits(1), 3, chances=True) is None


def test_the_chart_summary_names_the_lowest_and_highest_the_line_draws():
    """Decisions are points of the line too: the words give the chart's own extremes."""
    series = (coach.WinPoint("deal 1", 0.5, True), coach.WinPoint("deal 1, your decision", 0.4),
              coach.WinPoint("deal 2", 0.6, True), coach.WinPoint("deal 2, your decision", 0.87),
              coach.WinPoint("the end", 1.0))
    summary = coach.win_chart(series).summary
    assert "lowest 40% (deal 1, your decision)" in summary and "highest 87% (deal 2, your decision)" in summary
