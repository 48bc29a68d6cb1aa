"""The engine: cards and notation, rulesets as data, captures, the game state, scoring.

The lowest layer: it imports no other part of the tutor.
"""
