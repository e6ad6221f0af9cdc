"""Issue 21, looks and layout: one way to write a hex, panels that use a wider terminal, pieces that never
look like terrain with a legend key, your side upper case in every system, and the cosmetic snags."""

from __future__ import annotations

import pytest
from tuikit import cursor_to, playtest, region_text, screen_lines, screen_text, settle

from hexfront.engine.core.hexes import hex_label
from hexfront.engine.core.players import HUMAN
from hexfront.engine.core.system import all_systems
from hexfront.tui.app import HexfrontApp, scenario_sides
from hexfront.tui.screens.battle import BattleScreen
from hexfront.tui.screens.legend import LegendScreen
from hexfront.tui.widgets.hexmap import HexMap
from hexfront.tui.widgets.panes import DiceLog, InfoLine

FIRST_SCENARIO = {sid: system.scenarios()[0].name for sid, system in sorted(all_systems().items())}


def make_app(**kw) -> HexfrontApp:
    return HexfrontApp(computer_delay=0, battle_seed=7, **kw)


async def start(pilot, system_id: str, scenario: str, human: int | None = 0) -> BattleScreen:
    """A battle with side ``human`` (by scenario order) at this keyboard and the computer on the others;
    ``human`` None: every side at this keyboard."""
    sides = [s.id for s in scenario_sides(system_id, scenario)]
    pilot.app.start_battle(system_id, scenario, players={
        s: HUMAN if human is None or i == human else "default" for i, s in enumerate(sides)})
    await settle(pilot)
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, BattleScreen)
    return screen


# -- item 7: one coordinate system --------------------------------------------------------------------

@pytest.mark.parametrize("system_id", sorted(FIRST_SCENARIO))
@playtest
async def test_a_hex_reads_the_same_in_the_order_log_and_the_cursor_panel(saves, system_id):
    """The first order naming a hex (a deployment, a move) is written with it on the status line (a
    secret Skirmishes order only in the log, once revealed); the log (what replay --text prints) writes
    it so, and the cursor panel on that hex writes it the same way: (column,row) from (0,0)."""
    app = make_app()
    async with app.run_test(size=(160, 48)) as pilot:
        screen = await start(pilot, system_id, FIRST_SCENARIO[system_id], human=None)  # no computer
        system, session = screen.system, screen.session

        def with_hex(command) -> bool:
            parts = system.order_parts(session.state, command)
            return parts.target is not None and hex_label(parts.target) in (
                system.describe_command(command, session.state) + parts.label)

        for _ in range(40):
            legal = session.battle.legal_commands()
            if any(with_hex(c) for c in legal):
                break
            screen.give(legal[0])
            await settle(pilot)
        command = next(c for c in legal if with_hex(c))
        at = system.order_parts(session.state, command).target
        written = hex_label(at)
        given = len(session.battle.log)
        screen.give(command)
        await settle(pilot)
        await pilot.pause()
        if system_id != "skirmishes":
            assert written in screen_lines(app)[-2]  # the status line: the order just given
        for _ in range(30):  # a secret order (Skirmishes) is carried out when the round's orders are revealed
            told = [system.describe(e, session.state) for evs in session.battle.events[given:] for e in evs]
            if any(written in t for t in told) or session.battle.outcome() is not None:
                break
            legal = session.battle.legal_commands()
            screen.give(next((c for c in legal if system.order_parts(session.state, c).action == "Hold"), legal[0]))
            await settle(pilot)
        assert any(written in t for t in told), told  # the log (and replay --text) writes it the same way
        await cursor_to(pilot, screen.query_one(HexMap), at)
        await pilot.pause()
        panel = region_text(app, screen.query_one(InfoLine))
        assert panel[0].startswith(written + " "), panel


# -- item 12: panels grow with the terminal ------------------------------------------------------------

