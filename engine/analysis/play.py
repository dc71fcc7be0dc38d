"""Pegging analysis: what each legal card is worth, now and to the end of the play.

From one player's view (a :class:`PeggingView`: their cards, the pile, every
card seen, how many cards each other player holds and what their goes reveal)
every legal card gets its immediate points and its expected *net* points to
the end of the play: the points its side will peg from here on, minus the
other sides' (their mean, with three players), averaged over opponent holdings
consistent with everything seen, each played out by a greedy policy.

Suits never matter in the play, so the play-outs work on ranks (1 = ace ..
13 = king) and plain lists, which keeps a play-out to a few tens of
microseconds.  The rules are RULES.md §2.5: a player who can play must; one
who cannot is passed over; when nobody can play, the last to lay a card pegs
one for the go (the 31 already paid two) and the count starts again with the
player after them; the last card of the play pegs one.

>>> view = PeggingView.two_player("5H 10S 4C 6D", pile="KD", seen="5D JS", opponent_cards=3)
>>> options = analyse_plays(view, samples=50, rng=1)
>>> [(str(o.card), o.immediate) for o in options if o.immediate]
[('5H', 2)]
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Sequence

from engine.cards import DECK, Card, parse_cards
from engine.errors import Breach, IllegalActionError
from engine.events import Dealt, Go
from engine.pegging import MAX_COUNT, least_value_after_go, playable, score_play
from engine.players import PlayerView

# ------------------------------------------------------------- fast pegging on ranks


def rank_value(rank: int) -> int:
    return 10 if rank > 10 else rank


def play_points(pile: Sequence[int], count: int, rank: int) -> int:
    """Points for laying ``rank`` on a pile of ranks whose count is ``count``.

    >>> play_points([1, 2, 5, 4], 12, 3)  # fifteen and a run of five
    7
    >>> play_points([5, 5], 10, 5)  # fifteen and a pair royal
    8
    """
    key = (count, rank, *pile)
    points = _PLAY_POINTS.get(key)
    if points is None:
        if len(_PLAY_POINTS) >= _PLAY_POINTS_SIZE:
            _PLAY_POINTS.clear()
        points = _PLAY_POINTS[key] = _play_points(pile, count, rank)
    return points


#: Play-outs score the same few hundred thousand piles over and over; the points
#: are a pure function of the pile, so they are remembered (a bounded cache).
_PLAY_POINTS: dict[tuple[int, ...], int] = {}
_PLAY_POINTS_SIZE = 1_000_000


def _play_points(pile: Sequence[int], count: int, rank: int) -> int:
    new_count = count + rank_value(rank)
    points = 2 if new_count == 15 or new_count == MAX_COUNT else 0
    n = len(pile)
    if n and pile[-1] == rank:
        same = 1
        while same < n and pile[n - 1 - same] == rank:
            same += 1
        return points + (same + 1) * same
    if n >= 2:
        # Longest run ending in this card: the last L ranks distinct and spanning L
        # (the ranks seen so far kept as bits of one int).
        best = 0
        low = high = rank
        seen = 1 << rank
        length = 1
        for i in range(n - 1, -1, -1):
            r = pile[i]
            bit = 1 << r
            if seen & bit:
                break
            seen |= bit
            if r < low:
                low = r
            elif r > high:
                high = r
            length += 1
            if length >= 3 and high - low == length - 1:
                best = length
        points += best
    return points


def _danger(count: int) -> float:
    """How inviting a count is for the next player: a ten card makes 15 or 31
    from 5 or 21, and 16 of the 52 cards count ten."""
    if count == 5 or count == 21:
        return 1.0
    if 5 < count < 15 or 21 < count < 31:
        return 0.4  # one particular value makes 15 or 31
    return 0.0


def greedy_rank(hand: Sequence[int], pile: Sequence[int], count: int) -> int | None:
    """The medium player's card (as a rank): take the most points, avoid
    handing over an easy 15 or 31, lead low; ``None`` when no card fits.

    >>> greedy_rank([13, 4, 9], [], 0)  # leads low
    4
    >>> greedy_rank([13, 4, 9], [6], 6)  # takes the fifteen
    9
    """
    best = None
    best_score = -1e9
    room = MAX_COUNT - count
    for rank in set(hand):
        value = rank_value(rank)
        if value > room:
            continue
        if count == 0:
            # Lead low, but never a five (a ten makes fifteen); keep fives for fifteens.
            score = -value - (6.0 if rank == 5 else 0.0) + (3.0 if value < 5 else 0.0)
        else:
            new_count = count + value
            score = play_points(pile, count, rank) - 1.5 * _danger(new_count) + 0.01 * value
        if score > best_score:
            best, best_score = rank, score
    return best


def play_out(
    hands: list[list[int]],
    current: int,
    count: int,
    pile: list[int],
    last: int | None,
    points: list[int],
    *,
    stop_at_first_reset: bool = False,
    policy: Callable[[Sequence[int], Sequence[int], int], int | None] = greedy_rank,
    needs: Sequence[int] | None = None,
) -> list[int]:
    """Play the rest of the play with ``policy`` for every seat, adding each
    seat's points to ``points`` (changed in place and returned).  ``hands``
    and ``pile`` are consumed.  With ``needs``, stop as soon as a seat's
    points reach its need (a race to peg out)."""
    if needs is None and policy is greedy_rank and not stop_at_first_reset and len(hands) == 2:
        # The usual play-out (two greedy players to the end) is a pure function of
        # the position, and sampled deals reach the same positions again and again.
        key = (tuple(sorted(hands[0])), tuple(sorted(hands[1])), current, count, last, *pile)
        gained = _PLAYED_OUT.get(key)
        if gained is None:
            before = points[0], points[1]
            _play_out(hands, current, count, pile, last, points, stop_at_first_reset, policy, needs)
            if len(_PLAYED_OUT) >= _PLAYED_OUT_SIZE:
                _PLAYED_OUT.clear()
            _PLAYED_OUT[key] = (points[0] - before[0], points[1] - before[1])
        else:
            points[0] += gained[0]
            points[1] += gained[1]
        return points
    return _play_out(hands, current, count, pile, last, points, stop_at_first_reset, policy, needs)


#: Points each seat gains from a two-player greedy play-out, by position (a bounded cache).
_PLAYED_OUT: dict[tuple[Any, ...], tuple[int, int]] = {}
_PLAYED_OUT_SIZE = 200_000


def _play_out(
    hands: list[list[int]],
    current: int,
    count: int,
    pile: list[int],
    last: int | None,
    points: list[int],
    stop_at_first_reset: bool,
    policy: Callable[[Sequence[int], Sequence[int], int], int | None],
    needs: Sequence[int] | None,
) -> list[int]:
    players = len(hands)
    while True:
        hand = hands[current]
        rank = policy(hand, pile, count) if hand else None
        if rank is not None:
            hand.remove(rank)
            points[current] += play_points(pile, count, rank)
            if needs is not None and points[current] >= needs[current]:
                return points
            count += rank_value(rank)
            pile.append(rank)
            last = current
            if count == MAX_COUNT:
                if stop_at_first_reset or not any(hands):
                    return points
                count = 0
                pile = []
            elif not any(hands):
                points[current] += 1  # the last card
                return points
            current = (current + 1) % players
            continue
        # This seat cannot play: does anyone?
        room = MAX_COUNT - count
        for step in range(1, players):
            seat = (current + step) % players
            held = hands[seat]
            if held and rank_value(min(held)) <= room:  # the lowest rank is the lowest value
                current = seat
                break
        else:
            if last is not None and count:
                points[last] += 1  # the go
                if needs is not None and points[last] >= needs[last]:
                    return points
            if stop_at_first_reset or not any(hands):
                return points
            count = 0
            pile = []
            current = ((last if last is not None else current) + 1) % players


# ----------------------------------------------------------------- the view


@dataclass(frozen=True, slots=True)
class PeggingView:
    """What one player knows when it is their turn in the play.

    ``cards_left`` and ``min_value`` have one entry per seat: how many cards
    the seat still holds, and the lowest value any of them can have (a go at
    count c shows that the seat holds nothing below ``32 - c``).  ``seen`` is
    every other card this player knows no opponent holds: their own discards,
    the starter.  ``played`` is every card played this deal, the pile included.
    """

    seat: int
    hand: tuple[Card, ...]
    pile: tuple[Card, ...]
    played: tuple[Card, ...]
    seen: tuple[Card, ...]
    cards_left: tuple[int, ...]
    min_value: tuple[int, ...]
    last_player: int | None = None
    #: Teams seated alternately (seat ``s`` plays for ``s % teams``); 0: each for themselves.
    teams: int = 0
    stop_at_first_reset: bool = False
    count: int = field(init=False)
    #: The ranks of :meth:`unseen`, worked out once: every sampled deal draws from them.
    unseen_ranks: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "count", sum(c.value for c in self.pile))
        object.__setattr__(self, "unseen_ranks", tuple(int(c.rank) for c in self.unseen()))

    @classmethod
    def two_player(
        cls,
        hand: str | Iterable[Card],
        *,
        pile: str | Iterable[Card] = (),
        earlier: str | Iterable[Card] = (),
        seen: str | Iterable[Card] = (),
        opponent_cards: int,
        opponent_min_value: int = 1,
    ) -> "PeggingView":
        """A two-player view for seat 0 with the opponent next; ``earlier`` are the
        cards played before the last reset.  The last card of the pile, if any,
        is taken to be the opponent's."""
        hand_cards = parse_cards(hand) if isinstance(hand, str) else tuple(hand)
        pile_cards = parse_cards(pile) if isinstance(pile, str) else tuple(pile)
        earlier_cards = parse_cards(earlier) if isinstance(earlier, str) else tuple(earlier)
        seen_cards = parse_cards(seen) if isinstance(seen, str) else tuple(seen)
        return cls(
            seat=0,
            hand=hand_cards,
            pile=pile_cards,
            played=earlier_cards + pile_cards,
            seen=seen_cards,
            cards_left=(len(hand_cards), opponent_cards),
            min_value=(1, opponent_min_value),
            last_player=1 if pile_cards else None,
        )

    @classmethod
    def of(cls, view: PlayerView) -> "PeggingView":
        """The pegging facts of an :class:`engine.players.PlayerView` in the play:
        what is held and seen, and what every go in this deal revealed."""
        players = view.rules.players
        min_value = [1] * players
        for event in reversed(view.log):
            if isinstance(event, Dealt):
                break
            if isinstance(event, Go):
                min_value[event.player] = max(min_value[event.player], least_value_after_go(event.count))
        min_value[view.seat] = 1
        seen = tuple(view.discarded) + ((view.starter,) if view.starter else ())
        return cls(
            seat=view.seat,
            hand=tuple(view.hand),
            pile=tuple(view.pile),
            played=tuple(c for _, c in view.played),
            seen=seen,
            cards_left=tuple(view.hand_sizes),
            min_value=tuple(min_value),
            last_player=view.played[-1][0] if view.pile else None,
            teams=view.rules.teams,
            stop_at_first_reset=view.rules.play_stops_at_first_reset,
        )

    @property
    def players(self) -> int:
        return len(self.cards_left)

    def side_of(self, seat: int) -> int:
        return seat % self.teams if self.teams else seat

    def legal_cards(self) -> tuple[Card, ...]:
        """The cards that can be laid without passing 31."""
        return playable(self.hand, self.count)

    def unseen(self) -> tuple[Card, ...]:
        """Cards that could be in another player's hand."""
        known = set(self.hand) | set(self.played) | set(self.seen)
        return tuple(c for c in DECK if c not in known)

    def net(self, points: Sequence[int]) -> float:
        """This player's side's points minus the mean of the other sides'."""
        sides: dict[int, int] = {}
        for seat, p in enumerate(points):
            side = self.side_of(seat)
            sides[side] = sides.get(side, 0) + p
        mine = sides.pop(self.side_of(self.seat))
        return mine - (sum(sides.values()) / len(sides) if sides else 0.0)


