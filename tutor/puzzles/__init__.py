"""Puzzle positions: the format, checking their answers, generating new ones."""
