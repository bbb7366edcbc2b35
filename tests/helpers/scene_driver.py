"""Driving the real app headless as a person would: posted clicks, drags, typing and keys, and
frames run with a fixed clock. Shared by the scene tests (test modules never import each other).

`click` and `key` let the app settle afterwards (scene changes, fades, animations, computer
turns); `tap` runs only a few frames, so what the click shows is still on screen. `play_by_clicks`
plays a whole game by random clicks; `watch_faces` checks every frame for a secret drawn.
"""

import pygame

from scenes.bench.board_checks import BoardWatch

FRAME = 1 / 60


def frames(app, count=1):
    app.run(frames=count, fixed_dt=FRAME)


def pass_time(app, seconds, step=0.25):
    """Let `seconds` of the app's time pass in frames of `step` seconds (a wait for something
    timed, such as a glow that fades: not frame by frame)."""
    whole, rest = divmod(seconds, step)
    app.run(frames=int(whole), fixed_dt=step)
    if rest:
        app.run(frames=1, fixed_dt=rest)


class NeverSettled(AssertionError):
    """The app was still changing on its own after `settle`'s frame limit."""


def settle(app, frames=2, limit=1500):
    """Run frames until no scene change, fade or animation is pending (on a board: until a
    person is to move, or the game has left the board). NeverSettled after `limit` frames (25 s
    of the app's time): a scene that animates for ever is a bug the test must see."""
    app.run(frames=frames, fixed_dt=FRAME)
    for _ in range(limit):
        scene = app.manager.current
        if not app.manager.busy and getattr(scene, "waiting_for_input", True):
            break
        app.run(frames=1, fixed_dt=FRAME)
    else:
        scene = app.manager.current
        what = "a scene change or fade" if app.manager.busy else f"the {scene.name} scene"
        raise NeverSettled(f"{what} still animating after {limit} frames")
    app.run(frames=1, fixed_dt=FRAME)


def _post_click(pos):
    pos = tuple(int(v) for v in pos)
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def click(app, pos):
    """A left click at `pos` (logical coordinates), then frames until the app is idle."""
    _post_click(pos)
    settle(app)


def tap(app, pos, frames=2):
    """A left click at `pos` followed by only a few frames: what it shows is still on screen."""
    _post_click(pos)
    app.run(frames=frames, fixed_dt=FRAME)


def drag(app, start, end, steps=6):
    """Press at `start`, move in steps to `end` with the button held, release there."""
    start = tuple(int(v) for v in start)
    end = tuple(int(v) for v in end)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    frames(app)
    for i in range(1, steps + 1):
        pos = tuple(round(a + (b - a) * i / steps) for a, b in zip(start, end, strict=True))
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
        )
        frames(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    frames(app, 2)


def hover(app, pos):
    pos = tuple(int(v) for v in pos)
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    frames(app)


def type_text(app, words):
    for letter in words:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=letter))
    settle(app)


def key(app, code, mod=0):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode=""))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=mod))
    settle(app)


def pass_device_if_asked(app):
    """At a hand-over screen, the next person says they are ready."""
    if app.manager.current.name == "handover":
        tap(app, app.manager.current.button_rects["I am ready"].center)
        settle(app)


def set_position(app, board, state):
    """Continue `board` from `state`; the person to move (after any hand-over) is ready."""
    board.set_state(state)
    settle(app)
    pass_device_if_asked(app)
    assert board.human_to_move, "a person is to move"


def play_by_clicks(app, board, rng, make_move, limit=600):
    """Play `board`'s game to its end as people would: at a hand-over the next person says they
    are ready; on a person's turn `make_move(move)` makes a random legal move of the seat on show
    (by clicks or drags), which must be the move the board records. Returns the hand-overs seen."""
    handovers = 0
    for _ in range(limit):
        settle(app)
        if app.manager.current.name == "handover":
            handovers += 1
            pass_device_if_asked(app)
        if app.manager.current is not board:
            return handovers
        if not board.human_to_move:
            frames(app)
            continue
        move = rng.choice(board.on_show.shown.legal_moves())
        played = len(board.moves)
        make_move(move)
        assert len(board.moves) == played + 1, (move, board.status.refusal)
        assert board.moves[-1] == str(move), (move, board.status.refusal)
    raise AssertionError("the game did not end")


def play_random_moves(app, board, rng, count, after_each):
    """`count` random legal moves played on `board` directly (a hand-over between people is
    passed as its ready button would pass it); `after_each()` runs after each move."""
    for _ in range(count):
        settle(app)
        top = app.manager.current
        if top is not board and hasattr(top, "ready"):
            top.ready()
            settle(app)
        board.play(rng.choice(sorted(board.state.legal_moves(), key=str)))
        after_each()


def check_every_frame(app, check):
    """From now on `check()` runs after every frame `app` runs (through these helpers or not)."""
    run = app.run

    def run_checked(frames, fixed_dt=None):
        for _ in range(frames):
            run(frames=1, fixed_dt=fixed_dt)
            check()

    app.run = run_checked


def watch_faces(app, board):
    """Judge every face `board` draws, frame by frame, against what the seat on show may see
    (`scenes.bench.board_checks`): a face it may not see fails at once, named with its place.
    Returns the watch (`faces_checked` counts the faces judged)."""
    watch = BoardWatch(board)

    def check():
        leaks = watch.leaks()
        assert not leaks, leaks

    check_every_frame(app, check)
    return watch
