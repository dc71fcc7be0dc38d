"""Lesson exercises in the learner's record, in each drill's shape."""

from __future__ import annotations

import pytest

from trainer.lessons.course import DirectiveKind
from trainer.lessons.progress import pegging_moment

from .course_data import ALL_DIRECTIVES, directive_id


@pytest.mark.parametrize("pair", [p for p in ALL_DIRECTIVES if p[1].kind is DirectiveKind.PLAY], ids=directive_id)
def test_every_pile_scores_the_same_as_the_pegging_quiz_would(pair):
    _, directive = pair
    assert pegging_moment(directive).points == directive.engine_total()