@playtest
async def test_the_side_panels_widen_with_the_terminal_and_the_whole_map_shows_when_it_can(saves):
    widths = {}
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(pilot, "dustup", "meeting")
        need = 2 * screen.board.cols + 3  # two characters a hex, the scroll bar
        for size in ((80, 24), (120, 30), (160, 48)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            await pilot.pause()
            side = screen.query_one("#side-column").size.width
            widths[size] = side
            if size != (80, 24):
                assert screen.query_one("#map-column").size.width >= need, size  # no map column left empty
    assert widths[(80, 24)] < widths[(120, 30)] < widths[(160, 48)]
    assert widths[(80, 24)] >= 29 and widths[(120, 30)] >= 120 - need - 1


def test_side_width_gives_every_column_the_map_does_not_need_to_the_side():
    from hexfront.tui.layout import side_width

    assert side_width(80, 24, 30) == 29  # a big board at 80 x 24: the side column at its narrowest
    assert side_width(120, 30, 30) == 120 - 63  # the whole 30-hex board, the rest to the side
    assert side_width(120, 30, 12) == 120 - 54  # a small board: the map keeps 45% for its cursor panel
    assert side_width(160, 48, 30) == 160 - 72
    assert side_width(400, 100, 12) == 100  # never wider than that
    for cols in (8, 12, 13, 24, 30):  # a wider terminal never narrows it
        widths = [side_width(w, 24 if w < 110 else 40, cols) for w in range(80, 240)]
        assert widths == sorted(widths), cols


@pytest.mark.parametrize("size", [(80, 24), (120, 30), (160, 48)])
@playtest
async def test_dice_log_entries_are_shown_whole(saves, size):
    """Every entry in view reads whole: its rows, joined, are the entry's text and rule; an entry that
    fits the pane's width takes one row."""
    app = make_app()
    async with app.run_test(size=size) as pilot:
        screen = await start(pilot, "ratfight", "ditch")
        await pilot.press("full_stop", "enter")  # pass: the computer answers with cards turned and shots
        await settle(pilot)
        await pilot.pause()
        log = screen.query_one(DiceLog)
        rows = region_text(app, log)
        width = log.scrollable_content_region.width
        entries = list(reversed(log.entries))
        row = 0
        checked = 0
        for entry in entries:
            whole = entry.text + (f" [{entry.rule}]" if entry.rule else "")
            taken = log._starts[checked + 1] - log._starts[checked]
            if row + taken > len(rows):
                break
            shown = " ".join(r.strip() for r in rows[row:row + taken])
            assert shown == f"{entry.command} {whole}", (size, shown)
            if len(whole) + DiceLog.INDENT <= width:
                assert taken == 1, (size, whole)
            row += taken
            checked += 1
        assert checked >= 2, rows


# -- item 13: pieces never look like terrain; your side; the legend key -------------------------------

@playtest
async def test_your_side_is_upper_case_in_the_skirmishes_tutorial_where_you_are_the_second_side(saves):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_tutorial("skirmishes", "tutorial")
        await settle(pilot)
        while not isinstance(app.screen, BattleScreen):
            await pilot.press("enter")
            await pilot.pause()
        screen = app.screen
        assert screen.home_side == "blue" != screen.board.sides[0].id
        hexmap = screen.query_one(HexMap)
        seen = set()
        for p in screen.board.pieces:
            if p.at is None or p.aboard is not None:
                continue
            from hexfront.engine.core.hexes import axial_to_offset

            col, row = axial_to_offset(p.at)
            letter = hexmap._cells(row)[2 * col + (row & 1) + 1][0]
            assert letter == (p.glyph.upper() if p.side == "blue" else p.glyph.lower()), p
            seen.add(p.side)
        assert seen == {"red", "blue"}


@pytest.mark.parametrize("system_id", sorted(FIRST_SCENARIO))
@playtest
async def test_the_legend_key_names_every_sign_beside_the_map(saves, system_id):
    """L: the map stays in view and the legend names your side's case, each terrain sign on this board,
    each piece letter drawn, and the marks; Esc goes back to the battle."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(pilot, system_id, FIRST_SCENARIO[system_id], human=1)
        board = screen.board
        await pilot.press("L")
        await pilot.pause()
        assert isinstance(app.screen, LegendScreen)
        legend = app.screen.text.plain
        mine = next(s.name for s in board.sides if s.id == screen.home_side)
        assert f"{mine} (yours): UPPER case" in legend
        for key in board.legend:
            assert f"{key.glyph}  {key.name}" in legend
        for p in board.pieces:
            if p.at is not None:
                letter = p.glyph.upper() if p.side == screen.home_side else p.glyph.lower()
                assert f"{letter}  " in legend and p.name in legend or "more" in legend
        assert "Marks" in legend and "the cursor" in legend
        shown = screen_lines(app)
        battle_map = screen.query_one(HexMap)
        copy = app.screen.query_one(HexMap)
        for y in range(3):  # the map's first rows, drawn again beside the legend
            assert "".join(ch for ch, _ in copy._cells(y)) == "".join(ch for ch, _ in battle_map._cells(y))
        assert "Legend" in shown[0] and "Map" in shown[0]
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen


def test_the_legend_counts_pieces_that_share_a_name_once():
    """A carrier's three Hornet drones are one entry with their number, not the same name three times; a
    piece's name stands alone (the id is the map's business, not the legend's)."""
    from hexfront.engine.core.view import BoardView, Piece, SideInfo
    from hexfront.tui.widgets.legend import piece_lines

    pieces = tuple(Piece(id=f"D{i}", side="red", glyph="d", name="Hornet drone", at=(i, 0)) for i in range(3))
    pieces += (Piece(id="M4", side="red", glyph="c", name="Hive", at=(0, 1)),
               Piece(id="A1", side="blue", glyph="c", name="Crusher", at=(5, 5)))
    board = BoardView(cols=8, rows=8, terrain={}, legend=(), pieces=pieces,
                      sides=(SideInfo("red", "Meridian Guard"), SideInfo("blue", "Ashen Compact")))
    assert piece_lines(board, "red") == ["C  Hive", "D  Hornet drone (3)", "c  Crusher"]


# -- item 14: cosmetics --------------------------------------------------------------------------------

@pytest.mark.parametrize("ascii_look", [False, True])
@playtest
async def test_footer_keys_never_overprint_the_palette_key(saves, ascii_look):
    app = make_app(ascii_look=ascii_look)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for _ in range(2):  # the menu, then a battle
            footer = screen_lines(app)[-1]
            assert footer.rstrip().endswith("^p palette"), footer
            before = footer[:footer.index("^p palette")].rstrip(" " + chr(0x258F))
            # whole keys only: the text before the palette key ends with a complete description
            descriptions = {binding.description for _, binding, _, _ in app.screen.active_bindings.values()}
            assert any(before.endswith(" " + d) for d in descriptions if d), footer
            await pilot.press("n", "enter")
            await settle(pilot)


@playtest
async def test_the_palette_lists_quit_once_and_nothing_that_leaves_the_plain_look(saves):
    app = make_app(ascii_look=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", "enter")
        await settle(pilot)
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert titles.count("Quit") == 1 and "Legend" in titles
        assert not {"Theme", "Keys", "Screenshot", "Copy selected text"} & set(titles)
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press("q", "u", "i")
        await pilot.pause()
        await pilot.pause()
        text = screen_text(app)
        assert text.count("Quit") == 1, text
        assert all(ord(ch) < 127 for ch in text)


def test_odds_figures_line_up_their_bars():
    from hexfront.engine.core.view import Chance, OrderPreview
    from hexfront.tui.widgets.odds import odds_text

    preview = OrderPreview(summary="a shot", odds=(Chance("a kill", 0.003), Chance("a wound", 0.3),
                                                   Chance("a miss", 0.697), Chance("certain", 1.0)))
    rows = odds_text(preview).plain.splitlines()[1:5]
    # the figure in columns 0-4, the ten-character bar in 6-15, the outcome from 17
    assert all(r[5] == " " and set(r[6:16]) <= set("#.") and r[16] == " " for r in rows), rows
    assert rows[0].startswith(" 0.3% ") and rows[3].startswith(" 100% ")


def test_an_order_with_no_hex_asks_which_without_a_place():
    """'Spend luck: which?', not 'Spend luck at off the map: which?'."""
    from rich.text import Text

    from hexfront.tui.orders import VARIANT
    from hexfront.tui.widgets.panes import OrderPane

    class Editor:
        level, action, target = VARIANT, "Spend luck", None

        def page_entries(self):
            return ["spend 1 luck", "spend 2 luck"]

        def pages(self):
            return 1

    pane = OrderPane()
    shown: list[Text] = []
    pane.update = shown.append
    pane.show_editor(Editor(), lambda unit: "", None)
    assert shown[0].plain.startswith("Spend luck: which?\n")


@playtest
async def test_a_full_dice_log_scrolls_over_every_entry_after_new_ones(saves):
    """Once the dice log overflows its pane, new entries still come in at the top and the log scrolls over
    all of them: End (in the log) brings the oldest entry into view, Home the newest."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(pilot, "ratfight", "ditch")
        log = screen.query_one(DiceLog)
        window = log.scrollable_content_region.height
        for _ in range(6):  # passes: the computer answers with cards turned and shots
            if log._starts[-1] > window + 2:
                break
            await pilot.press("full_stop", "enter")
            await settle(pilot)
        assert log._starts[-1] > window, "the log should overflow its pane"
        before = len(log.entries)
        await pilot.press("full_stop", "enter")  # entries added to a log already overflowing
        await settle(pilot)
        await pilot.pause()
        assert len(log.entries) > before
        assert log.max_scroll_y == log._starts[-1] - log.scrollable_content_region.height
        newest = log.entries[-1]
        assert region_text(app, log)[0].strip().startswith(f"{newest.command} {newest.text[:20]}")
        await pilot.press("d", "end")
        await pilot.pause()
        oldest = log.entries[0]
        assert any(row.strip().startswith(f"{oldest.command} {oldest.text[:20]}")
                   for row in region_text(app, log)), region_text(app, log)
        await pilot.press("home")
        await pilot.pause()
        assert region_text(app, log)[0].strip().startswith(f"{newest.command} {newest.text[:20]}")
