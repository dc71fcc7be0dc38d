"""Games at the table: set-up, moves and saving, the table as a seat sees it,
results and review, the coach, the board, and solitaire."""
