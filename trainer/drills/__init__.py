"""The drills: dealing them, checking and grading answers, the workflow of
answering one, and the adaptive choice of what to deal next."""
