"""The En blanc et noir board, driven headless by posted clicks and drags: whole 2-, 3- and
4-player games in hot seat (with the hand-over) and against every computer level; every card
face drawn, frame by frame, checked against the seat on show (BN-21, BN-22); the drawn board
equal to the view whenever it is still; each refusal with its reason; the last turn, the bear
count and its bonuses, the results; the camera following the edgeless land (BN-23)."""

from __future__ import annotations

import random
import re

import pygame
import pytest
from helpers import drawn_text
from helpers.blanc_noir_positions import state_of
from helpers.scene_driver import (
    drag,
    frames,
    hover,
    key,
    pass_device_if_asked,
    play_by_clicks,
    set_position,
    settle,
    tap,
    watch_faces,
)

from game import blanc_noir as bn
from game.ai import LEVELS
from game.blanc_noir.cards import CARDS
from game.blanc_noir.view import View
from scenes.boards.blanc_noir import layout
from scenes.boards.blanc_noir.card_art import ART_MARKS
from scenes.boards.blanc_noir.scene import BlancNoirBoard
from scenes.kit.pictures import picture


@pytest.fixture
def make_board(open_board):
    def make(seats=("human", "human"), speed=10.0, seed=7):
        return open_board("blanc-noir", seats, speed=speed, seed=seed)

    return make


def click_move(app, board, move, dragging=False) -> None:
    """Make `move` as a person would: by clicks, or by drag and drop."""
    if isinstance(move, bn.DrawCard):
        start = board.market_card_pos(move.card)
        if dragging:
            drag(app, start, layout.HAND.center)
        else:
            tap(app, start)
        return
    start = board.hand_card_pos(move.card)
    if isinstance(move, bn.LayLand):
        if dragging:
            drag(app, start, board.square_pos(move.square))
        else:
            tap(app, start)
            tap(app, board.square_pos(move.square))
        return
    if dragging:
        drag(app, start, layout.panel(board.state.current_player, board.setup.players).rect.center)
    else:
        tap(app, start)
        tap(app, layout.SCORE_BUTTON.center)


def play_game(app, board, rng, drags=0.3):
    """A whole game by random clicks and drags; returns the hand-overs seen."""

    def make_move(move):
        click_move(app, board, move, dragging=rng.random() < drags)

    return play_by_clicks(app, board, rng, make_move, limit=800)


# --- whole games ----------------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_bn21_hot_seat_games_never_draw_a_face_for_the_wrong_seat(make_board, players):
    app, board = make_board(("human",) * players, seed=players)
    watch = watch_faces(app, board)
    handovers = play_game(app, board, random.Random(players))
    assert app.manager.current.name == "results"
    assert handovers > 10 and watch.faces_checked > 500
    laid = [
        line.text for line in board.record.log if " lays " in line.text or "stacks" in line.text
    ]
    secret = re.compile(r"(white|black) \d|\b[WB][2-5O][a-e]\b")
    assert laid and not any(secret.search(text) for text in laid)  # colours only (BN-21)


def test_bn22_nothing_secret_is_drawn_while_the_hand_over_shows(make_board):
    app, board = make_board()
    settle(app)
    assert app.manager.current.name == "handover" and board.on_show.viewer is None
    board.on_show.faces_seen.clear()
    frames(app, 10)
    assert not board.on_show.faces_seen  # the board is not drawn under the hand-over screen
    pass_device_if_asked(app)
    assert board.on_show.viewer == 0
    assert any(place == "hand 0" for _, _, place in board.on_show.faces_seen)


@pytest.mark.slow
@pytest.mark.parametrize("level", LEVELS)
def test_games_against_each_computer_level_reach_the_results(make_board, level):
    app, board = make_board(("human", f"ai:{level}"))
    seen_views = []
    bot = board.computers.bots[1]
    real = bot.choose
    bot.choose = lambda view, rng: seen_views.append(view) or real(view, rng)
    watch = watch_faces(app, board)
    play_game(app, board, random.Random(5))
    assert app.manager.current.name == "results"
    assert watch.faces_checked > 100
    assert seen_views and all(isinstance(v, View) and v.seat == 1 for v in seen_views)


