"""The looks a terminal over SSH needs: plain ASCII, NO_COLOR, 16 colours, and side never by colour alone."""

from __future__ import annotations

import attrs
from tuikit import pick_system, playtest, screen_text, settle

from hexfront.engine.core.hexes import axial_to_offset
from hexfront.tui.app import HexfrontApp
from hexfront.tui.screens.battle import BattleScreen
from hexfront.tui.screens.end import EndScreen
from hexfront.tui.widgets.hexmap import HexMap


def non_ascii(text: str) -> set[str]:
    return {ch for ch in text if ord(ch) > 126}


@playtest
async def test_the_plain_ascii_look_has_no_other_character_on_any_screen(saves, monkeypatch):
    monkeypatch.setenv("HEXFRONT_ASCII", "1")
    app = HexfrontApp(computer_delay=0, battle_seed=3)
    seen = {}
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.ascii_look
        seen["menu"] = screen_text(app)
        await pilot.press("n")
        await pilot.pause()
        await pick_system(pilot, "ratfight")
        seen["new battle"] = screen_text(app)
        await pilot.press("down", "right", "enter")  # the ditch
        await settle(pilot)
        seen["battle"] = screen_text(app)
        if app.screen.editor.menu() == ["Keep a morale card"]:  # with seed 3 the battle opens on a Turn End
            seen["morale choice"] = screen_text(app)
            await pilot.press("1", "1", "enter")  # keep the first card drawn
            await settle(pilot)
        await pilot.press("tab", "1")
        await pilot.pause()  # let the screen repaint before reading it
        seen["order editor"] = screen_text(app)
        await pilot.press("escape", "escape", "d", "enter")
        await pilot.pause()
        seen["explanation"] = screen_text(app)
        await pilot.press("escape", "escape", "question_mark")
        await pilot.pause()
        seen["help"] = screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.pause()
        seen["palette"] = screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("t")  # teach on: the computer's next cards pause
        from hexfront.tui.screens.teach import TeachScreen

        for _ in range(200):  # pass to the end of the battle
            if isinstance(app.screen, EndScreen):
                break
            if isinstance(app.screen, TeachScreen):
                seen.setdefault("teach pause", screen_text(app))
                await pilot.press("escape")
                await pilot.pause()
                continue
            if app.screen.editor.menu() == ["Keep a morale card"]:  # Morale Check: keep the first card drawn
                await pilot.press("1", "1", "enter")
            else:
                await pilot.press("full_stop", "enter")
            await settle(pilot)
        assert isinstance(app.screen, EndScreen)
        seen["end"] = screen_text(app)
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        seen["too small"] = screen_text(app)
    for name, text in seen.items():
        assert not non_ascii(text), f"{name}: {sorted(non_ascii(text))}\n{text}"
    # and every screen still shows what it is for (a look that hid a pane would pass the check above)
    for name, words in {"menu": ["New battle", "Tutorials"], "new battle": ["Rule system", "Teach"],
                        "help": ["Keys", "search"], "teach pause": ["Teach: 1 of", "Esc no more pauses"],
                        "end": ["Luck", "Casualties"]}.items():
        for word in words:
            assert word in seen[name], f"{name} does not show {word!r}:\n{seen[name]}"


