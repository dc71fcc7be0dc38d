"""The playroom: tables people open for each other (issue 22, RULES.md §8)."""
