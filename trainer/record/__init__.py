"""The learner's record: learners and accounts, pending drills, attempts and
their statistics, and the table settings, over the database."""
