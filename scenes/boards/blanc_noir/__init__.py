"""En blanc et noir on screen: everything the app shows of this game, and its `SPEC`.

`scene` (the board: input, log lines, hints), `presenter` (tokens moved by the events), `paint`
(the drawing), `layout` (where everything stands), `ending` (the results' bear count and tie-
break), `pages` / `diagrams` / `positions` (the how-to-play), `captions` (the attract loop's
words), `faces` (which faces a seat may see), `bench` (its heaviest animation, for `python
main.py bench frames`), `rules_bench` (the pattern search, for `bench rules`), `card_balance`
(`python main.py bench cards`) and `phone` (what a seat's phone shows, drawn by `phone.js` and
`phone.css`: hands on phones).
"""

from game import blanc_noir
from scenes.boards.spec import BoardSpec

SPEC = BoardSpec(
    game=blanc_noir.DESCRIPTOR,
    board="scenes.boards.blanc_noir.scene:BlancNoirBoard",
    pages="scenes.boards.blanc_noir.pages:PAGES",
    tellers="scenes.boards.blanc_noir.captions:tell",
    headline="scenes.boards.blanc_noir.captions:HEADLINE",
    faces="scenes.boards.blanc_noir.faces:may_draw",
    rule_prefix="BN",
    menu_art="menu_blanc_noir",
    ending="scenes.boards.blanc_noir.ending:ending",
    animation_bench="scenes.boards.blanc_noir.bench:heaviest_animation",
    phone="scenes.boards.blanc_noir.phone:PHONE",
    rules_bench="scenes.boards.blanc_noir.rules_bench:figures",
    lesson="scenes.boards.blanc_noir.lesson:LESSON",
    benchmarks={"cards": "scenes.boards.blanc_noir.card_balance"},
)
