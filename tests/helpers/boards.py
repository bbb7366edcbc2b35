"""Changing the boards registry for a test (undone after it by `monkeypatch`)."""

import dataclasses

from scenes.boards import BOARDS


def swap_board(monkeypatch, game, board):
    """`game` is played on `board` ("module:Class") for this test; its other parts stay."""
    monkeypatch.setitem(BOARDS, game, dataclasses.replace(BOARDS[game], board=board))


def no_board(monkeypatch, *games):
    """`games` have no board for this test (their menu tiles say "coming soon")."""
    for game in games:
        monkeypatch.delitem(BOARDS, game, raising=False)
