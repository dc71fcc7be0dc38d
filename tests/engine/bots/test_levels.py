"""The four bot levels: their discards, plays and muggins behaviour (RULES.md §6)."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from engine.analysis.discard import analyse_discards, keep_scores_as_they_stand
from engine.bots.levels import PROFILES, Bot, GiveawayBot, Level, crib_is_mine, make_player, pegging_view
from engine.cards import DECK, Card, parse_cards
from engine.events import Counted, Go, MugginsCalled, TrueCount
from engine.game import Automation, Game, MugginsWindow, PendingClaim
from engine.players import Player, PlayerView, play_game
from engine.rules import PRESETS, STANDARD, Counting
from engine.scoring import score_show


def stacked_game(hand0: str, hand1: str, *, dealer: int, starter: str = "AS", rules=STANDARD) -> Game:
    """A two-player game dealt from a stacked deck: seat 0 and seat 1 get these cards."""
    hands = [list(parse_cards(hand0)), list(parse_cards(hand1))]
    start = parse_cards(starter)[0]
    rest = [c for c in DECK if c not in hands[0] + hands[1] and c != start]
    random.Random(0).shuffle(rest)
    deck = []
    for i in range(rules.hand_size):
        for seat in ((dealer + 1) % 2, dealer):
            deck.append(hands[seat][i])
    deck += rest[:4] + [start] + rest[4:]  # lifting 4 turns up the starter
    game = Game(rules, seed=1, dealer=dealer)
    game.deal(deck)
    return game


def discard_view(hand: str, *, dealer: bool):
    spare = [c for c in DECK if c not in parse_cards(hand) and str(c) != "AS"]
    other = " ".join(str(c) for c in spare[:6])
    return PlayerView.of(stacked_game(hand, other, dealer=0 if dealer else 1), 0)


def play_position(hand0: str, hand1: str, plays: list[str], *, dealer: int = 1):
    """Seat 0's view after the discards (the last two cards of each hand) and ``plays``."""
    game = stacked_game(hand0, hand1, dealer=dealer, starter="AS")
    for seat, hand in ((0, hand0), (1, hand1)):
        game.discard(seat, parse_cards(hand)[4:])
    game.cut(4)
    for text in plays:
        game.play(game.to_act[0], parse_cards(text)[0])
    assert game.to_act == (0,)
    return PlayerView.of(game, 0)


@pytest.mark.parametrize("level", list(Level))
def test_every_level_is_a_player(level):
    assert isinstance(Bot(level, seed=1), Player)
    assert make_player(level.value, seed=1).level is level


def test_unknown_level_is_a_value_error():
    with pytest.raises(ValueError, match="not a bot level"):
        make_player("grandmaster", seed=1)


class Recording:
    """A bot whose every discard is kept with the view it was chosen from."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.discards: list[tuple[PlayerView, tuple[Card, ...]]] = []

    def choose_discard(self, view: PlayerView) -> tuple[Card, ...]:
        chosen = self.bot.choose_discard(view)
        self.discards.append((view, chosen))
        return chosen

    def choose_play(self, view: PlayerView) -> Card:
        return self.bot.choose_play(view)

    def claim_show(self, view: PlayerView, claim: PendingClaim) -> int:
        return self.bot.claim_show(view, claim)

    def choose_muggins(self, view: PlayerView, window: MugginsWindow) -> bool:
        return self.bot.choose_muggins(view, window)


def _rule_keeps(level: str, view: PlayerView) -> set[tuple[Card, ...]]:
    """The discards a level's rule allows from this view (RULES.md §6)."""
    rules = view.rules
    options = analyse_discards(view.hand, dealer=crib_is_mine(view), discards=rules.discards, crib_size=rules.crib_size)
    if level == "insane":
        return {options[0].discard}
    if level == "hard":
        best = max((o.hand_ev, o.net_ev) for o in options)
        return {o.discard for o in options if (o.hand_ev, o.net_ev) == best}
    keeps = [o.keep for o in options]
    scores = keep_scores_as_they_stand(keeps)
    return {o.discard for o, score in zip(options, scores) if score == scores.max()}


