"""Teach pauses as a learner meets them (issue 21): one pause per step of the rules, pieces, sides and decks by
the names the player knows, details on m, and the map and the pieces left in view, at 80 x 24."""

from __future__ import annotations

import re

from tuikit import order_by_keys, playtest, screen_lines, screen_text

from hexfront.engine.core.hexes import axial_to_offset, offset_to_axial
from hexfront.engine.systems.ratfight import commands as C
from hexfront.tui.app import HexfrontApp
from hexfront.tui.screens.battle import BattleScreen
from hexfront.tui.screens.teach import TeachScreen
from hexfront.tui.screens.tutorial import TutorialMessage

INTERNAL = re.compile(r"res-(red|blue)|\[[RB]\d\]|'action' deck|\bfor (red|blue)\b|\b[RB]\d\b")


def words(text: str) -> str:
    return " ".join(text.replace("│", " ").split())


def box_words(app) -> str:
    """The words inside the teach pause's box."""
    r = app.screen.query_one("#teach-box").region
    return words(" ".join(line[r.x:r.right] for line in screen_lines(app)[r.y:r.bottom]))


async def learner_turn(pilot, screen) -> list[str]:
    """Step through the pauses up to the learner's next order with Space; returns each pause as read."""
    app = pilot.app
    seen = []
    for _ in range(400):
        await pilot.pause()
        if isinstance(app.screen, TeachScreen):
            seen.append(screen_text(app))
            await pilot.press("space")
        elif app.screen is screen and screen.human_to_act() and not screen._thinking and not screen._teaching:
            return seen
    raise AssertionError("the learner never got the turn back")


def screen_at(screen, piece_id: str) -> tuple[int, int]:
    """Where a piece is drawn on the screen (column, row)."""
    hexmap = screen.query_one("#map")
    at = next(p.at for p in screen.board.pieces if p.id == piece_id)
    col, row = axial_to_offset(at)
    region = hexmap.content_region
    scroll = hexmap.scroll_offset
    return region.x + 2 * col + (row & 1) + 1 - int(scroll.x), region.y + row - int(scroll.y)


@playtest
async def test_a_ratfight_shot_pauses_once_per_step_in_the_players_names_with_the_map_in_view(saves):
    app = HexfrontApp(computer_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_tutorial("ratfight", "tutorial")
        for _ in range(50):
            await pilot.pause()
            if isinstance(app.screen, TutorialMessage):
                break
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        await order_by_keys(pilot, screen, C.Move("R1", offset_to_axial(3, 1)))
        await learner_turn(pilot, screen)
        shot = C.Fire("R1", "manual_rifle", "B1")
        await order_by_keys(pilot, screen, shot)
        await pilot.pause()
        assert isinstance(app.screen, TeachScreen)
        pause = app.screen
        drawn = sum(d.count for stop in pause.stops for d in stop.draws)
        assert drawn == 9 and len(pause.stops) <= 6, "nine cards, grouped by the step of the rules they settle"
        first = box_words(app)
        assert "Teach: 1 of" in first and "Order 3: Cpl Nib fires Manual Rifle" in first
        assert "Firing: 2 cards" in first, "the shot's two cards, the target's and the shooter's, in one pause"
        assert "* Sgt Brack: 7D (7 of Diamonds) -" in first and "* Cpl Nib: KS (King of Spades) -" in first
        assert "so: Manual Rifle shot at Sgt Brack: KS against 7D, Cpl Nib wins" in first
        box = pause.query_one("#teach-box").region
        lines = screen_lines(app)
        on_map = [p for p in screen.board.pieces if p.at is not None]
        assert "R1" in [p.id for p in on_map]  # the shooter (Sgt Brack is out of the fight by the turn's end)
        for piece in on_map:
            x, y = screen_at(screen, piece.id)
            assert not box.contains(x, y), f"the pause covers {piece.name}"
            assert lines[y][x].upper() == piece.glyph.upper(), f"{piece.name} is drawn where the map puts it"
        assert "Map" in lines[0], "the map's pane is on screen"
        await pilot.press("m")
        await pilot.pause()
        detail = box_words(app)
        assert "a card from Stoats' resolution deck, scripted for this lesson" in detail
        assert "a card from Field Rats' resolution deck" in detail
        scroller = pause.query_one("#teach-box")
        assert scroller.max_scroll_y > 0, "the details are taller than the box at 80 x 24"
        assert "Up/Down: the rest" in screen_text(app), "the box's foot says how to read the rest"
        await pilot.press("down", "down", "down")
        await pilot.pause()
        assert scroller.scroll_y > 0
        await pilot.press("m")
        await pilot.pause()
        assert "resolution deck" not in box_words(app), "m again: the short view"
        seen = [first]
        while isinstance(app.screen, TeachScreen) and app.screen is pause:
            await pilot.press("space")
            await pilot.pause()
            if app.screen is pause:
                seen.append(box_words(app))
        assert len(seen) == len(pause.stops)
        assert any("Morale Check: 2 cards" in s and "* Field Rats: " in s and "* Stoats: " in s for s in seen)
        for text in seen:
            assert not INTERNAL.search(text), (INTERNAL.search(text), text)


@playtest
async def test_a_pause_never_covers_the_piece_it_is_about(saves):
    """A watched RatFight battle on the 24-row village map at 80 x 24: in each of the first pauses, the piece its
    first card was drawn for (when it is on the map) is drawn outside the pause's box, whether the box sits at
    the foot of the screen or, for a piece low on the screen, at its top."""
    from hexfront.tui.session import Session

    app = HexfrontApp(computer_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        session = Session.new("ratfight", "village", players={"red": "default", "blue": "default"}, seed=3,
                              teach=True)
        app.open_session(session)
        checked, tops = 0, 0
        for _ in range(3000):
            await pilot.pause()
            if not isinstance(app.screen, TeachScreen):
                continue
            pause = app.screen
            screen = app.screen_stack[-2]
            stop = pause.stops[pause.index]
            piece = next((d.piece for d in stop.draws if d.piece), "")
            if piece and any(p.id == piece and p.at is not None for p in screen.board.pieces):
                await pilot.pause()
                x, y = screen_at(screen, piece)
                assert not pause.query_one("#teach-box").region.contains(x, y), (stop.title, piece)
                checked += 1
                tops += pause.has_class("-top")
            await pilot.press("space")
            if checked >= 12 and tops:
                break
        assert checked >= 12 and tops > 0, (checked, tops)
