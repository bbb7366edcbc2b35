"""Issue 45 item 4: a distinct cue for your turn, a capture, a refused move and the end, asked for
at the right moment and each beside what the screen says (nothing by sound alone); no cue tells
a face-down symbol. Audio is dummy in tests: the calls are recorded."""

from __future__ import annotations

import random
import re

import pytest
from helpers.scene_driver import click, frames, pass_device_if_asked, settle, tap

from scenes.boards.making import board_scene_class
from scenes.boards.whose_foods import layout as wf_layout
from scenes.kit.audio import CUE_OF, CUES, SOUNDS

#: the engine events after which a board plays its capture cue
CAPTURES = {"ChainStep", "PairScored", "CardScored"}


class Recorder:
    """Stands in for the app's Audio: records each sound asked for, with what was on screen."""

    def __init__(self) -> None:
        self.board = None  #: the board whose moves are counted (else the scene on top's)
        self.calls: list[tuple[str, int, str]] = []  # (sound, moves played, scene on top)

    def play(self, app, name: str) -> None:
        assert name in SOUNDS
        scene = app.manager.current
        board = self.board or scene
        self.calls.append((name, len(board.moves) if board else -1, scene.name if scene else ""))

    def sounds(self) -> list[str]:
        return [name for name, _, _ in self.calls]


@pytest.fixture
def sounds(monkeypatch) -> Recorder:
    """The sounds every app asks for (App.play_sound), recorded from now on."""
    from scenes.app import App

    recorder = Recorder()
    monkeypatch.setattr(App, "play_sound", lambda app, name: recorder.play(app, name))
    return recorder


def test_the_four_cues_are_distinct_sounds_each_with_its_volume_setting(make_app) -> None:
    app = make_app()
    assert sorted(set(CUE_OF.values())) == sorted(CUES)
    assert len({"turn", "capture", "refused", "win"}) == 4
    for cue in CUES:
        assert getattr(app.settings, f"{cue}_volume") == app.settings.cue_volumes()[cue]


