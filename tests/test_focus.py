"""The focus ring (issue 45, item 1): every screen by keys and by a pad, through
`scenes.kit.focus` and the keymap of `scenes.kit.keymap`: the order the ring visits each
screen's controls, arrows to the nearest control, Enter / A as a click, Escape / Backspace / B
back, the ring hiding for the mouse."""

import random

import pygame
import pytest
from helpers.kiosk_driver import kiosk_app, seconds
from helpers.scene_driver import click, hover, key, settle

from scenes.kit.focus import RING_OUT, Target, nearest, targets
from scenes.kit.keymap import KEYMAP, Action, Key, Stick, actions, as_key, bind


def tab_order(app, presses=40):
    """The names the ring visits, pressing Tab from where it shows until it comes round."""
    key(app, pygame.K_TAB)  # the first press shows the ring
    scene = app.manager.current
    seen = [app.focus.current(scene).name]
    for _ in range(presses):
        key(app, pygame.K_TAB)
        name = app.focus.current(scene).name
        if name == seen[0]:
            return seen
        seen.append(name)
    raise AssertionError(f"Tab never came round: {seen}")


def pad(app, button):
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=button))
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONUP, button=button))
    settle(app)


def lean(app, axis, value):
    """The left stick leant to `value` and let go."""
    for v in (value, 0):
        pygame.event.post(pygame.event.Event(pygame.CONTROLLERAXISMOTION, axis=axis, value=v))
    settle(app)


def focused(app):
    return app.focus.current(app.manager.current).name


# --- the order on each screen -------------------------------------------------------------------


def test_the_menu_is_visited_in_reading_order_and_by_arrows_to_the_nearest(make_app):
    app = make_app()
    assert tab_order(app) == [
        "whose-foods", "consequence", "blanc-noir", "Rules", "Replays", "Settings", "Quit",
    ]  # fmt: skip
    key(app, pygame.K_DOWN)  # (round again: on the first tile)
    assert focused(app) == "Rules"
    key(app, pygame.K_UP)
    assert focused(app) == "whose-foods"
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert focused(app) == "blanc-noir"  # along the row, not down to a button below it
    key(app, pygame.K_DOWN)
    assert focused(app) == "Quit"
    key(app, pygame.K_LEFT)
    assert focused(app) == "Settings"


def test_settings_are_visited_row_by_row_and_sliders_move_by_left_and_right(make_app):
    app = make_app()
    app.open_settings()
    settle(app)
    order = tab_order(app)
    volumes = [f"Slider {x},{y}" for y in (150, 247, 344) for x in (290, 980)]  # row by row
    assert order[:9] == ["English", "日本語", *volumes, "Fullscreen"]
    assert order[9:11] == ["Full motion", "Reduced motion"]
    assert order[-3:] == ["Colour-blind", "Move previews", "Done"]
    key(app, pygame.K_DOWN)  # from English to the master volume
    assert focused(app) == "Slider 290,150"
    before = app.settings.master_volume
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)
    assert app.settings.master_volume == pytest.approx(before - 0.1)
    assert focused(app) == "Slider 290,150"  # a slider keeps the ring on Left / Right


def test_setup_starts_on_start_and_visits_every_seat_control(make_app):
    app = make_app()
    app.open_setup("consequence")
    settle(app)
    key(app, pygame.K_TAB)
    assert focused(app) == "Start"  # the first key shows the ring on the button most wanted
    order = tab_order(app)
    for name in ("Menu", "How to play", "seat 1 name", "seat 1 human", "seat 2 computer"):
        assert name in order
    assert order.index("seat 1 name") < order.index("seat 2 name") < order.index("Start")


def test_rules_replays_and_the_pause_menu_have_their_buttons_in_order(open_board, make_app):
    app = make_app()
    app.open_rules("consequence")
    settle(app)
    order = tab_order(app)
    assert order[:2] == ["Back", "Learn"] and order[-2:] == ["Previous", "Next"]
    key(app, pygame.K_ESCAPE)
    app.open_replays()
    settle(app)
    assert tab_order(app) == ["Newer", "Older", "Back"]
    app, _board = open_board("consequence", ["human", "ai"])
    key(app, pygame.K_ESCAPE)  # the pause menu
    assert app.manager.current.name == "pause"
    assert tab_order(app) == ["Resume", "Rules", "Learn (2 min)", "Settings", "Leave"]


