"""Easing functions, tweens and the timeline, driven by a fake clock (exact values)."""

import itertools
import math

import pytest

from scenes.kit import tween as tw
from scenes.kit.tween import Timeline, Tween


class Thing:
    """A stand-in for a sprite: position, alpha, colour."""

    def __init__(self) -> None:
        self.x = 0.0
        self.y = 0.0
        self.alpha = 255
        self.pos = (0.0, 0.0)
        self.colour = (0, 0, 0)


def test_every_easing_runs_from_zero_to_one():
    for name, easing in tw.EASINGS.items():
        assert easing(0.0) == pytest.approx(0.0, abs=1e-12), name
        assert easing(1.0) == pytest.approx(1.0, abs=1e-12), name


def test_easing_values_at_known_points():
    assert tw.linear(0.25) == 0.25
    assert tw.ease_in_quad(0.5) == 0.25
    assert tw.ease_out_quad(0.5) == 0.75
    assert tw.ease_in_out_quad(0.25) == 0.125
    assert tw.ease_in_out_quad(0.75) == 0.875
    assert tw.ease_out_cubic(0.5) == 0.875
    assert tw.ease_in_out_cubic(0.25) == 0.0625
    assert tw.ease_in_out_cubic(0.75) == 0.9375
    assert tw.ease_out_bounce(1.5 / 2.75) == pytest.approx(0.75)
    assert tw.ease_out_elastic(0.5) == pytest.approx(1 + 2**-5 * math.sin(4.25 * 2 * math.pi / 3))


def test_ease_out_back_overshoots_and_ease_out_elastic_wobbles():
    assert max(tw.ease_out_back(i / 100) for i in range(101)) > 1.05
    wobble = [tw.ease_out_elastic(i / 100) for i in range(101)]
    assert max(wobble) > 1.0
    assert any(a > 1.0 > b for a, b in itertools.pairwise(wobble))


def test_ease_out_bounce_touches_the_end_before_finishing():
    assert tw.ease_out_bounce(1 / 2.75) == pytest.approx(1.0)
    assert tw.ease_out_bounce(1.5 / 2.75) == pytest.approx(0.75)  # up again after the landing
    assert tw.ease_out_bounce(2 / 2.75) == pytest.approx(1.0)
    assert tw.ease_out_bounce(2.25 / 2.75) == pytest.approx(0.9375)


def test_tween_gives_exact_values_on_a_fake_clock():
    thing = Thing()
    anim = Tween(thing, 1.0, easing=tw.linear, x=100.0, pos=(10.0, -20.0))
    assert anim.update(0.25) is False
    assert thing.x == 25.0
    assert thing.pos == (2.5, -5.0)
    anim.update(0.25)
    assert thing.x == 50.0
    assert anim.update(0.5) is True
    assert anim.done
    assert thing.x == 100.0
    assert thing.pos == (10.0, -20.0)


def test_tween_applies_its_easing():
    thing = Thing()
    Tween(thing, 2.0, easing=tw.ease_out_cubic, x=8.0).update(1.0)
    assert thing.x == 7.0  # 8 * (1 - 0.5**3)


def test_colour_tween_ends_exactly_on_the_target_tuple():
    thing = Thing()
    anim = Tween(thing, 0.5, easing=tw.linear, colour=(200, 100, 50), alpha=0)
    anim.update(0.25)
    assert thing.colour == (100.0, 50.0, 25.0)
    assert thing.alpha == 127.5
    anim.update(0.25)
    assert thing.colour == (200, 100, 50)
    assert thing.alpha == 0


def test_delay_holds_the_value_and_reads_the_start_when_it_begins():
    thing = Thing()
    anim = Tween(thing, 1.0, easing=tw.linear, delay=0.5, x=10.0)
    anim.update(0.25)
    assert thing.x == 0.0
    thing.x = 6.0  # moved by someone else before the tween begins
    anim.update(0.5)  # 0.25 s into the run
    assert thing.x == 7.0


def test_on_finished_fires_once_even_if_finished_again():
    thing = Thing()
    calls = []
    anim = Tween(thing, 1.0, on_finished=lambda: calls.append("done"), x=5.0)
    anim.finish()
    anim.finish()
    anim.update(1.0)
    assert calls == ["done"]
    assert thing.x == 5.0


def test_zero_duration_tween_jumps_at_once():
    thing = Thing()
    assert Tween(thing, 0.0, x=3.0).update(0.0) is True
    assert thing.x == 3.0


def test_tween_refuses_bad_arguments():
    thing = Thing()
    with pytest.raises(ValueError):
        Tween(thing, -1.0, x=1.0)
    with pytest.raises(ValueError):
        Tween(thing, 1.0)
    with pytest.raises(TypeError):
        Tween(thing, 1.0, pos=(1.0, 2.0, 3.0)).update(0.5)
    with pytest.raises(TypeError):
        Tween(thing, 1.0, x="far").update(0.5)


