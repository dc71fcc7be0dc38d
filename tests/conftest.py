"""Shared fixtures: see the feature-specific conftest sections below."""
