"""A learner's seat of a game driven through the services (no browser), stopping
at each new kind of stop the table can show, so a browser test can open the
table there: every kind of page a game produces, at the cost of one page load
each rather than a whole game played in the browser."""

from __future__ import annotations

from typing import Callable, Iterator

from engine.pegging import score_play
from engine.scoring import score_show
from trainer import database
from trainer.play import choices, games, moves
from trainer.play.table import Table
from trainer.record import learners, table_settings
from trainer.record.table_settings import TableSettings


def stop_kind(table: Table) -> str:
    """The kind of stop the table shows: a decision's kind, or what the reveal waits on."""
    if table.decision is not None:
        return str(table.decision.kind)
    if table.waiting:
        return "next deal" if table.next_is_deal else ("show" if table.phase == "show" else "continue")
    return "waiting"


def the_move(table: Table, under_claim: bool = False) -> moves.GameMove:
    """The move the driver makes at a stop: the first cards (the highest card to play), the true count (one
    less when ``under_claim``, to bring muggins about), every claim accepted."""
    decision = table.decision
    if table.waiting:
        return moves.SayGo() if decision is not None and decision.kind == "go" else moves.Continue()
    assert decision is not None, table.turn
    match decision.kind:
        case "discard":
            return moves.Discard(tuple(sorted(decision.hand))[:decision.discards])
        case "cut":
            return moves.Cut("")
        case "play":
            return moves.PlayCard(max(decision.legal, key=lambda card: card.value))  # high cards: the count nears 31
        case "claim":
            cards, starter = decision.claim_cards, decision.claim_starter
            true = score_play(cards).points if decision.claim_what == "play" else \
                score_show(cards, starter, crib=decision.claim_what == "crib").total
            return moves.ClaimPoints(str(max(0, true - 1) if under_claim else true))
    return moves.Accept()


def learner_id(app, name: str = "Ann") -> int:
    with app.app_context():
        found = learners.learner_by_name(name)
        assert found is not None, name
        return found.id


def set_table(app, who: int, **chosen) -> None:
    """Keep the learner's table settings (animation off unless chosen)."""
    with app.app_context():
        table_settings.save_settings(who, TableSettings(**{"animation": table_settings.Animation.OFF, **chosen}))
        database.commit()


def new_game(app, who: int, setup: choices.GameSetup, seed: int = 3, coached: bool = True) -> int:
    with app.app_context():
        return games.new_game(who, setup, seed=seed, coached=coached)


def each_kind_of_stop(app, who: int, game_id: int, *, coached: bool = True, limit: int = 3000,
                      wanted: Callable[[Table], bool] | None = None) -> Iterator[str]:
    """Play the learner's seat, yielding the first time each kind of stop comes up
    (or, with ``wanted``, each stop it accepts); the game's end is the last."""
    seen: set[str] = set()
    for index in range(limit):
        with app.app_context():
            table = games.load_table(who, game_id)
        assert table is not None
        kind = stop_kind(table)
        if (wanted(table) if wanted is not None else kind not in seen):
            seen.add(kind)
            yield kind
        if kind == "over":
            return
        with app.app_context():
            games.act(who, game_id, table.version, the_move(table, under_claim=index % 5 == 0), coached=coached)
    raise AssertionError("the game did not end")
