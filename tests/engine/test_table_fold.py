"""The table folded from a seat's redacted log agrees with the live game at
every point where the game waits for a decision, and never holds a card the
seat may not see."""

from __future__ import annotations

import pytest

from engine.cards import Card
from engine.events import CutForDeal, Dealt, Discarded, Event, Played, Shown, StarterCut, TrueCount
from engine.game import Automation, Game, Phase
from engine.players import PlayerView, RandomPlayer, take_turn
from engine.rules import PRESETS, STANDARD, Counting, Rules
from engine.table import TableState, fold

VARIANTS: list[Rules] = list(PRESETS.values()) + [
    STANDARD.with_options(counting=Counting.MUGGINS),
    STANDARD.with_options(counting=Counting.STRICT_MUGGINS, pegging_muggins=True),
]


def _cards_in(state: TableState) -> set[Card]:
    cards = set(state.hand) | set(state.kept) | set(state.crib or ())
    cards |= {c for _, c in state.pile} | {c for pile in state.earlier for _, c in pile}
    cards |= {c for shown in state.shown for c in shown}
    if state.starter is not None:
        cards.add(state.starter)
    if state.show is not None:
        cards |= set(state.show.cards) | set(state.show.lit)
        cards |= {c for item in state.show.items + state.show.true_items for c in item.cards}
    return cards


def _visible(event: Event, seat: int) -> set[Card]:
    """The cards ``seat`` may see in ``event``, read from the full (unredacted) event."""
    if isinstance(event, CutForDeal):
        return set(event.cuts)
    if isinstance(event, Dealt):
        return set(event.hands[seat])
    if isinstance(event, Discarded) and event.player == seat:
        return set(event.cards)
    if isinstance(event, StarterCut):
        return {event.starter}
    if isinstance(event, Played):
        return {event.card}
    if isinstance(event, Shown):
        return set(event.cards)
    if isinstance(event, TrueCount):
        return {c for item in event.items for c in item.cards}
    return set()


def _agrees(state: TableState, game: Game, seat: int) -> None:
    assert state.phase is game.phase
    assert state.scores == game.scores
    assert state.count == game.count
    assert [c for _, c in state.pile] == list(game.pile)
    assert state.dealer == game.dealer
    assert state.deal_number == game.deal_number
    assert state.outcome == game.outcome
    assert state.to_act == game.to_act
    if game.phase in (Phase.DISCARD, Phase.CUT, Phase.PLAY, Phase.SHOW):
        assert state.starter == game.starter or (game.phase in (Phase.DISCARD, Phase.CUT) and state.starter is None)
        assert sorted(state.hand) == sorted(game.hand(seat))
        assert state.kept == tuple(game.kept[seat] or ())
        assert state.crib == (tuple(game.crib) if game.crib_shown else None)
    if game.phase in (Phase.DISCARD, Phase.PLAY):
        assert state.hand_sizes == tuple(len(game.hand(other)) for other in range(game.rules.players))
    if game.phase is Phase.PLAY:
        assert {(s, c) for pile in state.earlier + (state.pile,) for s, c in pile} == set(game.played)


@pytest.mark.slow
@pytest.mark.parametrize("rules", VARIANTS, ids=lambda r: f"{r.name}-{r.counting}-{r.pegging_muggins}")
@pytest.mark.parametrize("seed", range(5))
def test_the_fold_agrees_with_the_live_game_and_hides_what_the_seat_may_not_see(rules: Rules, seed: int) -> None:
    game = Game(rules, seed, automate=Automation.CHANCE)
    players = [RandomPlayer(seed * 10 + seat) for seat in range(rules.players)]
    states = [TableState.start(rules, seat) for seat in range(rules.players)]
    folded = [0] * rules.players
    visible: list[set[Card]] = [set() for _ in range(rules.players)]
    decisions = 0
    while not game.is_over:
        take_turn(game, players)
        decisions += 1
        for seat in range(rules.players):
            log = game.log_seen_by(seat)
            for n in range(folded[seat], len(log)):
                states[seat] = states[seat].after(log[n])
                visible[seat] |= _visible(game.log[n], seat)
                assert _cards_in(states[seat]) <= visible[seat]
            folded[seat] = len(log)
            _agrees(states[seat], game, seat)
            if decisions % 16 == 0 or game.is_over:  # the whole fold is the sum of its steps
                assert PlayerView.of(game, seat).table() == states[seat] == fold(rules, seat, log)
    assert decisions > 20 and states[0].is_over


def test_the_crib_stays_face_down_until_it_is_shown() -> None:
    rules = STANDARD.with_options(counting=Counting.MUGGINS)  # the show waits for claims
    game = Game(rules, 4, automate=Automation.CHANCE)
    players = [RandomPlayer(1), RandomPlayer(2)]
    while not game.crib_shown:
        state = fold(rules, 0, game.log_seen_by(0))
        assert state.crib is None and state.crib_cards == rules.discards * len(state.discarded)
        assert not set(game.discards[1] or ()) & _cards_in(state)
        take_turn(game, players)
    state = fold(rules, 0, game.log_seen_by(0))
    assert state.crib == tuple(game.crib) and state.crib_cards == 0