def sample_holdings(view: PeggingView, rng: random.Random) -> list[list[int]]:
    """One guess at every seat's remaining ranks, consistent with the view
    (this player's own hand is known; the others are drawn from the unseen
    cards, the seats constrained by a go first)."""
    pool = list(view.unseen_ranks)
    holdings: list[list[int]] = [[] for _ in range(view.players)]
    holdings[view.seat] = [int(c.rank) for c in view.hand]
    others = [s for s in range(view.players) if s != view.seat]
    others.sort(key=lambda s: -view.min_value[s])
    for seat in others:
        need = view.cards_left[seat]
        if not need:
            continue
        low = view.min_value[seat]
        fits = [i for i, r in enumerate(pool) if rank_value(r) >= low]
        if len(fits) < need:  # the view contradicts itself: fall back to anything unseen
            fits = list(range(len(pool)))
        chosen = rng.sample(fits, min(need, len(fits)))
        holdings[seat] = [pool[i] for i in chosen]
        for i in sorted(chosen, reverse=True):
            pool.pop(i)
    return holdings


@dataclass(frozen=True, slots=True)
class PlayOption:
    """One legal card: the points it pegs now and the expected net to the end of the play."""

    card: Card
    immediate: int
    expected_net: float

    def to_dict(self) -> dict[str, Any]:
        return {"card": str(self.card), "immediate": self.immediate, "expected_net": round(self.expected_net, 3)}


