"""50 players in 25 two-player battles on one ``hexfront serve``: orders per second the host holds, key to
the order on the other player's screen, nothing lost. Written into RESULTS.md by serve_bench.py
(``.venv/bin/python benchmarks/serve_bench.py --battles-only`` runs this part alone).

Each pair's battle (RatFight, Ditch Ambush, the shortest) is opened and joined in the store before the
players connect, so the lobby's first row is each player's own battle; everything after is keys, as a
player types them, over asyncssh at 80 x 24: the menu's h, Enter on the lobby row, then for each order
the mover's ``.`` (pass) and Enter. An order counts as acknowledged when the mover's status line shows it
("order N"); its latency is from writing the keys that gave it to the first byte of the frame on the
OTHER player's screen that shows "order N". Who moves is read from the store (a NetSession follows it,
as a watcher's game does). After the phases (idle, a human pace, as fast as the screens allow;
see PACE) the store is read: every acknowledged order must be there, and no other. Each phase also
counts the CPU seconds of the host process, the game processes and this client process (proc_cpu.py).
"""

from __future__ import annotations

import asyncio
import os
import re
import statistics
import time
from pathlib import Path

import asyncssh
from proc_cpu import CpuBook, Spent, game_pids

from hexfront.engine.core.battle import Battle
from hexfront.tui.serve.netplay import NetSession
from hexfront.tui.serve.store import open_store

PAIRS = 25
#: Three phases with the same players. First IDLE_SECONDS with every player in their battle and no order
#: (what 50 players cost while they think). Then a human pace: each pair gives an order every PACE seconds
#: (a fast wargamer reads the other's order, picks a piece and a hex in a few seconds; 3 s is quicker than
#: most, so the load is above what 50 real players make), the pairs' clocks spread evenly over the first
#: PACE seconds. Then every pair as fast as its screens allow (the host saturated).
IDLE_SECONDS, PACE, HUMAN_SECONDS, FLAT_SECONDS = 10.0, 3.0, 30.0, 30.0
CONNECT_AT_ONCE = 6  # game processes starting at once (each takes about half a second of a core)
SCENARIO = "convoy"  # 63 to 97 passes to its end: both phases fit
_ESC = re.compile(rb"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[()][0-9A-Za-z]|\x1b.")


def plain(data: bytes) -> str:
    return " ".join(_ESC.sub(b"", data).decode("utf-8", errors="replace").split())


class Screen(asyncssh.SSHClientSession[bytes]):
    """A client's terminal: the bytes, and when each chunk arrived."""

    def __init__(self) -> None:
        self.data = bytearray()
        self.arrivals: list[tuple[int, float]] = []  # (offset of the chunk's end, time)
        self.changed = asyncio.Event()

    def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
        self.data += data
        self.arrivals.append((len(self.data), time.perf_counter()))
        self.changed.set()

    def connection_lost(self, exc: Exception | None) -> None:
        self.changed.set()

    async def wait(self, words: tuple[str, ...], since: int, timeout: float = 30.0) -> tuple[str, float]:
        """The first of ``words`` to show after byte ``since``, and when the chunk that completed it came."""
        deadline = time.perf_counter() + timeout
        while True:
            text = plain(bytes(self.data[since:]))
            found = next((w for w in words if w in text), None)
            if found is not None:
                for end, at in self.arrivals:
                    if end > since and found in plain(bytes(self.data[since:end])):
                        return found, at
            if time.perf_counter() > deadline:
                raise TimeoutError(f"no {words} within {timeout} s: {text[-300:]}")
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), 0.5)
            except TimeoutError:
                pass


class Seat:
    def __init__(self, port: int, key: asyncssh.SSHKey) -> None:
        self.port, self.key = port, key
        self.screen = Screen()
        self.conn: asyncssh.SSHClientConnection | None = None
        self.chan: asyncssh.SSHClientChannel[bytes] | None = None

    async def sit(self, gate: asyncio.Semaphore) -> None:
        """Connect, h for the lobby, Enter on its own battle (the first row)."""
        async with gate:
            self.conn = await asyncssh.connect("127.0.0.1", self.port, username="bench", known_hosts=None,
                                               agent_path=None, config=None, client_keys=[self.key])
            self.chan, screen = await self.conn.create_session(Screen, term_type="xterm-256color",
                                                               term_size=(80, 24), encoding=None)
            assert isinstance(screen, Screen)
            self.screen = screen
            await self.screen.wait(("New battle",), 0)
        mark = self.send(b"h")
        await self.screen.wait(("Your battles",), mark)
        mark = self.send(b"\r")
        await self.screen.wait(("| order ",), mark)  # the battle screen's status line (either seat)

    def send(self, keys: bytes) -> int:
        mark = len(self.screen.data)
        assert self.chan is not None
        self.chan.write(keys)
        return mark


