"""Helpers for the games' service tests: a learner's seat played through the services."""

from __future__ import annotations

from engine.pegging import score_play
from engine.scoring import score_show
from trainer.play import games, moves


def play_out(learner_id: int, game_id: int, limit: int = 3000) -> None:
    """Play the learner's seat of a game to its end through the services (no pages):
    the first cards offered, the true count claimed, every claim accepted."""
    for _ in range(limit):
        table = games.load_table(learner_id, game_id)
        decision = table.decision
        if table.waiting:
            move = moves.SayGo() if decision is not None and decision.kind == "go" else moves.Continue()
        elif decision is None:
            raise AssertionError(f"nothing to do at the table: {table.turn}")
        elif decision.kind == "over":
            return
        elif decision.kind == "discard":
            move = moves.Discard(tuple(sorted(decision.hand))[:decision.discards])
        elif decision.kind == "cut":
            move = moves.Cut("")
        elif decision.kind == "play":
            move = moves.PlayCard(decision.legal[0])
        elif decision.kind == "claim":
            cards, starter = decision.claim_cards, decision.claim_starter
            true = score_play(cards).points if decision.claim_what == "play" else \
                score_show(cards, starter, crib=decision.claim_what == "crib").total
            move = moves.ClaimPoints(str(true))
        else:
            move = moves.Accept()
        games.act(learner_id, game_id, table.version, move)
    raise AssertionError("the game did not end")