def test_each_cue_volume_is_set_on_the_settings_screen_and_kept(make_app) -> None:
    app = make_app()
    click(app, app.manager.current.button_rects["Settings"].center)
    settings = app.manager.current
    assert settings.name == "settings"
    for number in range(len(CUES)):
        track = settings.volumes[2 + number].track_rect  # after master and effects
        click(app, (track.left + track.width * number // 4, track.centery))
    assert app.audio.cues == pytest.approx(
        {"turn": 0.0, "capture": 0.25, "refusal": 0.5, "end": 0.75}, abs=0.01
    )
    assert app.audio.volume_of("refused") == pytest.approx(0.8 * 0.5, abs=0.01)
    app.close()
    again = make_app()
    assert again.settings.cue_volumes() == app.settings.cue_volumes()
    assert again.settings.turn_volume == 0.0 and again.audio.cues == app.audio.cues


def test_your_turn_and_a_refused_move_are_cued_beside_the_words(open_board, sounds) -> None:
    app, board = open_board("whose-foods", ["human", "ai:beginner"])
    settle(app)
    assert board.human_to_move and sounds.sounds() == ["turn"]
    assert "Player 1" in board.status_text()  # the screen says whose turn it is too
    frames(app, 30)
    assert sounds.sounds() == ["turn"]  # once per turn, not per frame
    tap(app, board.piece_pos("SD"))
    tap(app, tuple(round(v) for v in wf_layout.square_centre(0)))
    settle(app)  # the computer answers; the person's turn again
    assert len(board.moves) == 2 and board.human_to_move
    assert sounds.sounds().count("turn") == 2 and sounds.sounds()[-1] == "turn"
    assert [moves for name, moves, _ in sounds.calls if name == "turn"] == [0, 2]
    occupied = next(sq for sq in range(16) if board.state.piece_at(sq)[0] >= 0)
    tap(app, board.piece_pos("LD"))
    tap(app, tuple(round(v) for v in wf_layout.square_centre(occupied)))
    assert len(board.moves) == 2 and board.status.refusal is not None  # said in words too
    assert sounds.sounds()[-1] == "refused" and sounds.sounds().count("refused") == 1
    settle(app)
    assert sounds.sounds().count("turn") == 2  # a refusal does not start a new turn


@pytest.mark.slow
@pytest.mark.parametrize("game", ["whose-foods", "consequence", "blanc-noir"])
def test_capture_and_end_cues_come_with_their_moves_and_the_results(
    open_board, sounds, game
) -> None:
    app, board = open_board(game, ["ai:beginner", "ai:beginner"])
    sounds.board = board
    events: dict[int, set[str]] = {}
    board.watch_events = lambda shown: events.setdefault(len(board.moves), set()).update(
        type(event).__name__ for event in shown
    )
    for _ in range(4000):
        if app.manager.current.name == "results":
            break
        frames(app, 5)
    settle(app)
    assert app.manager.current.name == "results"
    last = len(board.moves)
    captured = {move for move, kinds in events.items() if kinds & CAPTURES}
    cued = {moves for name, moves, _ in sounds.calls if CUE_OF.get(name) == "capture"}
    assert captured, "the game had a capture"
    assert captured - cued == set()  # every capture is cued with its move ...
    assert cued - captured <= {last}  # ... and no other move but the last (its end bonuses)
    ends = [(moves, scene) for name, moves, scene in sounds.calls if CUE_OF.get(name) == "end"]
    assert (ends[0][1], ends[-1][1]) == ("board", "results")  # the board's end, then the results
    assert {moves for moves, _ in ends} == {last} and ends.count((last, "results")) == 1
    assert "turn" not in sounds.sounds() and "refused" not in sounds.sounds()  # nobody here


def _masked(move: str) -> str:
    """A move's notation with the symbol of the tile it names hidden ("place b? c1")."""
    return re.sub(r"\b([rb])[A-Z]\b", r"\1?", move)


def _play_masked(app, board, choices: list[str], rng: random.Random, limit: int) -> None:
    """Play up to `limit` moves (people at one screen): the next of `choices`, each a masked
    notation; a new random one appended when `choices` runs out."""
    for _ in range(limit):
        settle(app)
        pass_device_if_asked(app)
        if board.state.is_over:
            return
        legal = sorted(str(move) for move in board.state.legal_moves())
        if len(choices) == len(board.moves):
            choices.append(_masked(rng.choice(legal)))
        board.play(next(move for move in legal if _masked(move) == choices[len(board.moves)]))


@pytest.mark.slow
def test_no_cue_tells_a_face_down_symbol(open_board, sounds) -> None:
    """Two positions that Player 1 cannot tell apart (the face-down symbols of the other seat's
    tiles differ), played on alike: the same cues, move for move, until the end's reveal."""
    app, first = open_board("consequence", ["human", "human"], seed=7)
    rng, choices = random.Random(11), []
    _play_masked(app, first, choices, rng, 12)
    now = first.state
    deal = next(
        dealt
        for dealt in (now.view(0).sample(random.Random(k)) for k in range(50))
        if dealt.view(1) != now.view(1)
    )
    assert deal.view(0) == now.view(0)
    second = board_scene_class("consequence")(app, first.setup, start_state=deal)
    second.record.moves.extend(first.moves)  # (counted alike: the same moves went before)
    played = []
    for board in (first, second):
        if board is second:
            app.manager.switch(board, fade=False)
        settle(app)
        pass_device_if_asked(app)
        settle(app)
        sounds.board, sounds.calls = board, []  # (from the same moment of both)
        _play_masked(app, board, choices, rng, 200)
        assert board.state.is_over
        played.append([call for call in sounds.calls if call[1] < len(board.moves)])
    assert len(played[0]) > 10
    assert played[0] == played[1]