@pytest.mark.parametrize("rules", list(PRESETS.values()), ids=lambda r: r.name)
def test_each_level_lays_away_by_its_own_rule_at_every_table(rules):
    """Medium keeps the best four as they stand, hard the best hand over the starters,
    insane the best hand and crib (RULES.md §6), whatever the table; easy's are
    checked only where it did not throw at random."""
    short = rules.to_target(31)
    levels = ["insane", "hard", "medium", "insane", "hard", "medium"][: rules.players]
    bots = [Recording(Bot(level, seed=seat, samples=20)) for seat, level in enumerate(levels)]
    game = play_game(short, bots, seed=3)
    assert game.outcome is not None and max(game.scores) >= short.target
    checked = 0
    for level, bot in zip(levels, bots):
        for view, chosen in bot.discards:
            assert set(chosen) <= set(view.hand) and len(chosen) == rules.discards
            assert tuple(sorted(chosen)) in {tuple(sorted(d)) for d in _rule_keeps(level, view)}, (level, view.hand)
            checked += 1
    assert checked >= rules.players - (1 if rules.dealer_keeps_dealt else 0)


def test_insane_discards_for_hand_and_crib():
    hand = "5H 5D JS 4C 6D KS"
    for dealer in (True, False):
        view = discard_view(hand, dealer=dealer)
        chosen = set(Bot("insane", 1).choose_discard(view))
        assert chosen == set(analyse_discards(hand, dealer=dealer)[0].discard)


def test_a_profile_may_value_the_crib_by_the_crib_table():
    from engine.analysis.discard import CribModel
    from engine.bots.levels import BotProfile, DiscardStyle, PlayStyle

    profile = BotProfile(Level.INSANE, DiscardStyle.HAND_AND_CRIB, PlayStyle.GREEDY, crib_model=CribModel.TABLE)
    hand = "5H 5D JS 4C 6D KS"
    for dealer in (True, False):
        chosen = set(Bot(profile, 1).choose_discard(discard_view(hand, dealer=dealer)))
        assert chosen == set(analyse_discards(hand, dealer=dealer, crib_model="table")[0].discard)


def test_hard_keeps_the_best_average_hand_whatever_the_crib():
    # Pone: throwing 5-5 to the dealer's crib costs a lot, but hard only looks at its hand.
    hand = "5H 5D 10S JC 2C 8D"
    options = analyse_discards(hand, dealer=False)
    best_hand = max(options, key=lambda o: o.hand_ev)
    chosen = set(Bot("hard", 1).choose_discard(discard_view(hand, dealer=False)))
    assert chosen == set(best_hand.discard)


def test_medium_keeps_the_best_four_as_they_stand():
    hand = parse_cards("2H 3D 4S 9C KC QD")
    chosen = set(Bot("medium", 1).choose_discard(discard_view("2H 3D 4S 9C KC QD", dealer=True)))
    kept = [c for c in hand if c not in chosen]
    assert score_show(kept).total == max(score_show(k).total for k in combinations(hand, 4))


@pytest.mark.parametrize("level", [Level.MEDIUM, Level.HARD, Level.INSANE])
def test_medium_and_up_take_the_fifteen(level):
    # Pone leads the 6; seat 0 (dealer 1 means seat 0 is pone... here seat 1 leads).
    view = play_position("9C KD 2H 7S 3C 3D", "6H 8D 10C QC 4S 4D", ["6H"], dealer=0)
    assert str(Bot(level, 1).choose_play(view)) == "9C"


@pytest.mark.parametrize("level", [Level.MEDIUM, Level.HARD, Level.INSANE])
def test_medium_and_up_do_not_lead_a_five(level):
    view = play_position("5C KD 2H 9S 3C 3D", "6H 8D 10C QC 4S 4D", [], dealer=1)
    assert str(Bot(level, 1).choose_play(view)) != "5C"


@pytest.mark.parametrize("level", [Level.HARD, Level.INSANE])
def test_hard_and_insane_make_thirty_one(level):
    # Count 27 after K Q 7: the 4 makes 31 for two, the ace 28 gives nothing.
    view = play_position("KC 4D AH 9S 3C 3D", "QH 7D 10C QC 4S 5D", ["QH", "KC", "7D"], dealer=0)
    assert view.count == 27
    assert str(Bot(level, 1).choose_play(view)) == "4D"