@pytest.mark.slow
def test_a_four_player_game_with_every_level_keeps_computer_hands_face_down(make_board):
    app, board = make_board(("human", "ai:easy", "ai:normal", "ai:hard"))
    watch = watch_faces(app, board)
    play_game(app, board, random.Random(9))
    assert app.manager.current.name == "results"
    assert watch.faces_checked > 300


@pytest.mark.slow
def test_the_drawn_board_equals_the_view_whenever_it_is_still(make_board):
    app, board = make_board(("human", "ai:easy", "ai:normal"), seed=11)
    rng = random.Random(4)
    checked = 0
    for _ in range(9000):
        if not isinstance(app.manager.current, BlancNoirBoard):
            break
        presenter = board.presenter
        if presenter.idle:
            view = board.on_show.shown
            assert presenter.land_codes() == view.land
            assert presenter.hunter_square == view.hunter
            assert presenter.market_codes() == view.market
            assert round(presenter.deck.value) == view.deck_size
            for seat in range(view.players):
                assert presenter.hand_codes(seat) == view.hand(seat)
                assert presenter.scored_codes(seat) == view.scored(seat)
                if not view.is_over:
                    assert round(presenter.seats[seat].points) == view.score(seat)
            for sprite in presenter.sprites():
                assert (sprite.x, sprite.y, sprite.width) == presenter.home(sprite)
            for seat in range(view.players):
                for sprite in presenter.hands[seat]:
                    mine = seat == board.on_show.viewer and sprite.code in CARDS
                    assert sprite.shows_face == mine or view.is_over
            assert not presenter.flying
            assert presenter.camera.shows(view.land_squares())  # BN-23: all of it in sight
            checked += 1
            if board.my_turn and rng.random() < 0.2:
                board.play(rng.choice(board.on_show.shown.legal_moves()))
        frames(app)
    assert app.manager.current.name == "results" and checked > 40


# --- moves, hover, drag and drop ------------------------------------------------------------------


def position(hands, market, deck, land=None, hunter=None, scored=None, current=0):
    """A hand-made position at the start of `current`'s turn (`land`: square -> stack)."""
    land = land or {(0, 0): ["W2b"], (1, 0): ["B2b"], (0, 1): ["B2c"], (1, 1): ["W2c"]}
    stacks = [[x, y, stack] for (x, y), stack in land.items()]
    hunter = list(hunter) if hunter else None
    return state_of(hands, market, deck, stacks, hunter, scored, current, first_player=current)


def ready(app, board, state):
    set_position(app, board, state)
    assert board.my_turn
    board.on_show.faces_seen.clear()


def test_hovering_a_scorable_card_shows_where_it_matches(make_board):
    app, board = make_board()
    ready(app, board, position([["W3d", "B5a"], ["W2d"]], ["W4b"], ["B4b"]))
    assert board.scorable_cards == {"W3d"}  # the starting land is a checkerboard (XY/YX)
    hover(app, board.hand_card_pos("W3d"))
    card, squares = board.hover_match
    assert card == "W3d" and squares == board.on_show.shown.match_squares("W3d")
    hover(app, board.hand_card_pos("B5a"))
    assert board.hover_match is None


def test_a_card_dragged_onto_the_land_is_laid_and_the_hunter_follows(make_board):
    app, board = make_board(speed=1.0)
    ready(app, board, position([["W3b", "B5a"], ["W2d"]], ["W4b"], ["B4b"]))
    drag(app, board.hand_card_pos("W3b"), board.square_pos((2, 0)))
    assert board.moves == ["land W3b 2 0"]
    flying = board.presenter.flying
    assert flying and flying[0].path[3] == (2, 0)
    turned = False
    for _ in range(120):
        frames(app)
        turned |= any(s.land_side for s in board.presenter.flying)
    assert turned  # it turned to its back (its land side) on the way
    settle(app)
    assert board.presenter.land[(2, 0)] == ["W3b"] and board.presenter.hunter_square == (2, 0)