def test_a_question_starts_on_the_answer_that_loses_nothing(open_board):
    app, board = open_board("consequence", ["human", "ai"])
    board.play(board.state.legal_moves()[0])
    settle(app)
    click(app, board.button_rects["Menu"].center)  # leaving a game begun asks first
    assert app.manager.current.name == "confirm"
    key(app, pygame.K_TAB)
    no = app.manager.current.no_button.key
    assert focused(app) == no
    key(app, pygame.K_RETURN)  # the ring's answer: stay
    assert app.manager.current is board


# --- pressing, going back, the mouse ---------------------------------------------------------


def test_enter_presses_the_control_in_focus_as_a_click_would(make_app):
    app = make_app()
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    assert app.manager.current.name == "setup"
    assert app.manager.current.info.key == "consequence"


def test_escape_backspace_and_b_go_back_from_setup(make_app):
    app = make_app()
    for back in (
        lambda: key(app, pygame.K_ESCAPE),
        lambda: key(app, pygame.K_BACKSPACE),
        lambda: pad(app, pygame.CONTROLLER_BUTTON_B),
    ):
        app.open_setup("whose-foods")
        settle(app)
        back()
        assert app.manager.current.name == "menu"


def test_backspace_in_a_name_being_typed_deletes_a_letter_and_stays(make_app):
    app = make_app()
    app.open_setup("whose-foods")
    settle(app)
    setup = app.manager.current
    click(app, setup.button_rects["seat 1 name"].center)
    before = setup.name_fields[0].value
    key(app, pygame.K_BACKSPACE)
    assert app.manager.current is setup and setup.name_fields[0].value == before[:-1]


def test_the_ring_hides_for_the_mouse_and_comes_back_where_it_was(make_app):
    app = make_app()
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RIGHT)
    assert app.focus.shown and focused(app) == "consequence"
    hover(app, (5, 5))
    assert not app.focus.shown
    key(app, pygame.K_LEFT)  # the first key shows it again, where it was, without moving it
    assert app.focus.shown and focused(app) == "consequence"


def test_the_ring_is_drawn_round_the_control_in_focus_only_while_keys_are_used(make_app):
    app = make_app()
    rect = app.manager.current.button_rects["Rules"]
    probe = (rect.centerx, rect.top - RING_OUT // 2)  # just outside the button: the ring

    def colour():
        app._dirty = True
        app.run(frames=1, fixed_dt=1 / 60)
        return tuple(app.canvas.get_at(probe))[:3]

    without = colour()
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    assert focused(app) == "Rules"
    assert colour() != without
    hover(app, (5, 5))
    assert colour() == without


# --- the pad ----------------------------------------------------------------------------------


def test_the_pad_walks_the_menu_by_d_pad_and_stick_and_opens_a_game_with_a(make_app):
    app = make_app()
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN)  # shows the ring
    assert app.focus.shown and app.focus.device == "pad"
    lean(app, pygame.CONTROLLER_AXIS_LEFTX, 32000)
    assert focused(app) == "consequence"
    lean(app, pygame.CONTROLLER_AXIS_LEFTX, 9000)  # a little lean is no press
    assert focused(app) == "consequence"
    pad(app, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)  # the next in reading order
    assert focused(app) == "blanc-noir"
    pad(app, pygame.CONTROLLER_BUTTON_A)
    assert app.manager.current.name == "setup" and app.manager.current.info.key == "blanc-noir"


def test_the_stick_presses_once_per_lean():
    stick = Stick()

    def move(value):
        event = pygame.event.Event(
            pygame.CONTROLLERAXISMOTION, axis=pygame.CONTROLLER_AXIS_LEFTY, value=value
        )
        return stick.press(event)

    assert move(-30000).button == pygame.CONTROLLER_BUTTON_DPAD_UP
    assert move(-32000) is None  # still leaning: no second press
    assert move(-5000) is None  # back to the middle
    assert move(25000).button == pygame.CONTROLLER_BUTTON_DPAD_DOWN


def test_a_pad_press_reaches_scenes_as_the_key_of_its_action():
    b = pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=pygame.CONTROLLER_BUTTON_B)
    assert actions(b) == {Action.BACK}
    assert as_key(b).key == pygame.K_ESCAPE
    x = pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=pygame.CONTROLLER_BUTTON_X)
    assert as_key(x).key == pygame.K_u
    ctrl_z = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_LCTRL)
    assert actions(ctrl_z) == {Action.UNDO}
    shift_tab = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=pygame.KMOD_SHIFT)
    assert actions(shift_tab) == {Action.PREVIOUS}