# ------------------------------------------------------------------ muggins


def claim_for(hand: str, starter: str) -> PendingClaim:
    return PendingClaim(0, Counted.HAND, parse_cards(hand), parse_cards(starter)[0])


@pytest.mark.parametrize("level, rate", [(Level.EASY, 0.30), (Level.MEDIUM, 0.10)])
def test_easy_and_medium_under_count_at_their_documented_rate(level, rate):
    assert PROFILES[level].miss_rate == rate
    bot = Bot(level, seed=4)
    claim = claim_for("4C 5D 6H KC", "5S")  # 16
    claims = [bot.claim_show(None, claim) for _ in range(3000)]
    short = sum(1 for c in claims if c < 16)
    assert all(c <= 16 for c in claims)
    assert abs(short / 3000 - rate) < 0.03


@pytest.mark.parametrize("level", [Level.HARD, Level.INSANE])
def test_hard_and_insane_always_claim_the_true_count(level):
    bot = Bot(level, seed=4)
    claim = claim_for("4C 5D 6H KC", "5S")
    assert {bot.claim_show(None, claim) for _ in range(200)} == {16}


@pytest.mark.parametrize("level", list(Level))
def test_every_level_mugs_a_short_claim_and_only_a_short_claim(level):
    bot = Bot(level, seed=1)
    claim = claim_for("4C 5D 6H KC", "5S")
    assert bot.choose_muggins(None, MugginsWindow(claim, 14, (1,)))
    assert not bot.choose_muggins(None, MugginsWindow(claim, 16, (1,)))
    assert not bot.choose_muggins(None, MugginsWindow(claim, 18, (1,)))


def test_under_muggins_hard_takes_the_points_easy_misses():
    rules = STANDARD.with_options(counting=Counting.MUGGINS, pegging_muggins=True)
    game = play_game(rules, [Bot("easy", 1), Bot("hard", 2)], seed=9)
    easy_short = [e for e in game.log if isinstance(e, TrueCount) and e.player == 0 and e.claimed < e.total]
    mugged = [e for e in game.log if isinstance(e, MugginsCalled) and e.player == 1]
    assert easy_short, "easy should have under-counted at least once in a whole game"
    assert [m.points for m in mugged if m.points] == [e.total - e.claimed for e in easy_short]


# ------------------------------------------------------------------ views


def test_a_go_in_the_log_limits_what_the_opponent_may_hold():
    game = Game(STANDARD, seed=21, dealer=0, automate=Automation.CHANCE)
    bots = [Bot("medium", 1), Bot("medium", 2)]
    from engine.players import take_turn

    while not game.is_over:
        view = PlayerView.of(game, game.to_act[0]) if game.to_act else None
        if view is not None and view.legal_plays and any(isinstance(e, Go) for e in view.log[-3:]):
            go = next(e for e in reversed(view.log) if isinstance(e, Go))
            if go.player != view.seat:
                peg = pegging_view(view)
                assert peg.min_value[go.player] >= 32 - go.count
                return
        take_turn(game, bots)
    pytest.fail("no go was said in a whole game")


def test_giveaway_bot_ducks_the_fifteen_a_points_bot_takes():
    """Giveaway (RULES.md §3): the first to the target loses, so the bot pegs as little as it can."""
    rules = STANDARD.with_options(giveaway=True)
    game = Game.from_hands(rules, ["5H 2C 9D KD", "10S 3H 8C QH"], starter="AS", seed=1)
    game.play(1, "10S")
    view = PlayerView.of(game, 0)
    assert Bot(Level.MEDIUM, seed=1).choose_play(view) == Card.parse("5H")  # fifteen for 2
    assert GiveawayBot(Bot(Level.MEDIUM, seed=1)).choose_play(view) == Card.parse("2C")


def test_giveaway_bot_lays_away_its_least_valuable_keep():
    rules = STANDARD.with_options(giveaway=True)
    game = Game(rules, seed=3, dealer=0)
    game.deal()
    view = PlayerView.of(game, 1)
    options = analyse_discards(view.hand, dealer=False)
    assert GiveawayBot(Bot(Level.MEDIUM, seed=1)).choose_discard(view) == options[-1].discard
    assert options[-1].net_ev < options[0].net_ev
