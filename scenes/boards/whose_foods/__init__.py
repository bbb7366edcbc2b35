"""Whose Foods on screen: everything the app shows of this game, and its `SPEC`.

`scene` (the board: input, log lines, hints), `presenter` (tokens moved by the events), `paint`
(the drawing), `layout` (where everything stands), `pages` / `diagrams` / `positions` (the
how-to-play), `captions` (the attract loop's words), `faces` (which faces a seat may see) and
`bench` (its heaviest animation, for `python main.py bench frames`).
"""

from game import whose_foods
from scenes.boards.spec import BoardSpec

SPEC = BoardSpec(
    game=whose_foods.DESCRIPTOR,
    board="scenes.boards.whose_foods.scene:WhoseFoodsBoard",
    pages="scenes.boards.whose_foods.pages:PAGES",
    tellers="scenes.boards.whose_foods.captions:tell",
    headline="scenes.boards.whose_foods.captions:HEADLINE",
    faces="scenes.boards.whose_foods.faces:may_draw",
    rule_prefix="WF",
    menu_art="menu_whose_foods",
    animation_bench="scenes.boards.whose_foods.bench:heaviest_animation",
    lesson="scenes.boards.whose_foods.lesson:LESSON",
)
