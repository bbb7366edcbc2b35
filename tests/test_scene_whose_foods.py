"""The Whose Foods board scene, driven headless by posted clicks: full games, choices, chains,
undo, hints, and the drawn board against the engine's board."""

import random

import pygame
import pytest
from helpers.drawn_text import install as install_text_probe
from helpers.scene_driver import frames, hover, watch_faces
from helpers.scene_driver import tap as click

from game import whose_foods as wf
from scenes.app import App, Options
from scenes.boards.whose_foods import layout
from scenes.boards.whose_foods.preview import preview_of
from scenes.boards.whose_foods.scene import WhoseFoodsBoard
from scenes.kit.effects_paint import callout_label_rect, popup_rect
from scenes.kit.seats import HUMAN
from scenes.storage.settings import SettingsStore

EMPTY_ROWS = ". . . .\n. . . .\n. . . .\n"
CHAIN_OF_THREE = ". . . .\nLD LD/SC LD .\nSC LC/SC . .\n. LC . ."  # SD c2 sets off 3 steps


def board(app) -> WhoseFoodsBoard:
    scene = app.manager.current
    assert isinstance(scene, WhoseFoodsBoard), scene
    return scene


def wait_for_turn(app, limit=3000):
    """Run frames until a human may move, or the game has left the board scene."""
    for _ in range(limit):
        scene = app.manager.current
        if not isinstance(scene, WhoseFoodsBoard) and not app.manager.busy:
            return None
        if isinstance(scene, WhoseFoodsBoard) and scene.human_to_move:
            assert scene.presenter.diagram() == scene.state.diagram()
            return scene
        frames(app)
    raise AssertionError("the game never came back to a human")


def square_pos(square: int):
    return layout.square_rect(square).center


def click_move(app, scene, move):
    """Make `move` as a person would: pick the piece and click the square, or pick an option."""
    if isinstance(move, wf.Place):
        click(app, scene.piece_pos(wf.PIECE_NAMES[move.piece]))
        assert scene.selected == wf.PIECE_NAMES[move.piece]
        click(app, square_pos(move.square))
    else:
        index = [e.squares for e in scene.state.pending].index(move.squares)
        click(app, scene.button_rects[f"option {index + 1}"].center)


