"""Disrupter's vehicles (this game's own) in the TUI, played as a user plays: the scout car on the map as a V
with its facing mark beside it, the legend saying so, and a Drive given by keys: the car, Drive, a hex, the
variant that reads its templates and facing, its odds, confirm; the map then shows it there, turned."""

from __future__ import annotations

import copy
import sys
from pathlib import Path

from tuikit import cursor_to, playtest, screen_lines, screen_text, settle

from hexfront.engine.systems.disrupter import commands as C
from hexfront.tui.app import HexfrontApp
from hexfront.tui.orders import ACTION, CONFIRM, TARGET, VARIANT
from hexfront.tui.session import Session

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "disrupter"))

import diskit as K  # noqa: E402

HUMANS = {"red": "human", "blue": "human"}


def car_session() -> Session:
    """Red's Alpha lead is a Runner scout car with its NCO aboard, in Red's Group 1 movement step."""
    starter = copy.deepcopy(K.base_content()["platoons"]["starter"])
    starter["squads"][0]["teams"][0]["units"] = ["officer:runner:turret_gun", "soldier:runner:rifle"]
    b = K.battle(place={"red-a1": (6, 6)}, platoons={"starter": starter})
    K.goto(b, "g1", "red", "move")
    b.setup.players = dict(HUMANS)
    return Session(b)


@playtest
async def test_the_car_is_a_v_with_its_facing_and_drives_by_keys():
    the_app = HexfrontApp(computer_delay=0, battle_seed=7)
    async with the_app.run_test(size=(120, 40)) as pilot:
        pilot.app.open_session(car_session())
        await settle(pilot)
        screen = the_app.screen
        battle = screen.session.battle
        hexmap = screen.query_one("#map")
        car = battle.state.teams["red-a1"]
        piece = next(p for p in screen.system.board(battle.state).pieces if p.id == "red-a1")
        assert (piece.glyph, piece.facing) == ("V", 1) and "facing NE" in piece.state
        assert any("V/" in line for line in screen_lines(the_app))  # the V, its NE mark to its right
        assert "V a vehicle" in screen.legend().plain
        await cursor_to(pilot, hexmap, car.pos)
        await pilot.press("enter")
        editor = screen.editor
        assert editor.level == ACTION and editor.unit == "red-a1", editor.menu()
        assert "Drive" in editor.menu() and "Move" not in editor.menu()
        await pilot.press(str(editor.page_entries().index("Drive") + 1))
        assert editor.level == TARGET
        ahead = car.pos.neighbour(1)
        await cursor_to(pilot, hexmap, ahead)
        await pilot.press("enter")
        if editor.level == VARIANT:
            labels = editor.menu()
            assert all("drives" in label and "facing" in label for label in labels), labels
            pick = next(i for i, label in enumerate(labels) if "facing NW" in label)
            await pilot.press(str(pick + 1))
        assert editor.level == CONFIRM
        await pilot.pause()
        chosen = editor.chosen.command
        assert isinstance(chosen, C.Drive)
        assert "every slide holds" in screen_text(the_app)
        await pilot.press("enter")
        await settle(pilot)
        car = battle.state.teams["red-a1"]
        assert car.pos == ahead and car.facing == 2 and car.moved
        assert any("\\V" in line for line in screen_lines(the_app))  # now its NW mark to its left
        assert "Traceback" not in screen_text(the_app)