def test_nearest_prefers_the_control_in_line_over_a_closer_one_aside():
    start = pygame.Rect(0, 0, 100, 100)
    in_line = Target("in line", pygame.Rect(300, 0, 100, 100))
    aside = Target("aside", pygame.Rect(150, 160, 100, 100))
    behind = Target("behind", pygame.Rect(-200, 0, 100, 100))
    assert nearest(start, [aside, in_line, behind], Action.RIGHT) is in_line
    assert nearest(start, [aside, in_line, behind], Action.DOWN) is aside
    assert nearest(start, [aside, in_line, behind], Action.LEFT) is behind
    assert nearest(start, [aside, in_line, behind], Action.UP) is None


# --- the kiosk's visitor screens and the PIN pad ------------------------------------------------


def test_a_stand_is_played_from_its_welcome_by_pad_alone(home, apps):
    app = kiosk_app(home)
    apps.append(app)
    app.run(frames=30, fixed_dt=1 / 60)
    assert app.manager.current.name == "welcome"
    names = [t.name for t in targets(app.manager.current)]
    assert names[:6] == [
        "language", "tab whose-foods", "tab consequence", "tab blanc-noir", "Learn",
        "Play the computer",
    ]  # fmt: skip
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN)  # the ring shows on the main invitation
    assert focused(app) == "Play the computer"
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_UP)
    assert focused(app) == "Learn"
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    pad(app, pygame.CONTROLLER_BUTTON_A)
    app.run(frames=60, fixed_dt=1 / 60)
    assert app.manager.current.name == "board"


def test_the_pin_pad_takes_its_digits_from_the_pad(home, apps):
    app = kiosk_app(home)
    apps.append(app)
    app.kiosk_control.open_operator()
    app.run(frames=10, fixed_dt=1 / 60)
    pin = app.manager.current
    assert pin.name == "pin"
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN)  # shows the ring
    start = focused(app)
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_RIGHT)
    assert focused(app) != start
    pad(app, pygame.CONTROLLER_BUTTON_A)
    assert len(pin.entered) == 1  # A pressed the digit in focus (Enter would have submitted)


def test_a_pads_two_shoulders_held_open_the_operators_pin_pad(home, apps):
    app = kiosk_app(home)
    apps.append(app)
    app.run(frames=30, fixed_dt=1 / 60)
    for button in (
        pygame.CONTROLLER_BUTTON_LEFTSHOULDER,
        pygame.CONTROLLER_BUTTON_RIGHTSHOULDER,
    ):
        pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=button))
    seconds(app, 2.0)
    assert app.manager.current.name == "welcome"  # not yet: a shoulder press moves the ring
    seconds(app, 1.5)
    assert app.manager.current.name == "pin"


def test_a_mouses_back_button_goes_back_as_escape_does(make_app):
    app = make_app()
    app.open_setup("consequence")
    settle(app)
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=(960, 540), button=pygame.BUTTON_X1))
    settle(app)
    assert app.manager.current.name == "menu"


def test_b_goes_back_from_the_results_to_the_menu_and_from_a_stands_welcome_to_its_loop(
    make_app, home, apps
):
    app = make_app()
    setup = app.quick_setup("whose-foods", ["human", "ai"])
    state = setup.new_state()
    start, moves, rng = state.clone(), [], random.Random(3)
    while not state.is_over:
        move = rng.choice(state.legal_moves())
        moves.append(str(move))
        state.play(move)
    app.show_results(setup, state, start, moves)
    settle(app)
    assert app.manager.current.name == "results"
    pad(app, pygame.CONTROLLER_BUTTON_B)
    assert app.manager.current.name == "menu"
    stand = kiosk_app(home)
    apps.append(stand)
    stand.run(frames=30, fixed_dt=1 / 60)
    assert stand.manager.current.name == "welcome"
    pygame.event.post(
        pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=pygame.CONTROLLER_BUTTON_B)
    )
    stand.run(frames=60, fixed_dt=1 / 60)
    assert stand.manager.current.name == "attract"


def test_a_new_binding_is_a_line_of_the_map_and_a_taken_one_is_refused(monkeypatch):
    monkeypatch.setitem(KEYMAP, Action.PREVIEWS, KEYMAP[Action.PREVIEWS])
    bind(Action.PREVIEWS, Key(pygame.K_F2))
    assert actions(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F2, mod=0)) == {Action.PREVIEWS}
    with pytest.raises(ValueError, match="already bound to undo"):
        bind(Action.PAUSE, Key(pygame.K_u))