@pytest.fixture
def make_app(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_TRIO_HOME", str(tmp_path))
    made = []

    def make(seats, speed=10.0, memory_mode=True):
        app = App(
            Options(game="whose-foods", seats=tuple(seats), seed=5, speed=speed),
            SettingsStore(tmp_path),
        )
        app.settings.last_setup["whose-foods"] = {"options": {"memory_mode": memory_mode}}
        app.manager.switch(WhoseFoodsBoard(app, app.quick_setup("whose-foods", seats)), fade=False)
        pygame.event.clear()
        frames(app, 3)
        made.append(app)
        return app

    yield make
    for app in made:
        app.close()


# --- whole games ----------------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_hot_seat_games_are_played_to_the_results_by_clicks(make_app, players):
    app = make_app(["human"] * players)
    watch = watch_faces(app, board(app))  # memory mode: no covered piece drawn (WF-10)
    rng = random.Random(players)
    moves = 0
    while (scene := wait_for_turn(app)) is not None:
        before = len(scene.moves)
        click_move(app, scene, rng.choice(scene.state.legal_moves()))
        assert len(scene.moves) == before + 1, "the click made the move"
        moves += 1
    assert app.manager.current.name == "results"
    assert app.games_finished == 1 and moves >= 4 and watch.faces_checked > 100


@pytest.mark.parametrize(
    "seats",
    [
        ["human", "ai:normal"],
        ["ai:easy", "human", "ai:hard"],
        ["ai:normal", "ai:normal", "human", "ai:easy"],
    ],
)
@pytest.mark.slow
def test_games_with_computer_players_reach_the_results(make_app, seats):
    app = make_app(seats)
    rng = random.Random(len(seats))
    while (scene := wait_for_turn(app)) is not None:
        click_move(app, scene, rng.choice(scene.state.legal_moves()))
    assert app.manager.current.name == "results"


@pytest.mark.slow
def test_the_drawn_board_equals_the_engine_board_after_every_move(make_app):
    """Computer-only games through the scene: whenever the timeline is idle, the tokens stand
    where the engine has its pieces, trays included."""
    for game_no in range(3):
        app = make_app(["ai:easy"] * (2 + game_no))
        checked = 0
        for _ in range(20000):
            scene = app.manager.current
            if not isinstance(scene, WhoseFoodsBoard):
                break
            if scene.presenter.idle:
                state, presenter = scene.state, scene.presenter
                assert presenter.diagram() == state.diagram()
                for seat in range(state.players):
                    assert sorted(t.code for t in presenter.hands[seat]) == state.hand(seat)
                    caught = presenter.captured[seat] + presenter.cans[seat]
                    assert sorted(t.code for t in caught) == state.captured(seat)
                assert (
                    sorted(t.code for pile in presenter.supply.values() for t in pile)
                    == state.supply()
                )
                for token in presenter.tokens():
                    assert (token.x, token.y, token.scale) == presenter.home(token)[:3]
                checked += 1
            frames(app)
        assert app.manager.current.name == "results" and checked > 5


# --- playing a move -------------------------------------------------------------------------------


def test_a_piece_then_a_square_places_it_with_a_flight_and_a_bounce(make_app):
    app = make_app(["human", "human"], speed=1.0)
    scene = board(app)
    click(app, scene.piece_pos("LD"))
    assert scene.selected == "LD"
    assert scene.target_squares == set(range(16))
    click(app, square_pos(wf.parse_square("b2")))
    assert scene.moves == ["LD b2"]
    token = scene.presenter.board[wf.parse_square("b2")][0]
    frames(app, 12)
    assert token.lift > 0  # in the air
    x, y = layout.square_centre(wf.parse_square("b2"))
    assert (token.x, token.y) != (x, y)
    frames(app, 60)
    assert (token.x, token.y, token.lift) == (x, y, 0.0)


def test_an_illegal_square_does_not_react(make_app):
    app = make_app(["human", "human"])
    scene = board(app)
    scene.set_state(wf.from_diagram(EMPTY_ROWS + "LD/SC . . ."))
    click(app, scene.piece_pos("LC"))
    assert wf.parse_square("a1") not in scene.target_squares
    click(app, square_pos(wf.parse_square("a1")))
    assert scene.moves == [] and scene.selected == "LC"


def test_a_click_during_an_animation_speeds_it_up(make_app):
    app = make_app(["human", "human"], speed=1.0)
    scene = board(app)
    click(app, scene.piece_pos("SC"))
    click(app, square_pos(0))
    assert not scene.presenter.idle
    click(app, (960, 40))
    assert scene.hurry and scene.presenter.timeline.speed == pytest.approx(4.0)
    wait_for_turn(app)
    assert not scene.hurry


def test_a_two_effect_choice_is_made_by_clicking_an_option(make_app):
    app = make_app(["human", "human"])
    scene = board(app)
    scene.set_state(wf.from_diagram(EMPTY_ROWS + "LD SD . SC"))
    click(app, scene.piece_pos("SD"))
    click(app, square_pos(wf.parse_square("c1")))
    wait_for_turn(app)
    assert scene.presenter.choice is not None and len(scene.option_buttons) == 2
    click(app, square_pos(wf.parse_square("d1")))  # d1 is only in the second trio
    wait_for_turn(app)
    assert scene.moves[-1] == "take b1 c1 d1"
    assert scene.state.diagram().splitlines()[-1] == "LD . . ."
    assert scene.presenter.choice is None


@pytest.mark.parametrize(
    ("rows", "labels"),
    [
        (EMPTY_ROWS + "LD SD . SC", ["1: Trio of dogs\na1 b1 c1", "2: Trio by size\nb1 c1 d1"]),
        (
            ". . . .\nLC . SF .\n. LD SC .\nLD SD . SC",
            ["1: Trio of dogs\na1 b1 c1", "2: Trio by size\nb1 c1 d1", "3: Trio by size\nc1 c2 c3"],
        ),
    ],
)
def test_the_capture_choice_buttons_hold_their_words(make_app, rows, labels):
    """Issue 23, defect 5: each option's words (what it captures, then where) are drawn whole
    inside its button, clear of its coloured frame and of the other buttons."""
    app = make_app(["human", "human"])
    scene = board(app)
    scene.set_state(wf.from_diagram(rows))
    click(app, scene.piece_pos("SD"))
    click(app, square_pos(wf.parse_square("c1")))
    wait_for_turn(app)
    buttons = scene.option_buttons
    assert [button.label for button in buttons] == labels
    drawn = []
    for button in buttons:
        _, lines = button.label_layout()
        assert ["\n".join(words for words, _, _ in lines)] == [button.label]  # nothing cut
        inside = button.rect.inflate(-24, -16)  # within the coloured frame drawn on it
        for words, size, rect in lines:
            assert inside.contains(rect), (words, rect, inside)
            assert size >= 24
            drawn.append(rect)
    for index, rect in enumerate(drawn):
        assert rect.collidelist(drawn[index + 1 :]) == -1


@pytest.mark.parametrize(
    ("rows", "move"),
    [
        (EMPTY_ROWS + "LD LD . .", "LD c1"),  # along the bottom row
        ("LC LC . .\n. . . .\n. . . .\n. . . .", "LC c4"),  # along the top row
        (". . . .\n. . . .\nLD . . .\nLD . . .", "LD a3"),  # up a column
        (". . . .\n. . . .\n. SD . .\nSD . . .", "SD c3"),  # a diagonal
    ],
)
def test_a_captures_points_never_cover_its_name(make_app, rows, move):
    """Issue 23: the "+3" pop-up of a capture rises under the capture's line and never over
    its name ("Trio by size!" above the line), frame by frame."""
    app = make_app(["human", "human"], speed=1.0)
    scene = board(app)
    scene.set_state(wf.from_diagram(rows))
    scene.play(wf.parse_move(scene.state, move))
    presenter = scene.presenter
    seen = 0
    for _ in range(400):
        frames(app)
        for callout in presenter.callouts:
            if callout.alpha < 8:
                continue
            name = callout_label_rect(callout)
            for popup in presenter.popups:
                if popup.alpha >= 8:
                    seen += 1
                    assert not popup_rect(popup).colliderect(name), (popup.text, callout.text)
        if not presenter.busy:
            break
    assert seen > 10, "the pop-up and the callout were on screen together"


def test_a_chain_of_three_steps_counts_up_and_ends_equal_to_the_engine(make_app):
    app = make_app(["human", "human"], speed=1.0)
    scene = board(app)
    scene.set_state(wf.from_diagram(CHAIN_OF_THREE))
    click(app, scene.piece_pos("SD"))
    click(app, square_pos(wf.parse_square("c2")))
    seen = set()
    for _ in range(600):
        seen.add(scene.presenter.chain)
        if scene.presenter.idle:
            break
        frames(app)
    assert {1, 2, 3} <= seen
    assert scene.presenter.diagram() == scene.state.diagram() == EMPTY_ROWS + ". . . ."
    assert len(scene.presenter.captured[0]) == 9


def test_a_computer_choice_is_shown_before_it_resolves(make_app):
    app = make_app(["ai:normal", "human"], speed=1.0)
    scene = board(app)
    scene.set_state(wf.from_diagram(EMPTY_ROWS + "LD SD . SC"))
    state = scene.state
    scene.play(wf.parse_move(state, "SD c1"))  # as if the computer had placed it
    for _ in range(400):
        if scene.presenter.choice is not None and scene.presenter.choice.chosen:
            break
        frames(app)
    chosen = scene.presenter.choice.chosen
    assert chosen in [e.squares for e in state.pending]
    wait_for_turn(app)
    assert scene.moves[-1] == str(wf.Take(chosen))


def test_a_disqualification_greys_the_tray_and_play_goes_on(make_app):
    app = make_app(["human", "human", "human"])
    scene = board(app)
    scene.set_state(wf.from_diagram(EMPTY_ROWS + "LF SF . .", players=3))
    click(app, scene.piece_pos("LF"))
    click(app, square_pos(wf.parse_square("c1")))
    wait_for_turn(app)
    assert scene.presenter.seats[0].out
    assert scene.state.current_player == 1 and not scene.state.is_over


def test_memory_mode_hides_the_covered_piece_and_open_mode_shows_it(make_app):
    for memory_mode in (True, False):
        app = make_app(["human", "human"], memory_mode=memory_mode)
        scene = board(app)
        click(app, scene.piece_pos("LD"))
        click(app, square_pos(5))
        wait_for_turn(app)
        click(app, scene.piece_pos("SC"))
        click(app, square_pos(5))
        wait_for_turn(app)
        under, top = scene.presenter.board[5]
        assert (under.code, top.code) == ("LD", "SC")
        assert under.hidden is memory_mode and top.hidden is False


# --- undo and hints -------------------------------------------------------------------------------


def test_undo_against_a_computer_goes_back_to_the_humans_turn(make_app):
    app = make_app(["human", "ai:normal"])
    scene = board(app)
    start = scene.state.clone()
    click(app, scene.piece_pos("LD"))
    click(app, square_pos(0))
    wait_for_turn(app)
    assert len(scene.moves) == 2
    click(app, scene.button_rects["Undo"].center)
    assert scene.moves == [] and scene.state == start
    assert scene.presenter.diagram() == start.diagram()


def test_undo_in_hot_seat_needs_the_other_players_agreement(make_app):
    app = make_app(["human", "human"])
    scene = board(app)
    click(app, scene.piece_pos("LD"))
    click(app, square_pos(0))
    wait_for_turn(app)
    click(app, scene.button_rects["Undo"].center)
    assert scene.undo.prompt is not None
    # an open game: the one whose move it was asks for it back, and the other player decides
    assert (scene.undo.prompt.asker, scene.undo.prompt.decider) == (0, 1)
    assert scene.undo.prompt.question == "Player 1 asks to take back their last move."
    click(app, scene.button_rects["Refuse"].center)
    assert scene.undo.prompt is None and scene.moves == ["LD a1"]
    click(app, scene.button_rects["Undo"].center)
    click(app, scene.button_rects["Allow"].center)
    assert scene.moves == [] and scene.state.current_player == 0


@pytest.mark.parametrize(
    ("row", "piece", "square", "words"),
    [
        ("LD LC . .", "LF", "c1", "Captures 3 pieces: score +9"),  # a can from the hand
        ("LD LC . .", "LD", "c1", "Captures 3 pieces: score +3"),
        (". . . .", "SF", "a1", "No capture: score +5 (a can left your hand)"),
    ],
)
def test_the_preview_and_the_panel_speak_of_the_same_score(make_app, row, piece, square, words):
    """Issue 23: the tray's number is the score if the game ended now (cans in hand count),
    and the preview's number is that number's change (it said +4 while the panel jumped 9)."""
    app = make_app(["human", "human"])
    scene = board(app)
    scene.set_state(wf.from_diagram(EMPTY_ROWS + row))
    panel = scene.presenter.seats[0]
    before = panel.points
    assert before == scene.state.final_score(0) == -30
    click(app, scene.piece_pos(piece))
    hover(app, square_pos(wf.parse_square(square)))
    assert scene.preview.text == words
    change = int(words.split("score ")[1].split()[0])
    click(app, square_pos(wf.parse_square(square)))
    wait_for_turn(app)
    assert scene.state.final_score(0) - before == change
    assert round(panel.points) - before == change


def test_each_tray_says_what_its_number_is(make_app, monkeypatch):
    app = make_app(["human", "human", "human"])
    drawn = install_text_probe(monkeypatch)
    hover(app, (10, 1070))  # a frame is drawn
    assert drawn.words.count("Score if the game ended now") == 3
    assert drawn.words.count("−20 pt") == 3  # (four cans each with three players)


def test_hints_preview_what_a_placement_would_do(make_app):
    app = make_app(["human", "human"])
    scene = board(app)
    scene.set_state(wf.from_diagram(EMPTY_ROWS + "LD LF SF ."))
    click(app, scene.piece_pos("SD"))
    pos = square_pos(wf.parse_square("d1"))
    hover(app, pos)
    assert scene.preview.text == "Captures 2 pieces: score +4"
    assert scene.preview.captured == {wf.parse_square("b1"), wf.parse_square("c1")}
    click(app, scene.button_rects["Previews"].center)
    assert app.settings.hints is False and scene.preview is None


def test_preview_warns_of_a_losing_placement():
    state = wf.from_diagram(EMPTY_ROWS + "LF SF . .")
    preview = preview_of(state, wf.parse_move(state, "LF c1"))
    assert preview.loses and sorted(preview.danger) == [0, 1, 2]


# --- pictures -------------------------------------------------------------------------------------


def test_scenes_render_to_png_and_buttons_are_where_the_scene_says(make_app, tmp_path):
    app = make_app(["human", "ai:normal", "human"])
    scene = board(app)
    frames(app, 2)
    path = tmp_path / "opening.png"
    app.screenshot(path)
    picture = pygame.image.load(str(path))
    assert (
        len({picture.get_at((x, y))[:3] for x in range(0, 1920, 97) for y in range(0, 1080, 89)})
        > 20
    )
    buttons = {
        "Menu": scene.chrome.menu_button,
        "Undo": scene.chrome.undo_button,
        "Previews": scene.chrome.hints_button,
    }
    for name, button in buttons.items():
        assert scene.button_rects[name] == button.rect
        assert button.rect.collidepoint(button.sample_point())
        assert picture.get_at(button.sample_point())[:3] == button.fill, name


@pytest.mark.slow
def test_the_telling_moments_render_to_png(tmp_path, monkeypatch):
    """tools/whose_foods_shots.py: opening, stack, choice, a losing four previewed, chain,
    disqualification, results."""
    import runpy

    from conftest import ROOT

    monkeypatch.setenv("TABLETOP_TRIO_HOME", str(tmp_path))  # the tool points it elsewhere
    shoot = runpy.run_path(str(ROOT / "tools" / "whose_foods_shots.py"))["shoot"]
    paths = shoot(tmp_path / "shots")
    assert [p.stem.removeprefix("whose-foods-") for p in paths] == [
        "opening",
        "stack",
        "choice",
        "four-preview",
        "chain",
        "callout",
        "pause",
        "disqualified",
        "results",
    ]
    for path in paths:
        picture = pygame.image.load(str(path))
        assert picture.get_size() == (1280, 720)
        colours = {
            picture.get_at((x, y))[:3] for x in range(0, 1280, 61) for y in range(0, 720, 53)
        }
        assert len(colours) > 20, path.name


def test_the_menu_tile_leads_through_setup_to_the_real_board_and_back(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_TRIO_HOME", str(tmp_path))
    app = App(Options(seed=1, speed=10.0), SettingsStore(tmp_path))
    try:
        frames(app, 30)
        menu = app.manager.current
        assert menu.name == "menu"
        click(app, menu.button_rects["whose-foods"].center)
        frames(app, 30)
        setup = app.manager.current
        assert setup.name == "setup" and setup.start_button.enabled
        click(app, setup.button_rects["seat 2 human"].center)
        expected = setup.build_setup()
        click(app, setup.button_rects["Start"].center)
        frames(app, 30)
        scene = board(app)
        assert scene.setup.seats == expected.seats == (HUMAN, HUMAN)
        assert scene.memory_mode is expected.options["memory_mode"]
        click(app, scene.button_rects["Menu"].center)
        frames(app, 30)
        assert app.manager.current.name == "menu"
    finally:
        app.close()


@pytest.mark.parametrize(("code", "size"), [("en", "large"), ("ja", "large"), ("en", "normal")])
def test_the_shared_pieces_heading_stands_within_the_first_groups_focus_ring(
    open_board, code, size
):
    """The ring round the first group of shared pieces (the keys' focus) ran across the end of
    "Shared pieces" at the large text size: the heading is made to fit within the group."""
    from helpers.overlap_tool import checker

    from scenes.kit import fonts
    from scenes.kit.i18n import _, set_language

    tool = checker()
    app, _board = open_board("whose-foods", ["human", "human"])
    set_language(code)
    fonts.set_text_size(size)
    with tool.recording_layers():
        canvas = tool.RecordingCanvas(app.canvas.get_size())
        app.manager.draw(canvas)
    heading = next(box for box in canvas.texts if box.words == _("Shared pieces"))
    first = layout.supply_group_rect(layout.SUPPLY_ORDER[0])
    assert heading.ink.right <= first.right
