"""Simulated learner models for the practice-policy harness (``bench/simulated_learners.py``).

A model plugs in as ``--model FILE.py:FACTORY``: ``FACTORY(seed)`` returns an
object with ``answer(drill, learn=True) -> reply`` and ``feedback(drill, right)``,
plain dicts both ways (:mod:`bench.learners.protocol` states the protocol as
``typing.Protocol`` and ``TypedDict`` classes; ``bench/README.md`` in words).
A check-up answer (``learn=False``) leaves the model exactly as it was.

:mod:`~bench.learners.protocol` also holds what every model needs: the drill's
time as a datetime (:func:`~bench.learners.protocol.parse_now`) and as a day
number (:func:`~bench.learners.protocol.day_number`), the combo types in its
items (:func:`~bench.learners.protocol.combo_names`), their points
(:func:`~bench.learners.protocol.total_of`), the reply for a number or a choice,
whether a reply is right, and a check-up's own random stream.

The models shipped:

* :mod:`~bench.learners.today`: the product's own model
  (:class:`trainer.rating.learner_model.SimulatedLearner`) behind the protocol;
* :mod:`~bench.learners.transfer`: skills shared between related combo types,
  ceilings, power-law forgetting, lucky guesses, over-counting, retried deals;
* :mod:`~bench.learners.rules`: each combo type a rule known or not, learnt by
  insight, forgotten by a hazard, with slips and discard/best-card heuristics
  learnt in steps.
"""
