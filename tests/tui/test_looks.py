"""The looks a terminal over SSH needs: plain ASCII, NO_COLOR, 16 colours, and side never by colour alone."""

from __future__ import annotations

from tuikit import playtest, screen_text, settle

from engine.core.battle import Battle
from tui.app import HexfrontApp
from tui.screens.battle import BattleScreen
from tui.screens.end import EndScreen
from tui.widgets.hexmap import HexMap


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
        seen["new battle"] = screen_text(app)
        await pilot.press("down", "right", "enter")  # the ditch
        await settle(pilot)
        seen["battle"] = screen_text(app)
        await pilot.press("tab", "1")
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
        for _ in range(200):  # pass to the end of the battle
            if isinstance(app.screen, EndScreen):
                break
            await pilot.press("full_stop", "enter")
            await settle(pilot)
        assert isinstance(app.screen, EndScreen)
        seen["end"] = screen_text(app)
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        seen["too small"] = screen_text(app)
    for name, text in seen.items():
        assert not non_ascii(text), f"{name}: {sorted(non_ascii(text))}\n{text}"


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


@playtest
async def test_no_color_still_tells_sides_and_states_apart(saves, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    app = HexfrontApp(computer_delay=0, battle_seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.no_color
        await pilot.press("n", "enter")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        text = screen_text(app)
        board = screen.board
        first, second = board.sides[0].id, board.sides[1].id
        letters = {p.side: p.glyph for p in board.pieces if p.at is not None and p.aboard is None}
        hexmap = screen.query_one(HexMap)
        rows = {}
        for p in board.pieces:
            if p.at is None or p.aboard is not None:
                continue
            strip = hexmap._row_strip(__import__("engine.core.hexes", fromlist=["x"]).axial_to_offset(p.at)[1])
            rows.setdefault(p.side, []).append("".join(seg.text for seg in strip))
        assert letters[first].isupper() and any(letters[first] in r for r in rows[first])
        assert any(letters[second].lower() in r for r in rows[second])
        assert "Map" in text


def test_side_case_and_state_marks_on_the_map_cells():
    """A Down model carries a 'd' beside its letter; the second side is drawn in lower case."""
    from engine.core.hexes import Hex
    from engine.core.view import BoardView, Piece, SideInfo

    board = BoardView(cols=4, rows=2, terrain={Hex(q, r): "." for q in range(-1, 5) for r in range(2)},
                      legend=(), sides=(SideInfo("a", "A"), SideInfo("b", "B")),
                      pieces=(Piece("a1", "a", "R", "Rifle", Hex(0, 0), marks="d", state="Down"),
                              Piece("b1", "b", "T", "Tank", Hex(2, 0), facing=0)))
    hexmap = HexMap()
    hexmap.board = board
    hexmap._side_index = {"a": 0, "b": 1}
    hexmap._pieces_at = {p.at: p for p in board.pieces}
    row = "".join(ch for ch, _ in hexmap._cells(0))
    assert row == " Rd. t>.  "
