"""The how-to-play pages: text as data, diagrams made by the engine, drawn inside their frames."""

import re
from pathlib import Path

import pygame
import pytest
from helpers.drawn_text import install

from game import GAMES
from game import whose_foods as wf
from scenes.boards import BOARDS
from scenes.boards.blanc_noir import positions as bn_positions
from scenes.boards.consequence import positions as cq_positions
from scenes.boards.whose_foods import positions as wf_positions
from scenes.kit import fonts
from scenes.kit.rules_drawing import WrongPicture
from scenes.screens.rules import DIAGRAM, PANEL, TEXT_WIDTH, RulesScene

RULES_FILES = Path(__file__).resolve().parents[2] / "shared" / "rules"
PAGES = {game: spec.how_to_play() for game, spec in BOARDS.items()}
ALL_PAGES = [(game, index) for game in PAGES for index in range(len(PAGES[game]))]


class AnyApp:
    """The little of an app the rules scene's constructor touches."""

    def back(self):
        pass


@pytest.fixture(autouse=True)
def display():
    pygame.display.init()
    pygame.font.init()
    yield


def test_every_game_has_pages_and_pages_are_keyed_by_game_key():
    assert set(BOARDS) == set(GAMES)
    assert all(len(pages) >= 4 for pages in PAGES.values())


@pytest.mark.parametrize("game", list(PAGES))
def test_every_page_keeps_its_rule_ids_in_the_data(game):
    file = RULES_FILES / f"{game.replace('-', '_')}.md"
    text = file.read_text(encoding="utf-8") if file.exists() else None
    for page in PAGES[game]:
        assert page.rules, page.title
        for rule in page.rules:
            assert re.fullmatch(rf"{BOARDS[game].rule_prefix}-\d+", rule), rule
            if text is not None:
                assert f"- {rule} " in text, f"{rule} is not in {file.name}"


@pytest.mark.parametrize("game, index", ALL_PAGES)
def test_a_page_shows_no_rule_ids_to_players(game, index, monkeypatch):
    drawn = install(monkeypatch)
    RulesScene(AnyApp(), game).render_page(game, index)
    assert PAGES[game][index].title in drawn.words
    assert not re.search(r"\b[A-Z]{2}-\d", drawn.words), drawn.words


@pytest.mark.parametrize("game, index", ALL_PAGES)
def test_a_diagram_draws_only_inside_its_frame(game, index):
    """Consequence page 1 used to draw its face-down tiles across the bottom of the frame."""
    area = DIAGRAM.move(-PANEL.left, -PANEL.top)
    surface = pygame.Surface(PANEL.size, pygame.SRCALPHA)
    surface.fill((0, 0, 0, 0))
    PAGES[game][index].diagram(surface, area)
    mask = pygame.mask.from_surface(surface, 1)
    inside = pygame.mask.Mask(PANEL.size)
    inside.draw(pygame.mask.Mask(area.size, fill=True), area.topleft)
    outside = mask.overlap_area(inside.copy(), (0, 0))
    assert outside == mask.count(), f"{mask.count() - outside} pixels drawn outside the frame"
    assert mask.count() > 2000, "the diagram looks empty"


@pytest.mark.parametrize("game, index", ALL_PAGES)
def test_page_text_fits_above_the_page_line_and_is_large_enough(game, index, monkeypatch):
    drawn = install(monkeypatch)
    page = PAGES[game][index]
    RulesScene(AnyApp(), game).render_page(game, index)
    lines = fonts.wrap(page.text, fonts.SMALL, TEXT_WIDTH)
    height = len(lines) * round(fonts.font(fonts.SMALL).get_linesize() * 1.2)
    assert 130 + height <= PANEL.height - 78
    assert drawn.smallest() >= 22


# --- the positions are the engine's -----------------------------------------------------------
def test_whose_foods_pictures_are_engine_positions():
    placing = wf_positions.placing()
    assert placing.state.piece_at(wf.parse_square("b2")) == (wf.SD, wf.LF)
    assert "small piece" in placing.refusal
    effects = wf_positions.effects()
    assert effects.squares(wf.EffectKind.TRIO_ILLUSTRATION) == ("a1", "b1", "c1")
    assert effects.squares(wf.EffectKind.SANDWICH) == ("c2",)
    losing = wf_positions.losing()
    assert losing.line == ("a1", "b2", "c3") and losing.state.result.reason == "losing pattern"
    assert losing.loser not in losing.state.result.winners
    four = wf_positions.four()
    assert four.line == ("a1", "b1", "c1", "d1") and four.pattern == "four of one illustration"
    assert four.state.result.reason == "losing pattern"
    assert four.loser not in four.state.result.winners
    assert wf_positions.points() == wf_positions.PointValues(1, 2, -5)
    assert wf_positions.pieces().large == {"dog": 3, "cat": 3, "can": 6}


def test_a_rules_picture_the_engine_disagrees_with_cannot_be_built(monkeypatch):
    wf_positions.placing.cache_clear()
    monkeypatch.setattr(wf_positions, "PLACING", wf_positions.PLACING.replace("SF", "LF"))
    with pytest.raises(WrongPicture):
        wf_positions.placing()  # a small dog may go on the large can now shown on d3
    wf_positions.placing.cache_clear()


def test_consequence_pictures_are_reached_by_real_moves():
    turn = cq_positions.turn()
    assert turn.state.ply == len(cq_positions.TURN)
    push = cq_positions.push()
    assert push.run == ("b1", "c1", "d1") and push.pushed_off == "rD" and push.receiver == 1
    finish = cq_positions.finish()
    assert finish.state.is_over and finish.state.result.scores == (3, 2)
    assert len(finish.pairs[0]) == 3 and len(finish.pairs[1]) == 2
    assert sum(finish.state.tile_at(sq) is not None for sq in range(16)) == 14


def test_blanc_noir_pictures_come_from_the_engine():
    fit = bn_positions.fit()
    assert fit.state.hunter not in fit.squares and fit.state.scorable(fit.card)
    expand = bn_positions.expand()
    assert expand.state.hunter == expand.square
    scoring = bn_positions.scoring()
    assert scoring.breakdown == {"cards": 10, "hand": -8, "bear bonus": 2}
    assert len(bn_positions.deal().market) == 3
