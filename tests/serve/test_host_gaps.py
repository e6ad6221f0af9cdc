"""The host's limits that live in the game process and the store: battles per player (the lobby refuses
one more, in one line), a watcher of a moving battle is not idle, and a game past its memory ends with
one line instead of a traceback."""

from __future__ import annotations

import asyncio
import time

import pytest
from storekit import keyed, open_two_player, private_saves
from tuikit import playtest, screen_text

from hexfront.engine.core.errors import HexfrontError
from hexfront.tui.serve import session
from hexfront.tui.serve.limits import HostLimits
from hexfront.tui.serve.screens.lobby import LobbyScreen
from hexfront.tui.serve.server import ENV_FLOOD, MAX_ENV, Host, HostConfig, PlayerSession
from hexfront.tui.serve.store import open_store
from hexfront.tui.serve.visit import MAX_BATTLES, HostVisit

pytestmark = pytest.mark.usefixtures(private_saves.__name__)


def visit_app(data, key: str, max_battles: int):
    store = open_store(data)
    visit = HostVisit(store, key, "127.0.0.1", store.player_for_key(key), max_battles=max_battles)
    return session.hosted_app(visit)


@playtest
async def test_the_lobby_refuses_a_battle_past_the_players_limit_in_one_line(tmp_path):
    store = open_store(tmp_path)
    open_two_player(store, "ratfight", "ditch")  # Alice and Bob sit in one unfinished battle
    carol = keyed(store, "Carol")
    carols = store.open_battle(carol.id, "rats", system="ratfight", scenario="ditch", seed=1, options={},
                      undo_policy="practice", sides=["rats", "stoats"])
    app = visit_app(tmp_path, "SHA256:Alicekey", max_battles=1)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("h")
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
        await pilot.press("o")  # open one more: refused
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
        assert "cannot open a battle: you sit in 1 unfinished battles, the most this host allows" in \
            " ".join(screen_text(app).split())
        app.screen.enter("join", carols)  # join Carol's (the lobby's Enter on its row): refused too
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
        assert "cannot join" in " ".join(screen_text(app).split())
    assert store.unfinished_battles(store.player_for_key("SHA256:Alicekey").id) == 1  # nothing joined


def test_max_battles_and_orders_per_second_go_from_the_command_line_to_every_game(tmp_path):
    host = Host(HostConfig("127.0.0.1", 2222, tmp_path, HostLimits(max_battles=3, orders_per_second=7)), None)
    command = host.game_command("SHA256:abc", "127.0.0.1")
    assert command[command.index("--max-battles") + 1] == "3" and str(tmp_path) in command
    assert command[command.index("--orders-per-second") + 1] == "7"
    defaults = session.parse(["--data", "d", "--key", "SHA256:x"])
    assert defaults.max_battles == MAX_BATTLES == HostLimits().max_battles
    assert defaults.orders_per_second == HostLimits().orders_per_second == 5
    with pytest.raises(HexfrontError, match="--max-battles 0 is out of range"):
        HostLimits(max_battles=0).check()
    with pytest.raises(HexfrontError, match="--orders-per-second 5000 is out of range"):
        HostLimits(orders_per_second=5000).check()


def test_a_watcher_is_kept_while_the_battle_they_watch_moves(tmp_path):
    store = open_store(tmp_path)
    battle_id, *_ = open_two_player(store, "ratfight", "ditch")
    wendy = keyed(store, "Wendy")
    store.touch(wendy.id, f"watching battle {battle_id}")
    assert store.watching_moving("SHA256:Wendykey", time.time() - 60)  # joined a moment ago: it moved
    assert not store.watching_moving("SHA256:Wendykey", time.time() + 1)  # nothing since then
    store.touch(wendy.id, "in the lobby")
    assert not store.watching_moving("SHA256:Wendykey", time.time() - 60)  # not watching: idle as anyone
    store.touch(wendy.id, f"watching battle {battle_id}")
    store.finish(battle_id, "a draw")
    assert not store.watching_moving("SHA256:Wendykey", time.time() - 60)  # a finished battle moves no more
    assert not store.watching_moving("SHA256:nobody", time.time() - 60)


@playtest
async def test_a_game_past_its_memory_in_a_handler_ends_with_status_3_not_a_traceback(tmp_path):
    store = open_store(tmp_path)
    keyed(store, "Alice")
    app = visit_app(tmp_path, "SHA256:Alicekey", max_battles=2)

    def grab() -> None:
        raise MemoryError

    async with app.run_test(size=(80, 24)):
        app.call_later(grab)
        for _ in range(100):
            if app.return_code is not None:
                break
            await asyncio.sleep(0.02)
    assert app.return_code == 3
    assert len(session.OUT_OF_MEMORY) < 80  # one line on the smallest screen the game takes


def test_a_game_past_its_memory_at_its_start_says_one_line(tmp_path, monkeypatch, capsys):
    def too_big(visit):
        raise MemoryError

    monkeypatch.setattr(session, "hosted_app", too_big)
    assert session.main(["--data", str(tmp_path), "--key", "SHA256:Alicekey"]) == 3
    out = capsys.readouterr()
    assert "Traceback" not in out.out + out.err
    assert session.OUT_OF_MEMORY in out.out and out.out.count(session.OUT_OF_MEMORY) == 1


class EnvChannel:
    """A channel that holds ``count`` environment variables (all ``check`` reads of it)."""

    def __init__(self, count: int) -> None:
        self.env = {f"VAR{i}".encode(): b"x" for i in range(count)}

    def get_environment_bytes(self) -> dict[bytes, bytes]:
        return self.env


@pytest.mark.parametrize(("count", "begun", "closed"), [
    (MAX_ENV, True, False),           # as many as allowed: the game goes on
    (MAX_ENV + 1, True, True),        # one more once started: closed
    (MAX_ENV + 1, False, False),      # one more while the requests still arrive: left to the session's start
    (ENV_FLOOD, False, False),
    (ENV_FLOOD + 1, False, True),     # environment without end before any session: cut off at the tick
])
def test_the_tick_closes_a_client_sending_environment_past_its_line(tmp_path, count, begun, closed):
    host = Host(HostConfig("127.0.0.1", 2222, tmp_path, HostLimits()), None)
    player = PlayerSession(host, "SHA256:abc", "127.0.0.1", conn=None)  # type: ignore[arg-type]
    player.chan = EnvChannel(count)  # type: ignore[assignment]
    player.begun = begun
    said: list[str] = []
    player._goodbye = said.append  # type: ignore[method-assign]
    player.check(time.monotonic())
    assert said == (["disconnected: too many environment variables sent"] if closed else [])
