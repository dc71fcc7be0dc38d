"""Ratings and memory: how good each learner is at each skill, and what to practise when.

The entry points for the drills' workflow (issue 23):

* after recording an attempt, in the same transaction:
  :func:`trainer.rating.answers.rate_attempt` (``rate_attempts`` for a batch);
* before dealing afresh: :func:`trainer.rating.memory.due_deals` (missed deals
  FSRS says are due, with the attempt to link as ``retry_of``) and
  :func:`trainer.rating.memory.due_combo_types` (combo types to favour);
* choosing among candidate deals: :func:`trainer.rating.dealing.pick_deal`
  (with :func:`~trainer.rating.dealing.deal_weights` for weak combo types);
* the pages: :func:`trainer.rating.progress.learner_progress`, and
  :mod:`trainer.rating.daily` for the daily deal.
"""
