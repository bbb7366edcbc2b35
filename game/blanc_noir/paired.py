"""Turn plans judged on shared sampled worlds (an experiment of issue 43, off at every level).

A turn is two actions, and nothing hidden changes between them (the market is refilled only
when the turn ends, BN-15), so the seat to act can list every line of its turn among the kept
moves. Each sampled world (a full state from the seat's view) judges every line still in the
running: the line played on a copy of the world, then one playout with the same random numbers
for every line, so two lines are compared on the same deck order and the same other hands
(common random numbers: the world's luck, which makes a search's values of close moves differ
by chance, falls out of their difference). Every few worlds the worse half of the lines is
dropped, so the budget goes to the close ones.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from typing import Any

from game.ai.search import Node, shares

#: Worlds judged between two cuts of the lines in the running.
BATCH = 8
#: The cuts stop once this many lines are left.
KEEP = 4


def lines_of_turn(bot: Any, view: Any, wanted: list[Any], rng: random.Random) -> list[tuple]:
    """Every line of the rest of the seat's turn: each kept move, followed (when the turn goes
    on) by each move kept after it. The second action's moves depend on the seat's own hand,
    the market and the land only, so one sampled world lists them for all."""
    seat = view.current_player
    probe = bot.determinize(view, rng)
    lines: list[tuple] = []
    for move in wanted:
        after = probe.clone()
        after.play_legal(move)
        if after.is_over or after.current_player != seat:
            lines.append((move,))
            continue
        follow = bot.candidates(after, after.legal_moves(), rng)
        lines += [(move, nxt) for nxt in follow]
    return lines


def plan(
    bot: Any,
    view: Any,
    rng: random.Random,
    lines: list[tuple],
    over: Callable[[int], bool],
    stop: threading.Event | None,
) -> Node:
    """A root whose children are the first moves of `lines` (`lines_of_turn`): each with the
    worlds its best line was judged on (`visits`) and their summed share of the win
    (`reward`). Worlds are judged until `over(worlds judged)` or `stop`."""
    seat = view.current_player
    totals = [0.0] * len(lines)
    counts = [0] * len(lines)
    alive = list(range(len(lines)))
    worlds = 0
    while not over(worlds) and not (stop is not None and stop.is_set()):
        world = bot.determinize(view, rng)
        luck = rng.getrandbits(64)
        for index in alive:
            state = world.clone()
            for move in lines[index]:
                if state.is_over:
                    break
                state.play_legal(move)
            if state.is_over:
                rewards = shares(state.result, state.players)
            else:
                rewards = bot._playout(state, random.Random(luck))
            totals[index] += rewards[seat]
            counts[index] += 1
        worlds += 1
        if worlds % bot.paired_batch == 0 and len(alive) > KEEP:
            alive.sort(key=lambda i: totals[i] / counts[i], reverse=True)
            alive = alive[: max(KEEP, len(alive) // 2)]
    bot.last_iterations = sum(counts)
    root = Node(mover=-1)
    for index, line in enumerate(lines):
        key = bot.edge_key(line[0], seat, seat)
        child = root.children.get(key)
        better = child is None or (counts[index], totals[index] / max(counts[index], 1)) > (
            child.visits,
            child.value(),
        )
        if better:
            child = root.children[key] = Node(seat)
            child.visits, child.reward, child.seen = counts[index], totals[index], counts[index]
    return root
