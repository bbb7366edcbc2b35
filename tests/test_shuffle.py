"""game.core.shuffle deals exactly what random.Random.shuffle deals (seeds keep their games)."""

from __future__ import annotations

import random

import pytest

from game.core.shuffle import shuffle


@pytest.mark.parametrize("length", [0, 1, 2, 3, 7, 8, 9, 36, 255, 256, 257, 600])
def test_shuffle_gives_the_library_order_and_leaves_the_generator_alike(length):
    for seed in range(40):
        ours, theirs = random.Random(seed), random.Random(seed)
        mine, library = list(range(length)), list(range(length))
        shuffle(mine, ours)
        theirs.shuffle(library)
        assert mine == library
        assert ours.getstate() == theirs.getstate()


def test_shuffle_moves_items_at_all():
    items = list(range(36))
    shuffle(items, random.Random(1))
    assert sorted(items) == list(range(36)) and items != list(range(36))