async def play_pair(follower: NetSession, seats: dict[str, Seat], until: float, latencies: list[float],
                    pace: float, first: float) -> int:
    """Pass, by keys, whoever is to move, the first at ``first`` (a perf_counter time) and the next ``pace``
    seconds after the one before (at once if that time has passed), until the battle ends or ``until``;
    returns the acknowledged orders."""
    acked = 0
    due = first
    while follower.battle.outcome() is None and time.perf_counter() < until:
        await asyncio.sleep(max(0.0, due - time.perf_counter()))
        due += pace
        follower.follow()
        side = follower.side_to_act()
        mover = seats[side or ""]
        other = next(s for k, s in seats.items() if k != side)
        n = len(follower.battle.log) + 1
        for _ in range(50):
            other_mark = len(other.screen.data)
            mark = mover.send(b".\r")
            sent = time.perf_counter()
            said, _ = await mover.screen.wait((f"order {n}", "End of the battle", "it is not your turn"), mark)
            if said != "it is not your turn":
                break
            await asyncio.sleep(0.05)  # its screen had not read the last order yet
        else:
            raise RuntimeError(f"order {n} was never taken")
        acked += 1
        _, shown_at = await other.screen.wait((f"order {n}", "End of the battle"), other_mark)
        latencies.append(shown_at - sent)
        follower.follow()
    return acked


def cpu_figures(phase: str, spent: Spent, orders: float) -> dict[str, float]:
    """The CPU figures of one phase: seconds per order of each group, percent of a core of each group."""
    out = {f"{phase} cpu {group} per order": s for group, s in spent.per(orders).items()}
    out |= {f"{phase} cpu {group} %": pct for group, pct in spent.percent().items()}
    return out | {f"{phase} games counted": float(spent.processes["games"])}


async def crowd_battles(port: int, data: Path, n_pairs: int = PAIRS, host_pid: int | None = None
                        ) -> dict[str, float]:
    """Seat ``n_pairs`` pairs of players, leave them idle, then play both phases, check the store; the figures
    (with the CPU seconds of the host process ``host_pid``, the game processes and this client process)."""
    store = open_store(data)
    pairs = []
    for i in range(n_pairs):
        keys = (asyncssh.generate_private_key("ssh-ed25519"), asyncssh.generate_private_key("ssh-ed25519"))
        players = [store.bind_name(k.get_fingerprint("sha256"), f"p{i}{ab}") for k, ab in zip(keys, "ab", strict=True)]
        battle = Battle.new("ratfight", SCENARIO, seed=i)
        sides = battle.system.sides(battle.state)
        battle_id = store.open_battle(players[0].id, sides[0], system="ratfight", scenario=SCENARIO, seed=i,
                                      options=dict(battle.setup.options), undo_policy="practice", sides=sides)
        store.join(battle_id, players[1].id)
        seats = {sides[0]: Seat(port, keys[0]), sides[1]: Seat(port, keys[1])}
        pairs.append((battle_id, seats, NetSession(store, battle_id, players[0], None)))
    book = CpuBook({"host": lambda: [host_pid] if host_pid else [], "games": lambda: game_pids(data),
                    "client": lambda: [os.getpid()]})
    gate = asyncio.Semaphore(CONNECT_AT_ONCE)
    started = time.perf_counter()
    await asyncio.gather(*(seat.sit(gate) for _, seats, _ in pairs for seat in seats.values()))
    seated = time.perf_counter() - started
    figures: dict[str, float] = {"seated": seated}
    await asyncio.sleep(2.0)  # the last seated screens settle
    book.start()
    await asyncio.sleep(IDLE_SECONDS)
    idle = book.stop()
    figures |= {f"idle cpu {group} %": pct for group, pct in idle.percent().items()}
    figures["idle games counted"] = float(idle.processes["games"])
    acked = [0] * len(pairs)
    for phase, seconds, pace in (("human", HUMAN_SECONDS, PACE), ("flat", FLAT_SECONDS, 0.0)):
        latencies: list[float] = []
        book.start()
        start = time.perf_counter()
        done = await asyncio.gather(*(play_pair(f, seats, start + seconds, latencies, pace,
                                                start + pace * i / len(pairs))
                                      for i, (_, seats, f) in enumerate(pairs)))
        played = time.perf_counter() - start
        spent = book.stop()
        acked = [a + d for a, d in zip(acked, done, strict=True)]
        ordered = sorted(latencies) or [float("nan")]
        figures |= {f"{phase} orders": float(sum(done)), f"{phase} played": played,
                    f"{phase} p50": statistics.median(ordered),
                    f"{phase} p90": ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))],
                    f"{phase} max": ordered[-1]} | cpu_figures(phase, spent, float(sum(done)))
        games_idle = idle.seconds["games"] / idle.wall * spent.wall if idle.wall else 0.0
        figures[f"{phase} cpu games per order above idle"] = (
            (spent.seconds["games"] - games_idle) / sum(done) if sum(done) else float("nan"))
    in_store = [store.battle(battle_id).orders for battle_id, _, _ in pairs]
    lost = sum(max(a - s, 0) for a, s in zip(acked, in_store, strict=True))
    extra = sum(max(s - a, 0) for a, s in zip(acked, in_store, strict=True))
    finished = sum(1 for battle_id, _, _ in pairs if store.battle(battle_id).status == "finished")
    for _, seats, _ in pairs:
        for seat in seats.values():
            if seat.conn is not None:
                seat.conn.close()
    return figures | {"lost": float(lost), "extra": float(extra), "finished": float(finished)}


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms"


