"""Any seat a person or a bot (issue 18): two people at one table, each moving through
the same service (``games.act``) from their own seat, each seeing the table from their
own chair and only their own cards, to the end of the game, with a bot in a third seat."""

from __future__ import annotations

import pytest

from engine.events import Counted
from engine.pegging import score_play
from engine.rules import Counting
from engine.scoring import score_show
from trainer import database
from trainer.play import choices, games, moves
from trainer.play.seats import Sitter
from trainer.play.table import DecisionKind, Table
from trainer.record import learners


def the_move(table: Table) -> moves.GameMove | None:
    """A person's move at their table: the true count, the first legal card (None: not theirs to make)."""
    decision = table.decision
    if table.waiting:
        return moves.SayGo() if decision is not None and decision.kind is DecisionKind.GO else moves.Continue()
    if decision is None or decision.kind is DecisionKind.OVER:
        return None
    match decision.kind:
        case DecisionKind.DISCARD:
            return moves.Discard(tuple(sorted(decision.hand))[:decision.discards])
        case DecisionKind.CUT:
            return moves.Cut("")
        case DecisionKind.PLAY:
            return moves.PlayCard(decision.legal[0])
        case DecisionKind.CLAIM:
            cards, starter = decision.claim_cards, decision.claim_starter
            true = score_play(cards).points if decision.claim_what is Counted.PLAY else \
                score_show(cards, starter, crib=decision.claim_what is Counted.CRIB).total
            return moves.ClaimPoints(str(true))
    return moves.Accept()


@pytest.mark.slow
@pytest.mark.parametrize("variant, counting", [("six-card", Counting.MUGGINS), ("three-player", Counting.AUTOMATIC)])
def test_two_people_play_one_game_each_from_their_own_seat(app, variant, counting):
    with app.app_context():
        ann = learners.learner_by_name("Ann", create=True).id
        bob = learners.learner_by_name("Bob", create=True).id
        database.commit()
        setup = choices.GameSetup(variant=variant, counting=counting, length="61")
        bots = (Sitter.bot(setup.level),) if variant == "three-player" else ()
        game_id = games.new_game(ann, setup, seed=7, sitters=(Sitter.person(ann), Sitter.person(bob)) + bots)
        hands = [games.load_table(person, game_id).decision.hand for person in (ann, bob)]
        assert len(hands[0]) == len(hands[1]) and not set(hands[0]) & set(hands[1])  # each their own deal
        counted = {ann: 0, bob: 0}
        for _ in range(4000):
            made = False
            for person in (ann, bob):
                table = games.load_table(person, game_id)
                assert table is not None
                move = the_move(table)
                if move is not None:
                    games.act(person, game_id, table.version, move)
                    counted[person] += 1
                    made = True
            if not made:
                break
        seated = games.finished_game(ann, game_id)
        assert seated is not None and seated.game.is_over, "the game stopped with nobody to move"
        assert counted[ann] > 20 and counted[bob] > 20, counted
        assert [s.learner_id for s in seated.seats][:2] == [ann, bob]
        assert sum(bool(s.won) for s in seated.seats) == 1
        # Each sees the table from their own chair: themselves first, the other by name.
        for person, other in ((ann, "Bob"), (bob, "Ann")):
            names = games.load_table(person, game_id).side_names
            assert names[0] != other and other in names, names


def test_the_list_of_games_names_a_game_of_people_as_one_and_the_other_player_not_as_a_bot(app):
    with app.app_context():
        ann = learners.learner_by_name("Ann", create=True).id
        bob = learners.learner_by_name("Bob", create=True).id
        database.commit()
        games.new_game(ann, choices.GameSetup(), seed=1)
        games.new_game(ann, choices.GameSetup(), seed=2, sitters=(Sitter.person(ann), Sitter.person(bob)))
        with_bob, with_bot = games.learner_games(ann)  # the newest first
        assert (with_bob.level_label, with_bot.level_label) == ("With people", "Easy")
        assert with_bob.score_line == "You 0 – 0 the other player" and with_bot.score_line == "You 0 – 0 bot"


@pytest.mark.slow
@pytest.mark.parametrize("variant, people", [("four-player", 2), ("six-player", 3)])
def test_people_and_bots_play_four_in_teams_and_six_each_for_themselves_to_the_end(app, variant, people):
    """Four in teams (two people on opposite sides, their partners bots) and six each for
    themselves (three people, three bots), under the playroom's strict muggins, to the end:
    each person only ever holds their own cards."""
    with app.app_context():
        names = ("Ann", "Bob", "Cat")[:people]
        ids = [learners.learner_by_name(name, create=True).id for name in names]
        database.commit()
        setup = choices.GameSetup(variant=variant, counting=Counting.STRICT_MUGGINS, length="61")
        seats = choices.VARIANTS[variant].players
        sitters = tuple(Sitter.person(i) for i in ids) + (Sitter.bot(setup.level),) * (seats - people)
        game_id = games.new_game(ids[0], setup, seed=5, sitters=sitters)
        for _ in range(6000):
            made = False
            hands = {}
            for person in ids:
                table = games.load_table(person, game_id)
                if table.decision is not None and table.decision.hand:
                    hands[person] = set(table.decision.hand)
                move = the_move(table)
                if move is not None:
                    games.act(person, game_id, table.version, move)
                    made = True
            held = list(hands.values())
            assert all(not a & b for i, a in enumerate(held) for b in held[i + 1:]), "a hand seen at two seats"
            if not made:
                break
        seated = games.finished_game(ids[0], game_id)
        assert seated is not None and seated.game.is_over, "the game stopped with nobody to move"
        assert [s.learner_id for s in seated.seats][:people] == ids
        won = {s.learner_id: bool(s.won) for s in seated.seats if s.learner_id is not None}
        # Four: Ann and Bob sit on opposite sides, so one of them won; six: at most one person (a bot may win).
        assert sum(won.values()) == 1 if variant == "four-player" else sum(won.values()) <= 1
