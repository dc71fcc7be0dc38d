"""Analysis beside the rules: discard and pegging expected values, the score
distribution, the chance to win from a score, and the opponent's likely keeps."""
