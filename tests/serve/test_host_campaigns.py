"""A campaign against the computer through a real ``hexfront serve``, played by keys at 80 x 24: started from
the menu's new-battle form, autosaved in the player's own folder after every order, the connection cut
mid-battle, and found again in the lobby by the same key, where Enter continues it where it was. The
campaign's file lands in that player's folder and nowhere else, whatever the client's user name and
environment say."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path

import pytest
from hostkit import QUIT, Host, Seat

from hexfront.engine.core.campaignfile import load_campaign
from hexfront.engine.core.system import all_systems, get_system
from hexfront.tui.serve.keys import player_folder

ENTER, RIGHT, UP, PASS = b"\r", b"\x1b[C", b"\x1b[A", b"."
CAMPAIGN_LINE = "Campaign: The Mill Race (JTS RatFight)"


@pytest.fixture(scope="module")
def host(tmp_path_factory):
    """One host for this file's tests (each uses keys of its own)."""
    running = Host(tmp_path_factory.mktemp("host") / "data").start()
    try:
        yield running
    finally:
        running.stop()


class Visitor(Seat):
    """One key's visits to ``host``."""

    def __init__(self, host: Host) -> None:
        super().__init__()
        self.host = host

    @property
    def saves(self) -> Path:
        return self.host.data / "players" / player_folder(self.key.get_fingerprint("sha256")) / "saves"

    async def visit(self, username: str = "player", env: dict[str, str] | None = None) -> None:
        """Connect with the key (as ``username``, sending ``env``: neither may matter)."""
        await self.open(self.host.port, username, env)

    async def first_visit(self, name: str, username: str = "player", env: dict[str, str] | None = None) -> None:
        await self.visit(username, env)
        await self.name_this_key(name)

    async def start_mill_race(self) -> None:
        """The menu's new-battle form: RatFight on the first row, then Play (the last row) set to the Mill Race
        campaign; Enter starts its first battle against the computer."""
        mark = self.send(b"n")
        await self.wait("New battle", mark)
        ratfight = get_system("ratfight")
        for _ in range(list(all_systems()).index("ratfight")):
            mark = self.send(RIGHT)
            await self.wait("Rule system <", mark)
        # the form is RatFight's once its scenario row is (the system row turns before the rows are rebuilt)
        first = next(s.title for s in ratfight.scenarios() if s.name == ratfight.default_scenario())
        await self.wait(f"< {first} >", mark)
        mark = self.send(UP)  # Up from the first row wraps to the last: Play
        await self.wait("> Play", mark)
        mark = self.send(RIGHT)
        await self.wait("campaign: The Mill Race", mark)
        mark = self.send(ENTER)
        await self.wait("mill_race_1_ford", mark)  # the battle's status line
        mark = self.send(b"+", b"+")  # the computer's pace from normal to instant, kept in the player's settings
        await self.wait("instant", mark)

    def orders(self) -> int:
        """Orders in the battle in play of the campaign file on the player's autosave (0 before it is written)."""
        path = self.saves / "autosave.json"
        if not path.is_file():
            return 0
        return len(json.loads(path.read_text())["current"]["commands"])

    async def give_order(self) -> int:
        """Pass (. then Enter) until the autosave holds one order more than before (the computer may be
        thinking when the keys arrive); returns how many it holds then."""
        before = self.orders()
        for _ in range(20):
            self.send(PASS, ENTER)
            deadline = time.monotonic() + 3
            while time.monotonic() < deadline:
                if self.orders() > before:
                    return self.orders()
                await asyncio.sleep(0.05)
        raise AssertionError(f"no order given after 20 tries; the screen:\n{self.term.text()[-2000:]}")


def test_a_campaign_survives_a_dropped_connection_and_continues_from_the_lobby(host):
    camper = Visitor(host)

    async def play() -> list[object]:
        await camper.first_visit("Camper")
        await camper.start_mill_race()
        assert camper.orders() == 0 and (camper.saves / "autosave.json").is_file()  # written as it starts
        first = await camper.give_order()
        second = await camper.give_order()
        assert 0 < first < second  # written after every order, not at the end
        assert camper.conn is not None
        camper.conn.abort()  # the connection cut mid-battle, without a goodbye
        for _ in range(200):
            if not host.games(camper.key):
                break
            await asyncio.sleep(0.05)
        assert not host.games(camper.key)
        kept = json.loads((camper.saves / "autosave.json").read_text())["current"]["commands"]
        assert len(kept) >= second

        await camper.visit()  # the same key, a new connection: the lobby lists the campaign
        await camper.wait("New battle")
        mark = camper.send(b"h")
        # the line under the campaign's name, not the name alone: a frame may reach the client in parts
        lobby = await camper.wait("battle 1 of 3, in play, last played", mark)
        assert CAMPAIGN_LINE in " ".join(lobby.split())
        mark = camper.send(ENTER)  # the campaign is the first of the player's battles
        await camper.wait(f"order {len(kept)} ", mark)  # the status line: back where the battle was
        resumed = await camper.give_order()
        assert resumed > len(kept)
        camper.send(QUIT)
        assert camper.chan is not None
        await asyncio.wait_for(camper.chan.wait_closed(), 10)
        return kept

    kept = asyncio.run(play())
    host.wait_no_games(camper.key)
    campaign = load_campaign(camper.saves / "autosave.json")  # every battle replays and verifies
    assert campaign.spec.name == "mill_race" and campaign.current is not None
    now = json.loads((camper.saves / "autosave.json").read_text())["current"]["commands"]
    assert now[:len(kept)] == kept and len(now) > len(kept)  # nothing lost, and it went on


def files_under(root: Path) -> dict[Path, int]:
    """Every file under ``root`` with its time of last change (ns)."""
    return {p: p.stat().st_mtime_ns for p in root.rglob("*") if p.is_file()}


def test_the_campaign_file_lands_in_the_players_folder_only(host, tmp_path):
    """A user name that climbs folders and a client environment naming another saves folder change nothing:
    the campaign is written to the key's own folder on the host, and nothing else changes but the host's record."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    visitor = Visitor(host)
    before = files_under(host.data)

    async def play() -> None:
        await visitor.first_visit("Wanderer", username="../../elsewhere",
                                  env={"HEXFRONT_SAVES": str(elsewhere), "HOME": str(elsewhere)})
        await visitor.start_mill_race()
        await visitor.give_order()
        visitor.send(QUIT)
        assert visitor.chan is not None
        await asyncio.wait_for(visitor.chan.wait_closed(), 10)

    asyncio.run(play())
    host.wait_no_games(visitor.key)
    after = files_under(host.data)
    changed = {p for p, stamp in after.items() if before.get(p) != stamp}
    record = {p for p in changed if p.parent == host.data and p.name.startswith("host.sqlite3")}
    mine = {p for p in changed if visitor.saves in p.parents}
    assert changed == record | mine, sorted(map(str, changed - record - mine))
    assert (visitor.saves / "autosave.json") in mine
    assert load_campaign(visitor.saves / "autosave.json").spec.name == "mill_race"
    assert list(elsewhere.iterdir()) == [] and not (host.data.parent / "elsewhere").exists()
