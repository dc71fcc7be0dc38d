"""The check-up: "am I getting better?", answered on unseen deals at fixed difficulties.

The drills deal at the learner's level, so their accuracy stays near the
target whatever the learner learns.  A check-up is a short test (ten deals
across the skills, no hints) taken from a fixed bank, the same deals for every
learner and never met in the drills' rated pool, scored by the points left on
the table per deal.

* :mod:`trainer.checkup.bank`: the deals, dealt once from a fixed seed by the
  drills' own dealing functions (:func:`~trainer.checkup.bank.checkup_set`,
  :func:`~trainer.checkup.bank.harness_set`, :func:`~trainer.checkup.bank.is_checkup_key`);
* :mod:`trainer.checkup.scoring`: the points an answer leaves on the table, by
  the drills' one grading standard, and the truth a simulated learner needs.

Both are pure: no Flask, no database.
"""