def battle_lines(figures: dict[str, float], load: float, n_pairs: int = PAIRS) -> list[str]:
    """The RESULTS.md lines for these figures (``n_pairs`` battles at once)."""
    players = 2 * n_pairs
    idle_total = sum(figures[f"idle cpu {g} %"] for g in ("host", "games", "client"))
    lines = [f"| {players} players (asyncssh clients, 80x24) in {n_pairs} two-player RatFight battles "
             f"({SCENARIO}), orders by keys (. Enter); load average {load:.1f} at the start | see below | - | - |",
             f"| {players} players in their battles, no order for {IDLE_SECONDS:.0f} s: CPU of the "
             f"{figures['idle games counted']:.0f} game processes / the host / the client process, % of one core "
             f"| {figures['idle cpu games %']:.1f} % / {figures['idle cpu host %']:.1f} % / "
             f"{figures['idle cpu client %']:.1f} % (total {idle_total:.1f} %) | - | - |"]
    for phase, what in (("human", f"each pair an order every {PACE:.0f} s (a human pace)"),
                        ("flat", "each pair as fast as its screens allow")):
        rate = figures[f"{phase} orders"] / figures[f"{phase} played"]
        # flat out the host is saturated by design (every pair orders again the moment it sees the last):
        # the figure is the most it holds, and its latency the queue that forms, so no target applies there
        target, verdict = ("p90 <= 500 ms", "pass" if figures[f"{phase} p90"] <= 0.5 else "FAIL") \
            if phase == "human" else ("- (capacity)", "-")
        lines.append(
            f"| {what}: orders held across the host; key to the order on the other player's screen | "
            f"{figures[f'{phase} orders']:.0f} orders in {figures[f'{phase} played']:.1f} s = {rate:.1f}/s; "
            f"p50 {_ms(figures[f'{phase} p50'])}, p90 {_ms(figures[f'{phase} p90'])}, max "
            f"{_ms(figures[f'{phase} max'])} | {target} | {verdict} |")
        lines.append(
            f"| the same: CPU per order, game processes (all, and above their idle cost) / host / client | "
            f"{_ms(figures[f'{phase} cpu games per order'])} ({_ms(figures[f'{phase} cpu games per order above idle'])}"
            f") / {_ms(figures[f'{phase} cpu host per order'])} / {_ms(figures[f'{phase} cpu client per order'])}"
            f"; cores busy {sum(figures[f'{phase} cpu {g} %'] for g in ('host', 'games', 'client')) / 100:.2f} "
            f"| - | - |")
    return lines + [
        f"| acknowledged orders missing from the store / orders there no screen acknowledged (both phases; "
        f"{figures['finished']:.0f} battles ended) | {figures['lost']:.0f} / {figures['extra']:.0f} | 0 / 0 | "
        f"{'pass' if figures['lost'] == figures['extra'] == 0 else 'FAIL'} |",
        f"| seating the {players} players (connect, lobby, Enter; {CONNECT_AT_ONCE} game processes starting "
        f"at once) | {figures['seated']:.1f} s | - | - |",
    ]
