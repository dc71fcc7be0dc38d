"""The streak's weekly free freeze, and the daily deal seeded by the date."""

from __future__ import annotations

from datetime import date, timedelta

from trainer.rating.daily import daily_deal
from trainer.rating.streaks import StreakState, freeze_available, practised, shown

MONDAY = date(2026, 1, 5)


def _days(*offsets: int) -> StreakState:
    state = StreakState()
    for offset in offsets:
        state = practised(state, MONDAY + timedelta(days=offset))
    return state


def test_days_in_a_row_make_a_streak_and_a_day_counts_once():
    state = _days(0, 1, 1, 2)
    assert (state.current, state.longest) == (3, 3)


def test_one_missed_day_a_week_is_frozen_for_free():
    state = _days(0, 1, 3)  # Wednesday missed
    assert state.current == 3 and state.frozen_days == 1
    assert not freeze_available(state, MONDAY + timedelta(days=3))


def test_a_second_missed_day_in_the_same_week_starts_again():
    state = _days(0, 1, 3, 5)  # Wednesday frozen, Friday missed too
    assert state.current == 1 and state.longest == 3


def test_the_next_week_has_a_freeze_of_its_own():
    state = _days(0, 1, 3, 4, 5, 6, 7, 9)  # Wednesday and the next Tuesday missed
    assert state.current == 8 and state.frozen_days == 2


def test_two_missed_days_in_a_row_end_the_streak():
    assert _days(0, 1, 4).current == 1


def test_the_streak_shown_lapses_once_no_freeze_can_save_it():
    state = _days(0, 1)
    assert shown(state, MONDAY + timedelta(days=2)) == 2  # yesterday practised
    assert shown(state, MONDAY + timedelta(days=3)) == 2  # yesterday frozen, if they come today
    assert shown(state, MONDAY + timedelta(days=4)) == 0


def test_the_daily_deal_is_dealt_from_the_date_alone():
    day = date(2026, 3, 14)
    first = daily_deal(day)
    daily_deal.cache_clear()
    assert daily_deal(day) == first
    deals = {daily_deal(day + timedelta(days=n)).show for n in range(10)}
    assert len(deals) == 10
    assert any(daily_deal(day + timedelta(days=n)).show.crib for n in range(10))
