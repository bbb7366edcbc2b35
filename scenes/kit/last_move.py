"""The last-move marker every board shows: where each piece of the last turn came from and went
to, until the next move. A board says which of its squares (`Trace`) and where they are drawn;
this module draws them the same way on every board."""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from functools import partial

import pygame

from scenes.canvas import kept
from scenes.kit.palette import INK, WHITE

#: how far inside a square its outline is drawn, and the outline's width
INSET = 3
WIDTH = 5
DASH = 16  # the length of a dash of the "came from" outline (and of the gap after it)


@dataclass(frozen=True)
class Trace:
    """One piece's way in a move, in a board's own squares: from `src` to `dst`. None where it
    is not on the board: a piece placed from a hand or a supply has no `src`; a tile pushed off
    the grid has a `dst` that only the board knows how to draw (beyond the edge)."""

    src: Hashable | None
    dst: Hashable | None


def draw_traces(
    canvas: pygame.Surface,
    traces: Sequence[Trace],
    rect_of: Callable[[Hashable], pygame.Rect | None],
) -> None:
    """Mark `traces`: each destination with a solid outline, each square a piece left (and
    nothing arrived at) with a dashed one, and an arrow from where to where a piece moved.
    `rect_of` gives a square's rect on the canvas, or None where it is not on show."""
    placed = tuple(
        (
            trace.src,
            trace.dst,
            _box(rect_of(trace.src)) if trace.src is not None else None,
            _box(rect_of(trace.dst)) if trace.dst is not None else None,
        )
        for trace in traces
    )
    kept(canvas, (_draw_placed, placed), partial(_draw_placed, placed=placed))


_Box = tuple[int, int, int, int]


def _box(rect: pygame.Rect | None) -> _Box | None:
    return None if rect is None else (rect.x, rect.y, rect.width, rect.height)


def _draw_placed(
    canvas: pygame.Surface, placed: tuple[tuple[Hashable, Hashable, _Box | None, _Box | None], ...]
) -> None:
    """`draw_traces`' drawing, each trace with the rects of its squares (or None)."""
    ends = {dst for _src, dst, _from, _to in placed if dst is not None}
    rects: dict[Hashable, _Box | None] = {}
    for src, dst, src_box, dst_box in placed:
        if dst is not None:
            rects[dst] = dst_box
        if src_box is not None and src not in ends:
            _dashed_outline(canvas, pygame.Rect(src_box).inflate(-2 * INSET, -2 * INSET))
        if src_box is not None and dst_box is not None:
            source, target = pygame.Rect(src_box), pygame.Rect(dst_box)
            _arrow(canvas, source.center, target.center, min(target.width, target.height))
    for end in ends:
        box = rects[end]
        if box is not None:
            inner = pygame.Rect(box).inflate(-2 * INSET, -2 * INSET)
            radius = max(6, inner.width // 10)
            pygame.draw.rect(canvas, INK, inner.inflate(4, 4), WIDTH + 4, border_radius=radius)
            pygame.draw.rect(canvas, WHITE, inner, WIDTH, border_radius=radius)


def _dashed_outline(canvas: pygame.Surface, rect: pygame.Rect) -> None:
    corners = [rect.topleft, rect.topright, rect.bottomright, rect.bottomleft, rect.topleft]
    for (x0, y0), (x1, y1) in itertools.pairwise(corners):
        length = math.hypot(x1 - x0, y1 - y0)
        steps = max(1, int(length // (2 * DASH)))
        for k in range(steps + 1):
            a = min(1.0, k * 2 * DASH / length)
            b = min(1.0, (k * 2 * DASH + DASH) / length)
            if a >= 1.0:
                break
            start = (x0 + (x1 - x0) * a, y0 + (y1 - y0) * a)
            end = (x0 + (x1 - x0) * b, y0 + (y1 - y0) * b)
            pygame.draw.line(canvas, INK, start, end, WIDTH + 4)
            pygame.draw.line(canvas, WHITE, start, end, WIDTH)


def _arrow(canvas: pygame.Surface, start: tuple[int, int], end: tuple[int, int], size: int) -> None:
    """A white arrow with a dark edge between two square centres, clear of both centres."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy)
    if length < 1:
        return
    ux, uy = dx / length, dy / length
    a = (start[0] + ux * size * 0.3, start[1] + uy * size * 0.3)
    tip = (end[0] - ux * size * 0.22, end[1] - uy * size * 0.22)
    head = max(14.0, size * 0.13)
    base = (tip[0] - ux * head, tip[1] - uy * head)
    wing = (-uy * head * 0.75, ux * head * 0.75)
    points = [tip, (base[0] + wing[0], base[1] + wing[1]), (base[0] - wing[0], base[1] - wing[1])]
    pygame.draw.line(canvas, INK, a, base, 12)
    pygame.draw.polygon(canvas, INK, _grown(points, 3))
    pygame.draw.line(canvas, WHITE, a, base, 6)
    pygame.draw.polygon(canvas, WHITE, points)


def _grown(points: list[tuple[float, float]], by: float) -> list[tuple[float, float]]:
    """A triangle pushed outwards from its centre by `by` pixels (its dark edge)."""
    cx = sum(x for x, _ in points) / len(points)
    cy = sum(y for _, y in points) / len(points)
    grown = []
    for x, y in points:
        d = math.hypot(x - cx, y - cy) or 1.0
        grown.append((x + (x - cx) / d * by * 2, y + (y - cy) / d * by * 2))
    return grown
