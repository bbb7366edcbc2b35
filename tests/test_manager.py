"""The scene manager with mock scenes, no window: lifecycle, stack, fades, crash recovery."""

import pytest

from scenes.manager import Scene, SceneManager


class Mock(Scene):
    def __init__(self, name, log, crash_in=None):
        self.name = name
        self.log = log
        self.crash_in = crash_in
        self.updates = 0

    def _note(self, what):
        self.log.append(f"{self.name}.{what}")
        if self.crash_in == what:
            raise RuntimeError(f"{self.name} broke in {what}")

    def enter(self):
        self._note("enter")

    def exit(self):
        self.log.append(f"{self.name}.exit")

    def pause(self):
        self._note("pause")

    def resume(self):
        self._note("resume")

    def handle(self, event):
        self._note("handle")
        return True

    def update(self, dt):
        self.updates += 1
        if self.crash_in == "update":
            raise RuntimeError("boom")

    def draw(self, canvas):
        canvas.append(self.name)
        if self.crash_in == "draw":
            raise RuntimeError("boom")


class Canvas(list):
    """Stands in for a surface: records which scenes drew, in order."""

    def fill(self, colour):
        self.append("fill")


def test_push_pauses_below_and_pop_resumes_it():
    log = []
    manager = SceneManager(fade_seconds=0)
    a, b = Mock("a", log), Mock("b", log)
    manager.push(a)
    manager.update(0)
    manager.push(b)
    manager.update(0)
    assert manager.stack == [a, b] and manager.current is b
    manager.pop()
    manager.update(0)
    assert manager.stack == [a]
    assert log == ["a.enter", "a.pause", "b.enter", "b.exit", "a.resume"]


def test_replace_and_switch_exit_the_scenes_they_remove():
    log = []
    manager = SceneManager(fade_seconds=0)
    a, b, c, d = (Mock(n, log) for n in "abcd")
    manager.push(a)
    manager.push(b)
    manager.replace(c, fade=False)
    manager.update(0)
    assert manager.stack == [a, c]
    manager.switch(d, fade=False)
    manager.update(0)
    assert manager.stack == [d]
    assert log == [
        "a.enter",
        "a.pause",
        "b.enter",
        "b.exit",
        "c.enter",
        "c.exit",
        "a.exit",
        "d.enter",
    ]


def test_changes_are_queued_until_the_next_update():
    log = []
    manager = SceneManager(fade_seconds=0)
    manager.push(Mock("a", log))
    assert manager.current is None and manager.busy
    manager.update(0)
    assert manager.current.name == "a" and not manager.busy


def test_only_the_top_scene_gets_input_and_updates():
    log = []
    manager = SceneManager(fade_seconds=0)
    a, b = Mock("a", log), Mock("b", log)
    manager.push(a)
    manager.push(b)
    manager.update(0.1)
    assert manager.handle(object()) is True
    assert "b.handle" in log and "a.handle" not in log
    assert (a.updates, b.updates) == (0, 1)


def test_an_overlay_is_drawn_over_the_scene_beneath_it():
    manager = SceneManager(fade_seconds=0)
    a, b, c = Mock("a", []), Mock("b", []), Mock("c", [])
    c.overlay = True
    for scene in (a, b, c):
        manager.push(scene)
    manager.update(0)
    canvas = Canvas()
    manager.draw(canvas)
    assert canvas == ["b", "c"]


def test_a_fade_goes_dark_applies_the_change_then_brightens_and_blocks_input():
    log = []
    manager = SceneManager(fade_seconds=1.0)
    a, b = Mock("a", log), Mock("b", log)
    manager.push(a)
    manager.update(0)
    manager.switch(b, fade=True)
    manager.update(0)  # the fade starts
    assert manager.fade_alpha == 0 and manager.current is a
    manager.update(0.25)
    assert manager.fade_alpha == 128 and manager.current is a
    assert manager.handle(object()) is False  # input is ignored while fading
    manager.update(0.25)
    assert manager.current is b and manager.fade_alpha == 255
    manager.update(0.25)
    assert manager.fade_alpha == 128
    manager.update(0.25)
    assert manager.fade_alpha == 0 and not manager.busy
    assert manager.handle(object()) is True
    assert log == ["a.enter", "a.exit", "b.enter", "b.handle"]


@pytest.mark.parametrize("where", ["update", "draw", "handle", "enter"])
def test_a_crash_inside_a_scene_is_logged_and_replaced_by_the_recovery_scene(where, caplog):
    log = []
    recovered = []

    def recover(scene, error):
        recovered.append((scene.name, str(error)))
        return Mock("menu", log)

    manager = SceneManager(recover=recover, fade_seconds=0)
    manager.push(Mock("below", log))
    manager.push(Mock("bad", log, crash_in=where))
    manager.update(0)
    manager.handle(object())
    manager.update(0)
    manager.draw(Canvas())
    assert manager.current.name == "menu" and len(manager.stack) == 1
    assert recovered and recovered[0][0] == "bad"
    assert manager.crashes[0][0] == "bad"
    assert "scene bad crashed" in caplog.text
    assert "below.exit" in log and "bad.exit" in log


def test_without_recovery_a_crash_propagates():
    manager = SceneManager(fade_seconds=0)
    manager.push(Mock("bad", [], crash_in="update"))
    with pytest.raises(RuntimeError, match="boom"):
        manager.update(0)


def test_a_broken_recovery_scene_is_not_recovered_for_ever():
    manager = SceneManager(
        recover=lambda scene, error: Mock("menu", [], crash_in="update"), fade_seconds=0
    )
    manager.push(Mock("bad", [], crash_in="update"))
    manager.update(0)  # "bad" crashes: the broken menu replaces it
    assert manager.current.name == "menu"
    with pytest.raises(RuntimeError):
        manager.update(0)
