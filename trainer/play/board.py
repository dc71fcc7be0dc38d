"""The cribbage board, laid out for an SVG drawn by the template.

Each player has a track of holes in groups of five, 60 holes a lap: a game to
61 is one lap, to 121 two laps (out along one row and back along the next),
to 181 three.  For a phone the rows can be 30 holes long: the track then
snakes out and back twice a lap.  Two pegs per player: the front peg marks the score, the back
peg the score before the last points (it leapfrogs the front one each time).
A score of 0 sits in the start hole, the target in the game hole.

>>> board = board_layout(121, ((5, 0), (12, 7)))
>>> len(board.tracks), len(board.tracks[0].holes)
(2, 120)
>>> [peg.score for peg in board.pegs]
[5, 0, 12, 7]
>>> board_layout(61, ((0, 0), (0, 0))).laps
1
>>> narrow = board_layout(121, ((0, 0), (0, 0)), row_holes=30)
>>> len({hole.y for hole in narrow.tracks[0].holes}), narrow.width < board.width
(4, True)
"""

from __future__ import annotations

from dataclasses import dataclass

HOLES_PER_LAP = 60
GROUP = 5
#: Layout units (the SVG's viewBox).
STEP = 10
GROUP_GAP = 6
ROW_GAP = 14
PLAYER_GAP = 8
MARGIN_X = 30
MARGIN_Y = 12


@dataclass(frozen=True, slots=True)
class Hole:
    x: float
    y: float
    score: int


@dataclass(frozen=True, slots=True)
class Track:
    """One player's holes, in score order (hole 1 first)."""

    player: int
    holes: tuple[Hole, ...]
    start: Hole


@dataclass(frozen=True, slots=True)
class Peg:
    player: int
    score: int
    x: float
    y: float
    front: bool


@dataclass(frozen=True, slots=True)
class BoardLayout:
    width: float
    height: float
    target: int
    laps: int
    tracks: tuple[Track, ...]
    game_hole: Hole
    pegs: tuple[Peg, ...]
    #: x of the lines drawn between groups of five, for the template (y when ``upright``).
    group_lines: tuple[float, ...]
    #: Stood on its end: the rows run down the board (a column beside the table).
    upright: bool = False


def narrow_row_holes(sides: int) -> int:
    """The row of a phone's board: 30 holes for two or three sides; with more (four to six
    tracks) the rows stay 60 long, or the board would be too tall to read at a phone's width.

    >>> narrow_row_holes(2), narrow_row_holes(6)
    (30, 60)
    """
    return HOLES_PER_LAP // 2 if sides <= 3 else HOLES_PER_LAP


def _column_x(index: int) -> float:
    """x of the ``index``-th hole of a row, with a gap after every five."""
    return MARGIN_X + index * STEP + (index // GROUP) * GROUP_GAP


def board_layout(target: int, pegs: tuple[tuple[int, int], ...], *, row_holes: int = HOLES_PER_LAP) -> BoardLayout:
    """Holes and peg positions for a game to ``target``; ``pegs`` is (front, back) per player;
    ``row_holes`` is the length of a row (60, or 30 for a narrow board)."""
    laps = max(1, -(-(target - 1) // HOLES_PER_LAP))
    rows = laps * HOLES_PER_LAP // row_holes
    row_width = _column_x(row_holes - 1) + MARGIN_X
    tracks = []
    y = MARGIN_Y
    for player in range(len(pegs)):
        rows_y = []
        for _ in range(rows):
            rows_y.append(y)
            y += ROW_GAP
        holes = []
        for score in range(1, rows * row_holes + 1):
            lap, index = divmod(score - 1, row_holes)
            if lap % 2:  # every other row runs back the other way
                index = row_holes - 1 - index
            holes.append(Hole(_column_x(index), rows_y[lap], score))
        start = Hole(MARGIN_X - 16, rows_y[0], 0)
        tracks.append(Track(player, tuple(holes[: target - 1]), start))
        y += PLAYER_GAP
    height = y - PLAYER_GAP + MARGIN_Y
    game_x = row_width - 12 if rows % 2 else MARGIN_X - 16
    # Between the players' tracks, where both finish.
    game_y = (MARGIN_Y + y - PLAYER_GAP - ROW_GAP) / 2
    game_hole = Hole(game_x, game_y, target)
    placed = []
    for player, (front, back) in enumerate(pegs):
        for score, is_front in ((front, True), (back, False)):
            if score >= target:
                hole = game_hole
            elif score <= 0:
                hole = tracks[player].start
            else:
                hole = tracks[player].holes[score - 1]
            placed.append(Peg(player, score, hole.x, hole.y, is_front))
    lines = tuple(_column_x(g * GROUP) - (STEP + GROUP_GAP) / 2 for g in range(1, row_holes // GROUP))
    return BoardLayout(row_width, height, target, laps, tuple(tracks), game_hole, tuple(placed), lines)


def stood_up(board: BoardLayout) -> BoardLayout:
    """``board`` stood on its end, every x and y swapped: seed 001's board down the left
    of the table on a wide screen.

    >>> flat = board_layout(61, ((3, 0), (0, 0)), row_holes=30)
    >>> tall = stood_up(flat)
    >>> (tall.width, tall.height) == (flat.height, flat.width), tall.upright
    (True, True)
    >>> flat.tracks[0].holes[2].x == tall.tracks[0].holes[2].y, tall.pegs[0].score
    (True, 3)
    """

    def turn(hole: Hole) -> Hole:
        return Hole(hole.y, hole.x, hole.score)

    return BoardLayout(
        width=board.height, height=board.width, target=board.target, laps=board.laps,
        tracks=tuple(Track(t.player, tuple(turn(h) for h in t.holes), turn(t.start)) for t in board.tracks),
        game_hole=turn(board.game_hole),
        pegs=tuple(Peg(p.player, p.score, p.y, p.x, p.front) for p in board.pegs),
        group_lines=board.group_lines, upright=not board.upright,
    )
