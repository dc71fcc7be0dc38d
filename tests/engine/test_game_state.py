"""Random games of every preset: legal actions keep the invariants, illegal
ones are refused with nothing changed, views hide what they must, and a game
saved after any action resumes identically."""

from __future__ import annotations

import json
import random
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from engine.cards import DECK
from engine.errors import IllegalActionError
from engine.events import Dealt, GameOver, Points, Shown
from engine.game import Action, Game, Phase
from engine.players import PlayerView
from engine.rules import PRESETS, Counting, Rules

PRESET_NAMES = sorted(PRESETS)


def make_rules(preset: str, counting: Counting, pegging_muggins: bool, giveaway: bool, short: bool) -> Rules:
    rules = PRESETS[preset].with_options(counting=counting, pegging_muggins=pegging_muggins, giveaway=giveaway)
    if short:  # reach the end of a game within a test's few hundred actions
        rules = rules.with_options(target=31, skunk_lines=(16,))
    return rules


def legal_actions(game: Game) -> list[tuple[str, tuple]]:
    """Every legal action now (a claim from 0 to the claim's limit)."""
    action = game.expected
    if action in (Action.CUT_FOR_DEAL, Action.DEAL, Action.CUT, Action.SHOW):
        return [(action.name.lower(), ())]
    if action is Action.DISCARD:
        return [
            ("discard", (seat, combo))
            for seat in game.to_act
            for combo in combinations(game.hands[seat], game.rules.discards)
        ]
    if action is Action.PLAY:
        return [("play", (game.to_play, c)) for c in game.legal_plays(game.to_play)]
    if action is Action.CLAIM:
        claim = game.pending_claim
        assert claim is not None
        return [("claim", (claim.player, points)) for points in range(claim.limit + 1)]
    if action is Action.MUGGINS:
        return [(name, (seat,)) for seat in game.to_act for name in ("call_muggins", "pass_muggins")]
    return []


def apply(game: Game, name: str, args: tuple):
    return getattr(game, name)(*args)


def random_action(game: Game, rng: random.Random) -> tuple[str, tuple]:
    return rng.choice(legal_actions(game))


def check_invariants(game: Game, previous_scores: tuple[int, ...]) -> None:
    rules = game.rules
    # The count never passes 31; no card is played twice.
    assert game.count <= 31
    played = [c for _, c in game.played]
    assert len(played) == len(set(played))
    # All 52 cards are accounted for: the hands as dealt, any card dealt to the crib, the pack.
    if game.phase not in (Phase.CUT_FOR_DEAL,) and game.deck:
        assert sorted(game.deck) == sorted(DECK)
        from_deck = game.deck[rules.players * rules.hand_size :][: rules.cards_to_crib]
        dealt = [c for hand in game.hands for c in hand] + from_deck + game.pack
        assert Counter(dealt) == Counter(DECK)
        laid_away = [c for d in game.discards if d is not None for c in d]
        assert Counter(game.crib) == Counter(from_deck + laid_away)
        for seat in range(rules.players):
            if game.kept[seat] is not None:
                assert Counter(game.kept[seat] + game.discards[seat]) == Counter(game.hands[seat])
        if game.phase is Phase.PLAY:
            for seat in range(rules.players):
                mine = [c for s, c in game.played if s == seat]
                assert Counter(game.in_hand[seat] + mine) == Counter(game.kept[seat])
        if game.starter is not None:
            assert game.starter in game.pack
    # Scores are the sum of the points events, and only grow.
    totals = [0] * rules.sides
    for event in game.log:
        if isinstance(event, Points):
            totals[rules.side_of(event.player)] += event.points
    assert tuple(totals) == game.scores
    assert all(now >= before for now, before in zip(game.scores, previous_scores))
    # The game ends exactly when a side reaches the target.
    reached = [side for side, score in enumerate(game.scores) if score >= rules.target]
    if game.is_over:
        assert len(reached) == 1 and game.outcome.reached == reached[0]
        assert isinstance(game.log[-1], GameOver) and isinstance(game.log[-2], Points)
        assert rules.side_of(game.log[-2].player) == reached[0]
        assert game.legal_plays(game.log[-2].player) == () and game.to_act == ()
    else:
        assert reached == []
    # The show order: pone first, round to the dealer, then the crib.
    if game.phase in (Phase.SHOW, Phase.OVER) and game.dealer is not None:
        last_deal = max((i for i, e in enumerate(game.log) if isinstance(e, Dealt)), default=None)
        if last_deal is not None:
            shown = [(e.player, e.is_crib) for e in game.log[last_deal:] if isinstance(e, Shown)]
            assert shown == game.show_order()[: len(shown)]


def check_views_hide_secrets(game: Game) -> None:
    """No view shows another player's unplayed cards, the pack, or an unshown crib."""
    if game.phase not in (Phase.DISCARD, Phase.CUT, Phase.PLAY):
        return
    last_deal = max(i for i, e in enumerate(game.log) if isinstance(e, Dealt))
    played = {c for _, c in game.played}
    for seat in range(game.rules.players):
        secret = set(game.pack) - {game.starter}
        for other in range(game.rules.players):
            if other != seat:
                secret |= set(game.hands[other]) - played
        secret -= set(game.discards[seat] or ())
        view = PlayerView.of(game, seat)
        seen = set(view.hand) | set(view.pile) | {c for _, c in view.played} | set(view.crib or ())
        if view.starter:
            seen.add(view.starter)
        text = json.dumps([e.to_dict() for e in view.log[last_deal:]])
        assert not (seen & secret)
        assert not any(f'"{c}"' in text for c in secret)
        assert view.legal_plays == game.legal_plays(seat)