@playtest
async def test_the_switch_on_the_menu_is_kept_in_the_settings(saves):
    app = HexfrontApp(computer_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert non_ascii(screen_text(app))  # the default look draws boxes
        await pilot.press("a")
        await pilot.pause()
        assert app.ascii_look and not non_ascii(screen_text(app))
    again = HexfrontApp(computer_delay=0)
    assert again.ascii_look


def screen_colours(app) -> set:
    """Every colour (foreground and background) the terminal is sent, after the app's line filters."""
    from textual.color import Color

    colours = set()
    for strip in app.screen._compositor.render_strips():
        for line_filter in app.get_line_filters():
            strip = strip.apply_filter(line_filter, Color(0, 0, 0))
        for segment in strip:
            if segment.style is not None:
                colours.update(c for c in (segment.style.color, segment.style.bgcolor) if c is not None)
    return colours


async def battle_with_a_piece_selected(pilot):
    await pilot.press("n", "enter")
    await settle(pilot)
    await pilot.press("tab")
    assert isinstance(pilot.app.screen, BattleScreen)
    return pilot.app.screen


@playtest
async def test_only_the_sixteen_terminal_colours_are_used(saves):
    """Over SSH the colour depth is unknown: every colour drawn is one of the 16 ANSI colours or default."""
    app = HexfrontApp(computer_delay=0, battle_seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        await battle_with_a_piece_selected(pilot)
        colours = screen_colours(app)
    assert len(colours) > 3  # the map really is in colour
    wide = [c for c in colours if c.type.name not in ("DEFAULT", "STANDARD") or (c.number or 0) > 15]
    assert wide == []


@playtest
async def test_no_color_leaves_no_colour_but_side_and_state_still_show(saves, monkeypatch):
    """NO_COLOR: nothing is coloured, yet each piece's side shows by letter case and Down by a mark."""
    monkeypatch.setenv("NO_COLOR", "1")
    app = HexfrontApp(computer_delay=0, battle_seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.no_color
        screen = await battle_with_a_piece_selected(pilot)
        assert {c.type.name for c in screen_colours(app)} <= {"DEFAULT"}
        hexmap = screen.query_one(HexMap)
        first = screen.home_side  # the side at this keyboard
        assert first == next(s for s, who in screen.session.battle.setup.players.items() if who == "human")
        pieces = [p for p in screen.board.pieces if p.at is not None and p.aboard is None]
        assert {p.side for p in pieces} == {s.id for s in screen.board.sides}
        for p in pieces:
            col, row = axial_to_offset(p.at)
            cells = hexmap._cells(row)
            letter = cells[2 * col + (row & 1) + 1][0]
            assert letter == (p.glyph.upper() if p.side == first else p.glyph.lower()), p
        # no piece is Down at the start: lay one of the other side's Down and the map shows it by its mark
        down = next(p for p in pieces if p.side != first)
        board = attrs.evolve(screen.board, pieces=tuple(attrs.evolve(p, marks="d", state="Down") if p is down else p
                                                        for p in screen.board.pieces))
        hexmap.show(board)
        await pilot.pause()
        col, row = axial_to_offset(down.at)
        cells = hexmap._cells(row)
        assert cells[2 * col + (row & 1) + 1][0] == down.glyph.lower()
        assert cells[2 * col + (row & 1) + 2][0] == "d"
        assert {c.type.name for c in screen_colours(app)} <= {"DEFAULT"}


def test_side_case_and_state_marks_on_the_map_cells():
    """A Down model carries a 'd' beside its letter; your side is upper case and the other lower case,
    whichever side of the scenario is yours."""
    from hexfront.engine.core.hexes import Hex
    from hexfront.engine.core.view import BoardView, Piece, SideInfo

    board = BoardView(cols=4, rows=2, terrain={Hex(q, r): "." for q in range(-1, 5) for r in range(2)},
                      legend=(), sides=(SideInfo("a", "A"), SideInfo("b", "B")),
                      pieces=(Piece("a1", "a", "R", "Rifle", Hex(0, 0), marks="d", state="Down"),
                              Piece("b1", "b", "T", "Tank", Hex(2, 0), facing=0)))
    hexmap = HexMap()
    hexmap.board = board
    hexmap._side_index = {"a": 0, "b": 1}
    hexmap._pieces_at = {p.at: p for p in board.pieces}
    hexmap.home_side = "a"
    assert "".join(ch for ch, _ in hexmap._cells(0)) == " Rd. t>.  "
    hexmap.home_side = "b"  # the learner commands the scenario's second side: it is upper case now
    assert "".join(ch for ch, _ in hexmap._cells(0)) == " rd. T>.  "


def test_the_cursor_never_hides_a_pieces_marks():
    """The cursor's brackets go only in empty slots; the hex under it is drawn in reverse."""
    from hexfront.engine.core.hexes import Hex
    from hexfront.engine.core.view import BoardView, Piece, SideInfo

    board = BoardView(cols=4, rows=1, terrain={Hex(q, 0): "." for q in range(4)}, legend=(),
                      sides=(SideInfo("a", "A"), SideInfo("b", "B")),
                      pieces=(Piece("a1", "a", "R", "Rifle", Hex(1, 0), marks="d", state="Down"),
                              Piece("b1", "b", "T", "Tank", Hex(3, 0), facing=3)))
    hexmap = HexMap()
    hexmap.board = board
    hexmap._side_index = {"a": 0, "b": 1}
    hexmap._pieces_at = {p.at: p for p in board.pieces}
    hexmap.home_side = "a"
    assert "".join(ch for ch, _ in hexmap._cells(0)) == " . Rd.<t  "
    on_rifle = hexmap.cursor_cells(0, 1)
    assert "".join(ch for ch, _ in on_rifle) == " .[Rd.<t  "  # the Down mark stays; one bracket shows
    assert on_rifle[3][1].reverse
    on_tank = hexmap.cursor_cells(0, 3)
    assert "".join(ch for ch, _ in on_tank) == " . Rd.<t] "  # its facing stays on the left
    assert on_tank[7][1].reverse
    on_open = hexmap.cursor_cells(0, 0)
    assert "".join(ch for ch, _ in on_open) == "[.]Rd.<t  " and on_open[1][1].reverse
