"""Consequence on screen: everything the app shows of this game, and its `SPEC`.

`scene` (the board: input, log lines, hints), `presenter` (tokens moved by the events), `paint`
(the drawing), `layout` (where everything stands), `ending` (the results' final board and
pairs), `pages` / `diagrams` / `positions` (the how-to-play), `captions` (the attract loop's
words), `faces` (which faces a seat may see), `bench` (its heaviest animation, for `python
main.py bench frames`) and `phone` (what a seat's phone shows, drawn by `phone.js` and
`phone.css`: hands on phones).
"""

from game import consequence
from scenes.boards.spec import BoardSpec

SPEC = BoardSpec(
    game=consequence.DESCRIPTOR,
    board="scenes.boards.consequence.scene:ConsequenceBoard",
    pages="scenes.boards.consequence.pages:PAGES",
    tellers="scenes.boards.consequence.captions:tell",
    headline="scenes.boards.consequence.captions:HEADLINE",
    faces="scenes.boards.consequence.faces:may_draw",
    rule_prefix="CQ",
    menu_art="menu_consequence",
    seat_colours=(1, 0),  # Moon plays the blue tiles, Sun the red: the scheme's blue, then red
    ending="scenes.boards.consequence.ending:ending",
    animation_bench="scenes.boards.consequence.bench:heaviest_animation",
    lesson="scenes.boards.consequence.lesson:LESSON",
    phone="scenes.boards.consequence.phone:PHONE",
)