class RandomGames(RuleBasedStateMachine):
    """Random legal actions with the invariants checked after each; random illegal
    attempts refused without changing anything."""

    @initialize(
        preset=st.sampled_from(PRESET_NAMES),
        counting=st.sampled_from(list(Counting)),
        pegging_muggins=st.booleans(),
        giveaway=st.booleans(),
        short=st.booleans(),
        seed=st.integers(0, 2**32 - 1),
    )
    def start(self, preset, counting, pegging_muggins, giveaway, short, seed):
        self.game = Game(make_rules(preset, counting, pegging_muggins, giveaway, short), seed)
        self.scores = self.game.scores

    @rule(data=st.data(), steps=st.integers(1, 30))
    def legal(self, data, steps):
        for _ in range(steps):
            actions = legal_actions(self.game)
            if not actions:
                return
            name, args = data.draw(st.sampled_from(actions), label="action")
            event = apply(self.game, name, args)
            assert any(logged is event for logged in self.game.log[-40:])
            check_invariants(self.game, self.scores)
            self.scores = self.game.scores

    @rule(
        kind=st.sampled_from(["play", "discard", "claim", "call_muggins", "pass_muggins", "cut", "show", "deal"]),
        seat=st.integers(-1, 4),
        cards=st.lists(st.sampled_from(DECK), min_size=0, max_size=3),
        number=st.integers(-3, 60),
    )
    def illegal(self, kind, seat, cards, number):
        game = self.game
        args = {
            "play": (seat, cards[0] if cards else DECK[0]),
            "discard": (seat, tuple(cards)),
            "claim": (seat, number),
            "call_muggins": (seat,),
            "pass_muggins": (seat,),
            "cut": (number,),
            "show": (),
            "deal": (),
        }[kind]
        if getattr(game, f"can_{kind}")(*args):
            return  # happens to be legal: the legal rule covers it
        before = game.to_dict()
        try:
            apply(game, kind, args)
        except IllegalActionError as error:
            assert error.rule
        else:
            raise AssertionError(f"{kind}{args} was applied though can_{kind} said no")
        assert game.to_dict() == before

    @invariant()
    def views_hide_secrets(self):
        check_views_hide_secrets(self.game)


RandomGames.TestCase.settings = settings(
    max_examples=150, stateful_step_count=30, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
TestRandomGames = pytest.mark.slow(RandomGames.TestCase)  # 150 random games: seconds


@pytest.mark.slow
def test_twelve_hundred_random_games_of_every_preset_keep_the_invariants():
    """Seeded random play to the end of whole games (full targets), cheap checks each action."""
    rng = random.Random(2024)
    finished = Counter()
    for i in range(1200):
        preset = PRESET_NAMES[i % len(PRESET_NAMES)]
        counting = list(Counting)[i // len(PRESET_NAMES) % 3]
        rules = make_rules(preset, counting, i % 2 == 0, i % 7 == 0, short=False)
        game = Game(rules, seed=i)
        scores = game.scores
        while not game.is_over:
            apply(game, *random_action(game, rng))
            assert game.count <= 31
            assert all(now >= before for now, before in zip(game.scores, scores))
            scores = game.scores
        check_invariants(game, scores)
        finished[preset] += 1
    assert set(finished) == set(PRESET_NAMES)


@settings(max_examples=30, deadline=None)
@given(
    preset=st.sampled_from(PRESET_NAMES),
    counting=st.sampled_from(list(Counting)),
    pegging_muggins=st.booleans(),
    seed=st.integers(0, 2**32 - 1),
)
@pytest.mark.slow
def test_a_game_saved_after_any_action_resumes_identically(preset, counting, pegging_muggins, seed):
    rules = make_rules(preset, counting, pegging_muggins, giveaway=False, short=True)
    game = Game(rules, seed)
    driver = random.Random(seed)
    for _ in range(400):
        saved = json.loads(json.dumps(game.to_dict()))
        resumed = Game.from_dict(saved)
        assert resumed.to_dict() == saved
        if game.is_over:
            assert resumed.outcome == game.outcome
            break
        name, args = random_action(game, driver)
        # chance steps draw from the game's own random state: both must draw the same
        assert apply(game, name, args) == apply(resumed, name, args)
        assert resumed.to_dict() == game.to_dict()


def test_a_resumed_game_plays_out_exactly_like_the_original():
    original = Game(PRESETS["standard"], seed=11)
    driver = random.Random(5)
    for _ in range(70):
        apply(original, *random_action(original, driver))
    resumed = Game.from_dict(json.loads(json.dumps(original.to_dict())))
    driver_state = driver.getstate()
    while not original.is_over:
        apply(original, *random_action(original, driver))
    driver.setstate(driver_state)
    while not resumed.is_over:
        apply(resumed, *random_action(resumed, driver))
    assert [e.to_dict() for e in resumed.log] == [e.to_dict() for e in original.log]
    assert resumed.outcome == original.outcome


def test_an_unknown_save_version_is_refused():
    data = Game(PRESETS["standard"], seed=1).to_dict()
    data["version"] = 99
    try:
        Game.from_dict(data)
    except ValueError as error:
        assert "version" in str(error)
    else:
        raise AssertionError("a save of an unknown version was loaded")


def test_a_damaged_save_is_refused_with_a_value_error():
    data = Game(PRESETS["standard"], seed=1).to_dict()
    del data["pack"]
    try:
        Game.from_dict(data)
    except ValueError as error:
        assert "not a saved game" in str(error)
    else:
        raise AssertionError("a damaged save was loaded")
