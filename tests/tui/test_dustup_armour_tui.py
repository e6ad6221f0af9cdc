"""Dustup armour and support on screen: a tank's facing and details, a damaged carrier, a flying gunship,
a wreck, smoke and a target marker on the map, and the inbound chart in the activation pane; with
snapshots at 80 x 24 and 120 x 40.

After a deliberate change of look: pytest tests/tui/test_dustup_armour_tui.py --snapshot-update
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from tuikit import cursor_to, playtest, screen_lines, screen_text, settle

from hexfront.tui.app import HexfrontApp
from hexfront.tui.orders import ACTION
from hexfront.tui.session import Session

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "dustup"))
import dustkit as K  # noqa: E402

from hexfront.engine.systems.dustup import events as E  # noqa: E402
from hexfront.engine.systems.dustup.state import KILLED, feature_data  # noqa: E402

SIZES = [(80, 24), (120, 40)]
MAP = "\n".join([
    "................",
    "....**..........",
    "....**.....;;;..",
    "...........;;;..",
    "................",
    "........#.......",
    "................",
    "..,,............",
    "..,,............",
    "................",
])
BATTERY = dict(id="bat", name="Battery", kind="artillery", tier="battalion", size="large", ammo=["he"], missions=3)


def armour_session() -> Session:
    """Red: Tank One facing west at (7,2) (no mark, so its facing shows), a damaged carrier at (10,4)
    with Riders inside. Blue: an airborne gunship, Dog section, and a wrecked tank. Smoke at (3,5),
    a Red target marker at (12,7) with its mission in box 2 of the inbound chart, 2 chits."""
    b = K.battle(
        red=[dict(id="T", vehicle="mbt", at=[7, 2], facing=3, quality="veteran", name="Tank One"),
             dict(id="P", vehicle="apc", at=[10, 4], facing=1, name="Carrier"),
             K.unit("R", (10, 4), ["leader:rifle", "rifle*4"], name="Riders", **{"in": "P"}),
             K.unit("F", (1, 0), ["leader:rifle", "rifle*2"], name="Observers", fo=True)],
        blue=[dict(id="g", vehicle="gunship", at=[13, 6], facing=2, air="airborne", name="Gunship"),
              K.unit("d", (12, 8), ["leader:rifle", "rifle*5"], name="Dog Section"),
              dict(id="w", vehicle="mbt", at=[5, 8], facing=0, name="Blue Tank")],
        map=MAP, red_side=dict(support_chits=2, support=[BATTERY]))
    c = K.ctx(b)
    K.set_unit(b, "P", damage=1)
    for ev in (E.FigureChanged(unit="w", figure="w.0", status=KILLED, wounds=0, reason="test set-up"),
               E.FeaturePlaced(feature="smoke-1", kind="smoke", side="red", at=K.hx(3, 5),
                               data=feature_data(radius=1)),
               E.MissionPlaced(mission="m-2", side="red", kind="artillery", asset="bat", box=2,
                               target=K.hx(12, 7), observer="F", ammo="he"),
               E.FeaturePlaced(feature="target-3", kind="target", side="red", at=K.hx(12, 7), hidden=True,
                               data=feature_data(mission="m-2", dummy=0))):
        c.emit(ev)
    b.setup.players = {"red": "human", "blue": "human"}
    return Session(b)


def app() -> HexfrontApp:
    return HexfrontApp(computer_delay=0, battle_seed=7)


async def open_on_tank(pilot) -> None:
    """Select the tank (Enter on it), then move the cursor onto the smoke, off the tank's facing slot."""
    pilot.app.open_session(armour_session())
    await settle(pilot)
    screen = pilot.app.screen
    hexmap = screen.query_one("#map")
    await cursor_to(pilot, hexmap, screen.session.state.units["T"].pos)
    await pilot.press("enter")
    await cursor_to(pilot, hexmap, K.hx(3, 5))
    await pilot.pause()


