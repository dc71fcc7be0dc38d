"""The notes a game keeps on a person's decisions (trainer.play.notes), judged
from the view the seat had when it decided, with the coach's analysis."""

from __future__ import annotations

from engine.cards import Card
from engine.game import Game
from engine.players import PlayerView
from engine.rules import STANDARD
from trainer.drills import grading
from trainer.drills.deal import BestPlayQuestion
from trainer.play import coach
from trainer.play.notes import DiscardNote, PlayNote, judge_discard, judge_play, note_of


def _play(game: Game, seat: int, card: str, seed: int = 1):
    view = PlayerView.of(game, seat)
    game.play(seat, card)
    return judge_play(view, Card.parse(card), coach.play_analysis(view, seed, chances=False), seed)


def test_a_play_after_the_others_go_is_recorded_with_what_the_go_revealed():
    """The best-play question a game records is the one its analysis answered:
    the learner's own card is on the pile and the other seat's go at 22 showed
    it holds nothing below a ten, so a retry from the review asks the same."""
    game = Game.from_hands(STANDARD, ["KC 2H AS 3C", "QD JS KD 10S"], dealer=1, starter="7H", seed=1)
    _play(game, 0, "KC")
    game.play(1, "QD")
    _play(game, 0, "2H")  # count 22: the other seat's tens cannot go
    assert game.to_play == 0
    note, attempt = _play(game, 0, "AS")
    asked = BestPlayQuestion.from_dict(attempt.dealt["question"])
    assert asked.last_mine and asked.opponent_min_value == 10
    assert [str(c) for c in asked.pile] == ["KC", "QD", "2H"]
    assert note.card == Card.parse("AS") and note_of(note.to_dict()) == note


def test_the_seat_in_seat_1_is_judged_from_its_own_view():
    game = Game.from_hands(STANDARD, ["QD JS KD 10S", "KC 2H AS 3C"], dealer=0, starter="7H", seed=1)
    note, attempt = _play(game, 1, "2H", seed=5)
    assert attempt is not None
    asked = BestPlayQuestion.from_dict(attempt.dealt["question"])
    assert set(asked.hand) == {Card.parse(c) for c in ("KC", "2H", "AS", "3C")}
    assert asked.seed == coach.play_seed(5, PlayerView.of(Game.from_hands(STANDARD, ["QD JS KD 10S", "KC 2H AS 3C"],
                                                                          dealer=0, starter="7H", seed=1), 1))
    assert isinstance(note, PlayNote) and note.pile == ()


def test_a_discard_is_judged_against_the_best_and_noted_for_the_review():
    game = Game(STANDARD, seed=3, dealer=1)
    game.deal()
    view = PlayerView.of(game, 0)
    analysis = coach.discard_analysis(view, chances=False)
    worst = analysis.options[-1].discard
    game.discard(0, worst)
    note, attempt = judge_discard(view, worst, analysis)
    assert isinstance(note, DiscardNote) and not note.dealer and note.chosen == worst
    assert note.lost == round(analysis.options[0].net_ev - analysis.options[-1].net_ev, grading.DISCARD_DIGITS) > 0
    assert attempt is not None and not attempt.correct
    assert note_of(note.to_dict()) == note


def _note(**fields) -> PlayNote:
    values = dict(deal=1, pile=(), hand=tuple(Card.parse(c) for c in ("5H", "7C", "KS")), card=Card.parse("5H"),
                  best=Card.parse("5H"), lost=0.0, win=0.52, best_win=0.529)
    values.update(fields)
    return PlayNote(**values)


def test_a_card_best_by_points_that_loses_chance_names_the_card_best_for_the_game():
    note = _note(best_win_card=Card.parse("7C"))
    assert note.was_best and note.win_better == Card.parse("7C") and note.win_lost > 0
    assert "the 7♣ was better for the game" in note.verdict.win_text
    assert note_of(note.to_dict()) == note


def test_the_card_best_for_the_game_loses_no_chance():
    note = _note(card=Card.parse("7C"), best_win_card=Card.parse("7C"), win=0.529, lost=0.4)
    assert note.win_better is None and note.win_lost == 0.0 and note.verdict.win_text == ""


def test_an_older_note_without_the_card_for_the_game_counts_no_loss_for_the_best_card():
    """Notes kept before the card best for the game was noted: the best card by points loses nothing."""
    data = _note().to_dict()
    del data["best_win_card"]
    note = note_of(data)
    assert note.win_better is None and note.win_lost == 0.0
    worse = note_of({**data, "card": "KS", "lost": 1.2})
    assert worse.win_better == Card.parse("5H") and worse.win_lost > 0


def test_a_discard_that_loses_chance_names_the_discard_best_for_the_game():
    hand = tuple(Card.parse(c) for c in ("5H", "5S", "JC", "4D", "9S", "KH"))
    note = DiscardNote(1, hand, hand[4:], hand[4:], 8.0, 8.0, 0.0, True, 0.5, 0.52, hand[3:5])
    assert note.win_better == hand[3:5] and "laying away 4♦ 9♠ was better" in note.verdict.win_text
    assert note_of(note.to_dict()) == note