def test_timeline_replaces_a_tween_of_the_same_attribute_which_jumps_to_its_end():
    thing = Thing()
    line = Timeline()
    ended = []
    line.add(Tween(thing, 1.0, easing=tw.linear, on_finished=lambda: ended.append(1), x=10.0))
    line.update(0.5)
    assert thing.x == 5.0
    line.add(Tween(thing, 1.0, easing=tw.linear, x=20.0))
    assert thing.x == 10.0  # the old one jumped to its end
    assert ended == [1]
    line.update(0.5)
    assert thing.x == 15.0  # the new one started from there
    assert len(line.running) == 1


def test_adding_a_running_tween_again_changes_nothing():
    thing = Thing()
    line = Timeline()
    anim = line.add(Tween(thing, 1.0, easing=tw.linear, x=10.0))
    line.update(0.5)
    line.add(anim)
    assert not anim.done
    line.update(0.25)
    assert thing.x == 7.5


def test_callback_may_queue_more_work_while_the_timeline_runs():
    thing = Thing()
    line = Timeline()
    line.add(
        Tween(
            thing,
            0.5,
            easing=tw.linear,
            x=1.0,
            on_finished=lambda: line.add(Tween(thing, 1.0, easing=tw.linear, y=2.0)),
        )
    )
    line.update(0.5)
    assert thing.x == 1.0
    line.update(0.5)
    assert thing.y == 1.0
    line.update(0.5)
    assert line.idle


def test_timeline_keeps_tweens_of_other_attributes_or_objects():
    a, b = Thing(), Thing()
    line = Timeline()
    line.add(Tween(a, 1.0, easing=tw.linear, x=10.0))
    line.add(Tween(a, 1.0, easing=tw.linear, y=10.0))
    line.add(Tween(b, 1.0, easing=tw.linear, x=10.0))
    line.update(0.5)
    assert (a.x, a.y, b.x) == (5.0, 5.0, 5.0)


def test_sequence_runs_steps_one_after_another_with_time_carried_over():
    thing = Thing()
    log = []
    line = Timeline()
    line.sequence(
        [
            [Tween(thing, 0.5, easing=tw.linear, x=10.0)],
            lambda: log.append(("between", thing.x)),
            [
                Tween(thing, 1.0, easing=tw.linear, x=20.0),
                Tween(thing, 1.0, easing=tw.linear, y=4.0),
            ],
        ]
    )
    assert not line.idle
    line.update(0.25)
    assert thing.x == 5.0
    line.update(0.5)  # 0.25 s to end step one, 0.25 s into step three
    assert log == [("between", 10.0)]
    assert thing.x == 12.5
    assert thing.y == 1.0
    line.update(0.75)
    assert (thing.x, thing.y) == (20.0, 4.0)
    assert line.idle


def test_then_waits_for_everything_running():
    thing = Thing()
    log = []
    line = Timeline()
    line.add(Tween(thing, 1.0, x=1.0))
    line.then(lambda: log.append("after"))
    line.update(0.5)
    assert log == []
    line.update(0.5)
    assert log == ["after"]
    assert line.idle


def test_skip_finishes_everything_in_order_and_fires_callbacks():
    thing = Thing()
    log = []
    line = Timeline()
    line.add(Tween(thing, 1.0, on_finished=lambda: log.append(("a", thing.x)), x=10.0))
    line.sequence(
        [
            lambda: log.append(("call", thing.x)),
            [Tween(thing, 2.0, on_finished=lambda: log.append(("b", thing.x)), x=30.0)],
            Tween(thing, 2.0, on_finished=lambda: log.append(("c", thing.y)), y=7.0),
        ]
    )
    line.update(0.1)
    line.skip()
    assert log == [("a", 10.0), ("call", 10.0), ("b", 30.0), ("c", 7.0)]
    assert (thing.x, thing.y) == (30.0, 7.0)
    assert line.idle


def test_skip_runs_steps_queued_by_callbacks():
    thing = Thing()
    line = Timeline()
    line.then(lambda: line.then(Tween(thing, 5.0, x=9.0)))
    line.skip()
    assert thing.x == 9.0
    assert line.idle


def test_speed_scales_time():
    thing = Thing()
    line = Timeline(speed=2.0)
    line.add(Tween(thing, 1.0, easing=tw.linear, x=10.0))
    line.update(0.25)
    assert thing.x == 5.0
    line.speed = 0.5
    line.update(0.5)
    assert thing.x == 7.5


def test_empty_timeline_is_idle_and_update_does_nothing():
    line = Timeline()
    assert line.idle
    line.update(1.0)
    line.skip()
    assert line.idle


def test_bad_step_is_refused():
    with pytest.raises(TypeError):
        Timeline().then([1, 2])