def test_a_market_card_dragged_to_the_hand_is_drawn_and_the_market_refills(make_board):
    app, board = make_board(("human", "ai:easy"))
    ready(app, board, position([["W3b"], ["W2d"]], ["W4b", "B3c", "B2e"], ["B4b", "W5b"]))
    drag(app, board.market_card_pos("B3c"), layout.HAND.center)
    settle(app)
    tap(app, board.market_card_pos("W4b"))
    assert board.moves == ["draw B3c", "draw W4b"]
    settle(app)
    assert board.presenter.market_codes() == board.on_show.shown.market


def test_scoring_by_button_and_by_dropping_on_the_own_panel(make_board):
    app, board = make_board(("human", "ai:easy"))
    ready(app, board, position([["W3d", "B3d", "W2a"], ["W2d"]], ["W4b"], ["B4b", "W5b"]))
    tap(app, board.hand_card_pos("W3d"))
    assert board.score_button.enabled
    tap(app, layout.SCORE_BUTTON.center)
    assert board.moves == ["score W3d"]
    settle(app)
    drag(app, board.hand_card_pos("B3d"), layout.panel(0, 2).rect.center)
    assert board.moves[-1] == "score B3d"
    settle(app)
    assert board.presenter.scored_codes(0) == ["W3d", "B3d"]
    assert round(board.presenter.seats[0].points) == 6


# --- refusals say why -----------------------------------------------------------------------------


def test_bn14_a_full_hand_cannot_draw_and_says_so(make_board):
    app, board = make_board()
    five = ["W2d", "W3b", "W4c", "B2d", "B3b"]
    ready(app, board, position([five, ["W2e"]], ["W4b"], ["B4b"]))
    tap(app, board.market_card_pos("W4b"))
    assert board.moves == []
    assert board.status.refusal[0] == "Hand limit 5: Player 1 cannot draw."


def test_bn11_a_square_that_touches_the_land_only_diagonally_is_refused(make_board):
    app, board = make_board()
    ready(app, board, position([["W3b"], ["W2e"]], ["W4b"], ["B4b"]))
    tap(app, board.hand_card_pos("W3b"))
    assert (-1, -1) not in board.target_squares and (2, 0) in board.target_squares
    tap(app, board.square_pos((-1, -1)))
    assert board.moves == []
    assert board.status.refusal[0] == "That square shares no edge with the land."
    tap(app, board.square_pos((0, 0)))
    assert board.status.refusal[0] == "That square already holds land; only overlays go on top."


def test_bn4_the_hunter_blocking_the_only_match_is_named(make_board):
    app, board = make_board()
    white = {(0, 0): ["W2b"], (1, 0): ["W2c"], (0, 1): ["W2d"], (1, 1): ["W2e"]}
    ready(app, board, position([["W5a"], ["B2e"]], ["W4b"], ["B4b"], land=white, hunter=(1, 1)))
    assert not board.scorable_cards
    tap(app, board.hand_card_pos("W5a"))
    tap(app, layout.SCORE_BUTTON.center)
    assert board.moves == []
    assert board.status.refusal[0] == (
        "The hunter blocks that spot: the white 5 with a bear matches only where the hunter stands."
    )


def test_bn13_overlays_cannot_be_scored_and_other_hands_are_not_yours(make_board):
    app, board = make_board()
    ready(app, board, position([["WOa"], ["B2e"]], ["W4b"], ["B4b"]))
    tap(app, board.hand_card_pos("WOa"))
    assert (0, 0) in board.target_squares  # an overlay may go on top of land (BN-12)
    tap(app, layout.SCORE_BUTTON.center)
    assert (
        board.status.refusal[0]
        == "The white overlay is an overlay card; overlays cannot be scored."
    )
    tap(app, layout.panel(1, 2).rect.center)
    assert board.status.refusal[0] == "Those are Player 2's cards: play from your own hand."
    tap(app, layout.deck_centre())
    assert "never straight from the deck" in board.status.refusal[0]


