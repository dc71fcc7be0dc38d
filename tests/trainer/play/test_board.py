"""The cribbage board (trainer.play.board): laps of 60 holes in groups of five,
two pegs per side, the start and the game hole, and the narrow board for a phone."""

from __future__ import annotations

import pytest

from trainer.play.board import HOLES_PER_LAP, board_layout


@pytest.mark.parametrize("target, laps", [(61, 1), (121, 2), (181, 3)])
def test_a_game_to_the_target_is_that_many_laps_of_sixty_holes(target, laps):
    board = board_layout(target, ((0, 0), (0, 0)))
    assert board.laps == laps
    # Every hole from 1 to the last before the game hole, once per player, in score order.
    for track in board.tracks:
        assert [hole.score for hole in track.holes] == list(range(1, target))
    assert board.game_hole.score == target


def test_every_other_row_runs_back_the_way_it_came():
    track = board_layout(121, ((0, 0), (0, 0))).tracks[0]
    first, second = track.holes[:HOLES_PER_LAP], track.holes[HOLES_PER_LAP:]
    assert first[0].x < first[-1].x and second[0].x > second[-1].x
    assert first[-1].x == second[0].x  # the turn: hole 60 and hole 61 stand one above the other


def test_holes_come_in_groups_of_five():
    holes = board_layout(61, ((0, 0), (0, 0))).tracks[0].holes
    steps = [round(b.x - a.x, 6) for a, b in zip(holes, holes[1:10])]
    assert steps[4] > steps[0] and steps[:4] == [steps[0]] * 4  # a wider gap after the fifth hole


def test_the_pegs_stand_at_the_scores_the_start_hole_and_the_game_hole():
    board = board_layout(61, ((0, 0), (61, 58)))
    pegs = {(peg.player, peg.front): peg for peg in board.pegs}
    start = board.tracks[0].start
    assert (pegs[(0, True)].x, pegs[(0, True)].y) == (start.x, start.y)
    assert (pegs[(1, True)].x, pegs[(1, True)].y) == (board.game_hole.x, board.game_hole.y)
    hole = board.tracks[1].holes[57]
    assert (pegs[(1, False)].x, pegs[(1, False)].y, pegs[(1, False)].score) == (hole.x, hole.y, 58)


def test_the_narrow_board_for_a_phone_is_rows_of_thirty():
    wide = board_layout(121, ((5, 0), (9, 2)))
    narrow = board_layout(121, ((5, 0), (9, 2)), row_holes=30)
    assert narrow.width < wide.width and narrow.height > wide.height
    assert len({hole.y for hole in narrow.tracks[0].holes}) == 4
    assert [peg.score for peg in narrow.pegs] == [peg.score for peg in wide.pegs]


def test_three_sides_get_three_tracks():
    board = board_layout(61, ((1, 0), (2, 0), (3, 0)))
    assert [track.player for track in board.tracks] == [0, 1, 2]
    assert len({track.holes[0].y for track in board.tracks}) == 3
