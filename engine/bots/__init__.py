"""The computer players: the five levels, self-play, and the win table measured by self-play."""