@pytest.mark.slow
def test_bn16_one_action_only_is_announced_and_the_game_ends(make_board):
    app, board = make_board(speed=1.0)
    ready(app, board, position([["W2b"], ["B2e"]], [], [], land={
        (0, 0): ["W3b"], (1, 0): ["B3b"], (0, 1): ["B2c"], (1, 1): ["W2c"]}))  # fmt: skip
    tap(app, board.hand_card_pos("W2b"))
    tap(app, board.square_pos((2, 0)))
    assert board.state.is_over
    texts = set()
    for _ in range(600):
        frames(app)
        if board.presenter.banner is not None:
            texts.add(board.presenter.banner.text)
        if app.manager.current.name == "results":
            break
    assert "No second action possible: the turn ends" in texts


# --- the end --------------------------------------------------------------------------------------


@pytest.mark.slow
def test_bn17_bn19_the_last_turn_the_bear_count_and_the_bonuses(make_board):
    app, board = make_board(speed=1.0)
    land = {
        (0, 0): ["W2b"], (1, 0): ["B2b"], (0, 1): ["B2c"], (1, 1): ["W2c"],
        (2, 0): ["W2d"], (2, 1): ["W2e"],
    }  # fmt: skip
    state = position(
        [["B3b"], ["W3b"]], ["W4b"], [], land=land, hunter=(2, 1),
        scored=[["W5a", "B4a"], ["W3a"]],
    )  # fmt: skip
    ready(app, board, state)
    watch_faces(app, board)
    tap(app, board.market_card_pos("W4b"))  # the last card: deck and market now empty
    banners = set()
    for _ in range(200):
        frames(app)
        if board.presenter.banner is not None:
            banners.add(board.presenter.banner.text)
    assert "The last card is drawn: last turn!" in banners
    settle(app)
    tap(app, board.hand_card_pos("W4b"))
    tap(app, board.square_pos((3, 0)))
    assert board.state.is_over
    counts = board.state.colour_counts()
    assert counts == {"W": 5, "B": 2}
    popups, verdicts, most = set(), set(), (0, 0)
    for _ in range(1500):
        if app.manager.current.name != "board":
            break
        frames(app)
        presenter = board.presenter
        if presenter.tally is not None:
            most = max(most, (presenter.tally.white, presenter.tally.black))
            if presenter.tally.verdict:
                verdicts.add(str(presenter.tally.verdict))  # (a lazy message)
        popups.update(p.text for p in presenter.popups)
    assert most == (5, 2)  # every square counted, colour by colour
    assert verdicts == {"White leads 5 to 2: white bears +2, black bears −2"}
    assert {"+2 −2", "+2"} <= popups  # one per seat: a white and a black bear; a white bear
    totals = [sum(board.state.breakdown(s).values()) for s in (0, 1)]
    assert totals == [5 + 4 + 2 - 2 - 3, 3 + 2 - 3]
    assert [round(p.points) for p in board.presenter.seats] == totals
    assert app.manager.current.name == "results"


# --- the camera -----------------------------------------------------------------------------------


def test_bn23_the_view_zooms_pans_and_fits_again(make_board):
    app, board = make_board()
    ready(app, board, position([["W3b", "B3b"], ["W2e"]], ["W4b"], ["B4b", "W5b"]))
    camera = board.presenter.camera
    cell = camera.cell
    hover(app, layout.LAND.center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2))
    frames(app, 2)
    assert camera.cell < cell and board.fit_button.visible
    x = camera.x
    drag(
        app,
        (layout.LAND.left + 100, layout.LAND.top + 100),
        (layout.LAND.left + 300, layout.LAND.top + 100),
    )
    assert camera.x < x and board.moves == []  # a drag on the land pans; nothing is played
    tap(app, board.fit_button.rect.center)
    settle(app)
    frames(app, 60)
    assert (camera.x, camera.y, camera.cell) == pytest.approx(board.presenter.fit_target())
    assert not board.fit_button.visible
    key(app, pygame.K_MINUS)
    assert board.presenter.camera_manual
    key(app, pygame.K_f)
    frames(app, 60)
    assert not board.presenter.camera_manual


