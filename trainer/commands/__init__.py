"""Subcommands of the ``crib`` console command, one module per feature."""
