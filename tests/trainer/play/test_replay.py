"""The replay of every deal after a game (issue 22 §8, trainer.play.replay): once the
game is over each person at the table sees every seat's cards, named from their own
chair, with the points, claims and true counts the engine's log holds; while it lasts
there is no replay for anyone, and a learner not at the table finds no game."""

from __future__ import annotations

import pytest

from engine.bots.levels import PROFILES, Bot, Level
from engine.events import Claimed, Counted, Dealt, Discarded, GameOver, Played, Points, StarterCut, TrueCount
from engine.game import Automation, Game
from engine.players import play_until
from engine.rules import THREE_PLAYER, Counting
from tests.trainer.play.test_people import the_move
from trainer import database
from trainer.play import choices, games, moves
from trainer.play.replay import DealReplay, Step, game_replay, replay_deals
from trainer.play.seats import Seating, Sitter
from trainer.record import learners


def people(*names: str) -> list[int]:
    ids = [learners.learner_by_name(name, create=True).id for name in names]
    database.commit()
    return ids


def pegged_in(deal: DealReplay) -> int:
    """Every point the replay shows for a deal: the play's, the show's, the muggins taken, the rest."""
    return (sum(p.points for step in deal.plays for p in step.pegged)
            + sum(c.pegged + sum(p.points for p in c.taken) for c in deal.counts)
            + sum(p.points for p in deal.extra))


def test_every_deal_of_a_bots_game_is_read_from_its_log_point_for_point():
    rules = THREE_PLAYER.with_options(counting=Counting.STRICT_MUGGINS)
    game = Game(rules, 4, automate=Automation.CUT_FOR_DEAL | Automation.DEAL | Automation.CUT)
    play_until(game, [Bot(PROFILES[Level.EASY], seed=seat) for seat in range(3)])
    assert game.is_over
    seating = Seating(rules, tuple(Sitter.bot(Level.EASY) for _ in range(3)), 1)
    deals = replay_deals(rules, seating, game.log)
    dealt = [e for e in game.log if isinstance(e, Dealt)]
    assert [d.number for d in deals] == [e.deal_number for e in dealt]
    for deal, event in zip(deals, dealt):
        assert deal.hands[0].who == "You" and deal.hands[0].seat == 1  # the viewer's chair first
        assert {h.seat: h.dealt for h in deal.hands} == dict(enumerate(event.hands))
        for hand in deal.hands:
            assert set(hand.kept) | set(hand.discarded) == set(hand.dealt) and len(hand.kept) == rules.kept
    # Each point of the log is in exactly one deal, and the scores after the last are the board's.
    starts = [i for i, e in enumerate(game.log) if isinstance(e, Dealt)] + [len(game.log)]
    for deal, start, end in zip(deals, starts, starts[1:]):
        assert pegged_in(deal) == sum(e.points for e in game.log[start:end] if isinstance(e, Points))
    over = next(e for e in game.log if isinstance(e, GameOver))
    assert deals[-1].scores == tuple(zip(seating.side_names(),
                                         seating.from_my_side([rules.peg_hole(s) for s in over.scores])))
    # The claims and true counts are the log's own.
    claims = [e.points for e in game.log if isinstance(e, Claimed) and e.what is not Counted.PLAY]
    trues = [e.total for e in game.log if isinstance(e, TrueCount) and e.what is not Counted.PLAY]
    shown = [c for d in deals for c in d.counts]
    assert [c.claimed for c in shown] == claims
    assert [c.true for c in shown if c.true is not None] == trues
    assert [c.card for d in deals for c in d.plays if c.step is Step.CARD] == [
        e.card for e in game.log if isinstance(e, Played)]


def test_no_replay_while_the_game_lasts_and_none_for_a_learner_not_at_the_table(app):
    with app.app_context():
        ann, bob, carl = people("Ann", "Bob", "Carl")
        game_id = games.new_game(ann, choices.GameSetup(counting=Counting.MUGGINS, length="61"), seed=3,
                                 sitters=(Sitter.person(ann), Sitter.person(bob)), live_key="k" * 43)
        assert game_replay(ann, game_id) is None and game_replay(bob, game_id) is None
        with pytest.raises(games.NotSeated):
            game_replay(carl, game_id)
        with pytest.raises(games.NotSeated):
            game_replay(ann, 10_000)


def move_of(person: int, ann: int, table) -> moves.GameMove | None:
    """Each person's move; Ann claims one short of each hand or crib worth something."""
    move = the_move(table)
    decision = table.decision
    if person == ann and isinstance(move, moves.ClaimPoints) and decision.claim_what is not Counted.PLAY:
        return moves.ClaimPoints(str(max(0, int(move.points) - 1)))
    return move


@pytest.mark.slow
def test_after_the_end_each_person_sees_every_hand_from_their_own_chair(app):
    with app.app_context():
        ann, bob = people("Ann", "Bob")
        setup = choices.GameSetup(counting=Counting.MUGGINS, length="61")
        game_id = games.new_game(ann, setup, seed=5, sitters=(Sitter.person(ann), Sitter.person(bob)),
                                 live_key="k" * 43)
        for _ in range(4000):
            moved = False
            for person in (ann, bob):
                table = games.load_table(person, game_id)
                move = move_of(person, ann, table)
                if move is not None:
                    games.act(person, game_id, table.version, move)
                    moved = True
            if not moved:
                break
        seated = games.finished_game(ann, game_id)
        assert seated is not None
        log = seated.game.log
        mine, his = game_replay(ann, game_id), game_replay(bob, game_id)
        assert mine is not None and his is not None and mine.muggins
        assert len(mine.deals) == len(his.deals) == seated.row.deals
        dealt = [e for e in log if isinstance(e, Dealt)]
        for deal_ann, deal_bob, event in zip(mine.deals, his.deals, dealt):
            # Both see both hands: Ann's chair names Bob, Bob's names Ann.
            assert [(h.who, h.dealt) for h in deal_ann.hands] == [("You", event.hands[0]), ("Bob", event.hands[1])]
            assert [(h.who, h.dealt) for h in deal_bob.hands] == [("You", event.hands[1]), ("Ann", event.hands[0])]
            assert deal_ann.you_dealt == (event.dealer == 0) != deal_bob.you_dealt
        laid = [e.cards for e in log if isinstance(e, Discarded)]
        assert {c for d in mine.deals for h in d.hands for c in h.discarded} == {c for cards in laid for c in cards}
        assert [d.starter for d in mine.deals if d.starter] == [e.starter for e in log if isinstance(e, StarterCut)]
        # Ann's short claims stand beside their true counts, as the log keeps them.
        anns = [c for d in mine.deals for c in d.counts if c.who == "You" and c.true is not None]
        assert anns and all(c.claimed == max(0, c.true - 1) for c in anns)
        assert any(c.claimed != c.true for c in anns)
        bobs = [c for d in his.deals for c in d.counts if c.who == "Ann" and c.true is not None]
        assert [(c.claimed, c.true) for c in bobs] == [(c.claimed, c.true) for c in anns]
        over = next(e for e in log if isinstance(e, GameOver))
        assert mine.deals[-1].scores[0][1] == min(over.scores[0], 61)
        assert his.deals[-1].scores[0] == ("You", min(over.scores[1], 61))