@pytest.mark.parametrize(("code", "size"), [("en", "normal"), ("ja", "large")])
def test_no_square_a_card_may_go_on_stands_under_the_land_counts_plate(make_board, code, size):
    """The plate in the land window's top-left corner (wider in Japanese and at the large text
    size) covered the glowing squares of the top row: the camera keeps the land and the squares
    beside it clear of it."""
    from scenes.boards.blanc_noir.land_count import plate_rect
    from scenes.kit import fonts
    from scenes.kit.i18n import set_language

    app, board = make_board()
    set_language(code)
    fonts.set_text_size(size)
    land = {(0, 0): ["W3a"], (1, 0): ["B3a"], (2, 0): ["B2a"], (0, 1): ["B2c"], (1, 1): ["W2c"]}
    ready(app, board, position([["W2b", "B2d"], ["W2e"]], ["W4b"], ["B4c"], land=land))
    settle(app)
    frames(app, 60)
    presenter = board.presenter
    camera = presenter.camera
    assert (camera.x, camera.y, camera.cell) == pytest.approx(presenter.fit_target())
    plate = plate_rect(presenter.land)
    near = {(x + dx, y + dy) for x, y in presenter.land for dx, dy in layout.NEAR}
    assert not [square for square in near if camera.square_rect(square).colliderect(plate)]


@pytest.mark.parametrize("code", ["en", "ja"])
def test_the_hands_title_stands_above_the_focus_ring_round_a_hand_card(make_board, code):
    """At the large text size the keys' ring round a hand card ran across the foot of "Your
    hand" ("あなたの手札"): the title rises above it."""
    from helpers.overlap_tool import checker

    from scenes.kit import fonts
    from scenes.kit.focus import ring_rect, targets
    from scenes.kit.i18n import _, set_language

    tool = checker()
    app, board = make_board(("human", "ai:beginner"))
    set_language(code)
    fonts.set_text_size("large")
    settle(app)
    canvas = tool.RecordingCanvas(app.canvas.get_size())
    app.manager.draw(canvas)
    title = next(box for box in canvas.texts if box.words == _("Your hand"))
    card = board.on_show.shown.hand(board.state.current_player)[0]
    at = board.hand_card_pos(card)
    ring = ring_rect(next(t.rect for t in targets(board) if t.rect.collidepoint(at)))
    assert title.ink.bottom < ring.top


def test_a_stacks_height_stands_clear_of_the_focus_ring_round_the_squares_beside(make_board):
    """ "x3" on a stack of three stood at its square's right edge, where the keys' ring round
    the square to its right reaches in (the lesson's steps 5 and 6): it stands clear of the ring
    round each square beside it."""
    from helpers.overlap_tool import checker

    from scenes.kit.focus import draw_ring

    tool = checker()
    app, board = make_board()
    settle(app)
    for cell in (60, 72, 110):
        canvas = tool.RecordingCanvas((600, 600))
        square = pygame.Rect(200, 200, cell, cell)
        board.painter._blit_top(canvas, "W2b", square, cell, 3)
        assert [box.words for box in canvas.texts] == ["x3"]
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            draw_ring(canvas, square.move(dx * cell, dy * cell))
        assert tool.problems(canvas) == [], cell


def test_bn23_the_camera_follows_the_land_far_in_any_direction(make_board):
    app, board = make_board(("human", "human"))
    hands = [["W2b", "W2d", "W3b", "B2d", "B3b"], ["W2e", "B2e", "W3c", "B3c", "B4b"]]
    ready(app, board, position(hands, ["W4b"], ["B4c", "W5b"], land={
        (0, 0): ["W3a"], (1, 0): ["B3a"], (0, 1): ["B2c"], (1, 1): ["W2c"]}))  # fmt: skip
    column = [(0, 2), (0, 3), (0, 4), (0, 5), (0, 6)]
    for square in column[:4]:
        card = board.on_show.shown.hand(board.state.current_player)[0]
        tap(app, board.hand_card_pos(card))
        tap(app, board.square_pos(square))
        assert board.moves[-1] == f"land {card} {square[0]} {square[1]}", board.status.refusal
        settle(app)
        pass_device_if_asked(app)
        assert board.presenter.camera.shows(board.on_show.shown.land_squares())


