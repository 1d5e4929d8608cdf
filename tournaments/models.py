"""Brackets, rounds and pairings (coming with tournaments)."""
