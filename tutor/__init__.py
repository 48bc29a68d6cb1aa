"""Scopone tutor: replay, count, explain and solve hands of Scopone Scientifico and Scopa."""

__version__ = "0.1.0"