def _as_rng(rng: random.Random | int | None) -> random.Random:
    return rng if isinstance(rng, random.Random) else random.Random(rng)


def expected_nets(
    view: PeggingView,
    ranks: Sequence[int],
    samples: int,
    rng: random.Random,
    *,
    holdings: Sequence[list[list[int]]] | None = None,
) -> dict[int, float]:
    """Mean net points to the end of the play for laying each of ``ranks`` now.

    Every candidate is played out against the same sampled holdings, so the
    comparison between candidates is not blurred by different deals.  The
    holdings are ``samples`` draws of :func:`sample_holdings` unless given
    (an opponent model's, :func:`engine.analysis.keepmodel.likely_holdings`).
    """
    totals = dict.fromkeys(ranks, 0.0)
    pile = [int(c.rank) for c in view.pile]
    count = view.count
    players = view.players
    deals = holdings if holdings is not None else [sample_holdings(view, rng) for _ in range(samples)]
    samples = len(deals)
    for dealt in deals:
        for rank in ranks:
            hands = [list(h) for h in dealt]
            hands[view.seat].remove(rank)
            points = [0] * players
            points[view.seat] = play_points(pile, count, rank)
            new_count = count + rank_value(rank)
            new_pile = pile + [rank]
            nxt = (view.seat + 1) % players
            if new_count == MAX_COUNT:
                if view.stop_at_first_reset or not any(hands):
                    totals[rank] += view.net(points)
                    continue
                new_count, new_pile = 0, []
            elif not any(hands):
                points[view.seat] += 1
                totals[rank] += view.net(points)
                continue
            play_out(hands, nxt, new_count, new_pile, view.seat, points, stop_at_first_reset=view.stop_at_first_reset)
            totals[rank] += view.net(points)
    return {rank: total / samples for rank, total in totals.items()}


def analyse_plays(
    view: PeggingView, *, samples: int = 200, rng: random.Random | int | None = None
) -> tuple[PlayOption, ...]:
    """Every legal card with its immediate points and expected net points to
    the end of the play, best first (empty when the player must say go)."""
    if view.count > MAX_COUNT:
        raise IllegalActionError(f"a pile counting {view.count}", Breach.PASSES_31, card=view.pile[-1],
                                 count=view.count)
    legal = view.legal_cards()
    if not legal:
        return ()
    ranks = sorted({int(c.rank) for c in legal})
    nets = expected_nets(view, ranks, samples, _as_rng(rng))
    options = [
        PlayOption(c, score_play(view.pile + (c,)).points, nets[int(c.rank)]) for c in legal
    ]
    options.sort(key=lambda o: (-o.expected_net, -o.immediate, o.card))
    return tuple(options)
