"""Helpers shared by the tests: driving the app by posted input, played games, positions."""
