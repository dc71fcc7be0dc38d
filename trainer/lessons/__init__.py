"""The course: lessons parsed from Markdown and checked against the engine,
the learner's progress through them."""