def test_the_menu_thumbnail_shows_no_hand(make_board):
    app, board = make_board(("human", "ai:easy"))
    settle(app)
    board.on_show.faces_seen.clear()
    board.keeper.thumbnail()
    assert board.on_show.faces_seen and not any(
        p.startswith("hand") for _, _, p in board.on_show.faces_seen
    )


@pytest.mark.slow
def test_a_continued_game_is_laid_as_it_was_left(make_board):
    app, board = make_board(("human", "ai:easy"))
    play_some = random.Random(2)
    for _ in range(12):
        settle(app)
        if board.my_turn:
            board.play(play_some.choice(board.on_show.shown.legal_moves()))
    settle(app)
    again = BlancNoirBoard(app, board.setup, start_state=board.start_state, moves=board.moves)
    app.manager.switch(again, fade=False)
    frames(app, 3)
    view = again.on_show.shown
    assert again.state.to_dict() == board.state.to_dict()
    assert again.presenter.land_codes() == view.land
    assert again.presenter.hand_codes(0) == view.hand(0)
    assert again.presenter.market_codes() == view.market


@pytest.mark.slow
def test_a_spectator_sees_no_hand_face(open_board):
    seats = ["ai:easy", "ai:normal", "ai:hard"]
    app, board = open_board("blanc-noir", seats, seed=3, spectator=True)
    watch = watch_faces(app, board)
    for _ in range(900):
        frames(app)
        if not isinstance(app.manager.current, BlancNoirBoard):
            break
    assert board.on_show.viewer is None and watch.faces_checked > 100
    assert len(board.moves) > 20


@pytest.mark.parametrize("card", ["WOa", "BOb"])
def test_an_overlay_face_leaves_the_cards_colour_marks_clear(make_board, card):
    """Issue 23: the card art's colour marks (snowflake, triangle, top and bottom) are never
    drawn over on an overlay's face ("−5 in hand" was drawn across the bottom one), at every
    size a card rests at."""
    _, board = make_board(("human", "ai:easy"))
    painter = board.painter
    for width in sorted(painter._rest_widths):
        face = painter.card_picture(card, width)
        art = "card_white" if card[0] == "W" else "card_black"
        plain = picture(art, face.get_size())
        w, h = face.get_size()
        paper = plain.get_at((w // 2, h // 2))
        for low, high in ART_MARKS:
            band = [
                (x, y)
                for y in range(round(h * low), round(h * high))
                for x in range(round(w * 0.43), round(w * 0.57))
            ]
            assert any(plain.get_at(p) != paper for p in band), "a colour mark lies there"
            changed = [p for p in band if face.get_at(p) != plain.get_at(p)]
            assert not changed, (width, changed[:3])


def test_the_market_says_click_to_draw_only_when_a_person_may(make_board, monkeypatch):
    """A replay, a computer's turn or a finished game has nothing to click: the market's "click
    a card to draw it" is for the person to move only."""
    app, board = make_board(("human", "ai:easy"), speed=1.0)
    hint = "pick a card to draw it"
    probe = drawn_text.install(monkeypatch)
    ready(app, board, position([["W3c"], ["B2e"]], ["W3b", "B3b"], ["W4c"]))
    app.manager.draw(app.canvas)
    assert hint in probe.words
    board.set_state(position([["W3c"], ["B2e"]], ["W3b", "B3b"], ["W4c"], current=1))
    frames(app)
    probe.clear()
    app.manager.draw(app.canvas)
    assert board.state.current_player == 1 and hint not in probe.words  # the computer's turn


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_full_hand_of_backs_stays_inside_its_panel(players):
    from scenes.boards.blanc_noir import layout

    for seat in range(players):
        place = layout.panel(seat, players)
        for count in range(1, 8):
            for index in range(count):
                x, _ = place.hand_slot(index, count)
                assert place.rect.left < x - place.back_width / 2
                assert x + place.back_width / 2 < place.rect.right, (players, count, index)