@playtest
async def test_the_tank_its_facing_the_damage_the_smoke_and_the_inbound_chart_are_on_screen():
    the_app = app()
    async with the_app.run_test(size=(120, 40)) as pilot:
        await open_on_tank(pilot)
        screen = the_app.screen
        assert screen.editor.level == ACTION and screen.editor.unit == "T"
        lines = screen_lines(the_app)
        text = "\n".join(lines)
        # the map (row r is screen line r + 1): the tank's facing west drawn left of its letter, the
        # carrier's damage mark, the gunship flying (blue: lower case), the blue wreck, smoke, the target
        assert " .<V . " in lines[1 + 2], lines[3]
        # a marked vehicle shows both: the carrier faces north-east (right slot), so its damage mark
        # moves to the left; the gunship faces north-west (left slot) and keeps its mark on the right
        assert ".dV/." in lines[1 + 4], lines[5]
        assert ".\\aa. " in lines[1 + 6], lines[7]
        assert " xx. " in lines[1 + 8], lines[9]
        assert [lines[1 + r][:16].count("&") for r in (4, 5, 6)] == [2, 3, 2] and " + " in lines[1 + 7]
        # the orders pane: the tank's state in its heading, its details below the orders
        for words in ("Tank One [T], facing west", "armour front D12x3, side D12x2, rear D12",
                      "tank gun D10/D10"):
            assert words in text, words
        # under the cursor: the smoke
        assert "smoke (blocks sight" in text
        # the inbound chart and the chits in the activation pane
        assert "Red inbound - box 2: Battery" in text and "Red support: 2 chits" in text
        # the carrier under the cursor: its damage marker and passengers
        await cursor_to(pilot, screen.query_one("#map"), screen.session.state.units["P"].pos)
        await pilot.pause()
        info = screen.query_one("#info")
        r = info.content_region  # the cursor panel wraps a long line onto its next rows
        rows = [line[r.x:r.right].strip() for line in screen_text(the_app).splitlines()[r.y:r.bottom]]
        assert "Carrier [P], facing north-east, 1 damage marker, carrying Riders" in " ".join(rows), rows


@playtest
async def test_in_80_by_24_selecting_a_vehicle_tells_its_facing_and_damage():
    the_app = app()
    async with the_app.run_test(size=(80, 24)) as pilot:
        await open_on_tank(pilot)
        screen = the_app.screen
        text = screen_text(the_app)
        assert "Tank One [T], facing west" in text and " .<V . " in text
        assert "Red inbound - box 2:" in text  # the chart's first line leads the activation pane
        # the rest does not fit: the pane's title says how much is hidden, and a shows all of it
        assert "Activation (+" in text and "lines: a)" in text, text.splitlines()[0]
        await pilot.press("a")
        await pilot.pause()
        text = screen_text(the_app)
        assert "Activation, in full" in text
        for words in ("Red inbound - box 2: Battery (artillery, HE)", "Red support: 2 chits; Battery 2 left",
                      "Blue: 0 of 2 activated; to act: Gunship, Dog Section"):
            assert words in text, words
        await pilot.press("escape")
        await pilot.pause()
        assert "Activation, in full" not in screen_text(the_app)
        await pilot.press("escape")
        await cursor_to(pilot, screen.query_one("#map"), screen.session.state.units["P"].pos)
        await pilot.press("enter")
        await pilot.pause()
        assert screen.editor.unit == "P"
        text = screen_text(the_app)
        orders = screen.query_one("#orders").content_region  # the heading wraps in the pane: read it joined
        pane = " ".join(line[orders.x:orders.right].strip() for line in text.splitlines()[orders.y:orders.bottom])
        assert "Carrier [P], facing north-east, 1 damage marker" in pane, text
        assert "Traceback" not in text


@pytest.mark.parametrize("size", SIZES)
def test_dustup_armour_screen_with_the_tank_selected(snap_compare, size):
    assert snap_compare(app(), terminal_size=size, run_before=open_on_tank)


@playtest
async def test_the_tank_fires_its_gun_by_keys_and_the_shot_is_in_the_dice_log():
    """Armoured Dustup: Firing Heavy Weapons, played as a user does: select the tank, choose Fire
    weapon, point at Dog Section, pick the gun, read the preview, confirm; the dice log has the shot."""
    from hexfront.engine.core.events import DieRolled
    from hexfront.engine.systems.dustup.heavy import FireWeapon
    from hexfront.tui.orders import CONFIRM, TARGET, VARIANT

    async with app().run_test(size=(120, 40)) as pilot:
        pilot.app.open_session(armour_session())
        await settle(pilot)
        screen = pilot.app.screen
        battle = screen.session.battle
        hexmap = screen.query_one("#map")
        await cursor_to(pilot, hexmap, battle.state.units["T"].pos)
        await pilot.press("enter")
        editor = screen.editor
        assert editor.level == ACTION and editor.unit == "T"
        menu = editor.menu()
        assert "Fire weapon" in menu, menu
        await pilot.press(str(menu.index("Fire weapon") + 1))
        assert editor.level == TARGET
        await cursor_to(pilot, hexmap, battle.state.units["d"].pos)
        await pilot.press("enter")
        while editor.level == VARIANT:
            await pilot.press("1")
        assert editor.level == CONFIRM, screen.message
        order = editor.chosen.command
        assert isinstance(order, FireWeapon) and order.unit == "T" and order.target == "d"
        before = len(battle.log)
        await pilot.press("enter")
        await settle(pilot)
        assert len(battle.log) == before + 1 and battle.log[-1] == order
        rolled = [e for e in battle.events[-1] if isinstance(e, DieRolled)]
        assert len(rolled) >= 3, rolled  # the target die, the quality die and the weapon's firepower
        assert any("target die" in e.purpose for e in rolled)
        assert battle.state.units["T"].figures[int(order.weapons[0].split(".")[1])].fired
