"""30 Minute Missions in the TUI, played by keys: deployment chosen from the order editor, a mech's facing on
the map and its field of view highlighted when it is selected, the AP pool, phase and section damage on
screen; snapshots at 80 x 24 and 120 x 40.

After a deliberate change of look: pytest tests/tui/test_minutemissions_tui.py --snapshot-update
"""

from __future__ import annotations

import pytest
from tuikit import cursor_to, playtest, screen_lines, screen_text, settle

from hexfront.engine.core.battle import Battle
from hexfront.engine.systems.minutemissions import commands as C
from hexfront.tui.app import HexfrontApp
from hexfront.tui.orders import ACTION, BROWSE, CONFIRM, TARGET
from hexfront.tui.session import Session

SIZES = [(80, 24), (120, 40)]


def app() -> HexfrontApp:
    return HexfrontApp(computer_delay=0, battle_seed=7)


def humans(scenario: str = "ridge") -> dict[str, str]:
    b = Battle.new("minutemissions", scenario, seed=0)
    return {side: "human" for side in b.system.sides(b.state)}


def deployed_session() -> Session:
    """Both sides deploy (each unit to the middle of its choices), then the first player activates its first
    unit: its AP pool is rolled and its movement phase begins."""
    session = Session.new("minutemissions", "ridge", players=humans(), seed=3)
    b = session.battle
    while True:
        places = [c for c in b.legal_commands() if isinstance(c, C.Place)]
        if not places:
            break
        b.submit(places[len(places) // 2])
    b.submit(next(c for c in b.legal_commands() if isinstance(c, C.Activate)))
    return session


async def open_on_the_active_mech(pilot) -> None:
    pilot.app.open_session(deployed_session())
    await settle(pilot)
    await pilot.press("tab")
    await pilot.pause()


@playtest
async def test_a_mech_is_deployed_by_keys_from_the_order_editor():
    """Set-up: the units still to deploy are listed in the order editor (they are not on the map yet); one
    is picked with its number and put on a hex of the deployment area with Enter."""
    the_app = app()
    async with the_app.run_test(size=(80, 24)) as pilot:
        pilot.app.open_session(Session.new("minutemissions", "ridge", players=humans(), seed=3))
        await settle(pilot)
        screen = the_app.screen
        editor = screen.editor
        battle = screen.session.battle
        assert editor.level == BROWSE
        menu = editor.menu()
        assert menu and all(entry.startswith("Deploy ") for entry in menu), menu
        await pilot.press("1")
        assert editor.level == TARGET
        targets = sorted(editor.highlight_targets(), key=lambda h: (h.r, h.q))
        await cursor_to(pilot, screen.query_one("#map"), targets[0])
        await pilot.press("enter")
        assert editor.level == CONFIRM
        order = editor.chosen.command
        await pilot.press("enter")
        await settle(pilot)
        assert battle.log[-1] == order and battle.state.units[order.unit].at == targets[0]


@playtest
async def test_the_active_mech_shows_facing_field_of_view_ap_phase_and_sections():
    the_app = app()
    async with the_app.run_test(size=(120, 40)) as pilot:
        await open_on_the_active_mech(pilot)
        screen = the_app.screen
        editor = screen.editor
        state = screen.session.state
        assert editor.level == ACTION
        unit = state.units[editor.unit]
        text = screen_text(the_app)
        assert "movement phase, AP pool" in text and "Sections: head" in text, text
        # the facing mark beside its letter, on the side it faces
        piece = next(p for p in screen.board.pieces if p.id == unit.id)
        assert piece.facing == unit.facing
        hexmap = screen.query_one("#map")
        seen = {h for h, kind in hexmap.highlights.items() if kind == "sight"}
        assert seen and seen <= set(screen.system.visible_hexes(state, unit.id)), "field of view not highlighted"
        # deselect: the highlight goes with it
        await pilot.press("escape")
        await pilot.pause()
        assert not any(kind == "sight" for kind in hexmap.highlights.values())
        assert "Traceback" not in screen_text(the_app)


@playtest
async def test_turning_by_keys_changes_the_facing_drawn_on_the_map():
    """Movement: one free turn a movement phase; the map redraws the facing mark."""
    the_app = app()
    async with the_app.run_test(size=(80, 24)) as pilot:
        await open_on_the_active_mech(pilot)
        screen = the_app.screen
        editor = screen.editor
        battle = screen.session.battle
        unit_id = editor.unit
        before = battle.state.units[unit_id].facing
        assert "Turn" in editor.menu(), editor.menu()
        await pilot.press(str(editor.menu().index("Turn") + 1))
        assert editor.level == TARGET
        target = next(h for h in editor.highlight_targets())
        await cursor_to(pilot, screen.query_one("#map"), target)
        await pilot.press("enter")
        assert editor.level == CONFIRM
        order = editor.chosen.command
        await pilot.press("enter")
        await settle(pilot)
        after = battle.state.units[unit_id].facing
        assert isinstance(order, C.Turn) and after == order.facing != before
        assert any(p.id == unit_id and p.facing == after for p in screen.board.pieces)
        assert screen_lines(the_app)  # drew without error


@playtest
async def test_enter_on_a_hex_three_steps_away_walks_the_mech_there_and_z_takes_the_walk_back():
    """Movement: a mech steps a hex an order; Enter on a hex further off offers the walk there (the cheapest
    way, its steps and turns and the movement points it costs), given as its orders one after another; z takes
    the whole walk back and Z gives it again, as it was one choice."""
    the_app = app()
    async with the_app.run_test(size=(80, 24)) as pilot:
        await open_on_the_active_mech(pilot)
        screen = the_app.screen
        editor = screen.editor
        battle = screen.session.battle
        unit_id = editor.unit
        walks = {r.to: r for r in screen.system.routes(battle.state, unit_id)}
        far = max(walks, key=lambda h: (len(walks[h].steps), -h.r, -h.q))
        route = walks[far]
        assert far in editor.highlight_targets()  # marked on the map beside the single steps
        await cursor_to(pilot, screen.query_one("#map"), far)
        await pilot.press("enter")
        assert editor.level == CONFIRM and editor.chosen.command == route
        text = " ".join(screen_text(the_app).split())
        assert route.words.split(",")[0] in text and "movement point" in text, text
        given = len(battle.log)
        await pilot.press("enter")
        await settle(pilot)
        assert battle.log[given:] == list(route.steps)
        assert battle.state.units[unit_id].hex == far
        assert "(z takes it back)" in " ".join(screen_text(the_app).split())
        start = screen.session.battle.state_after(given)[0].units[unit_id].hex
        await pilot.press("z")
        await settle(pilot)
        assert len(battle.log) == given and battle.state.units[unit_id].hex == start != far
        assert f"took back {len(route.steps)} orders" in " ".join(screen_text(the_app).split())
        await pilot.press("Z")
        await settle(pilot)
        assert battle.log[given:] == list(route.steps) and battle.state.units[unit_id].hex == far
        await pilot.press("z")  # and back again, whole
        await settle(pilot)
        assert len(battle.log) == given


@pytest.mark.parametrize("size", SIZES)
def test_minutemissions_screen_with_the_active_mech_selected(snap_compare, size):
    assert snap_compare(app(), terminal_size=size, run_before=open_on_the_active_mech)
