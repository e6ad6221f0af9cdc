"""The host's shared record: players and their keys, battles and their seats, each battle's orders.

Every game process of a host opens the same store. :class:`HostStore` is the whole interface the game
uses; :class:`SqliteStore` keeps it in one SQLite file (stdlib ``sqlite3``, WAL journal, a busy
timeout, every change one transaction), so several processes read while one writes and a process
killed mid-write leaves every committed order in place.

The rule the store keeps: a battle's orders are rows ``(battle, seq)`` with ``seq`` 1, 2, 3... under a
primary key. An order is checked by the engine on the game process's replayed battle (which holds the
orders up to ``seq - 1``) and then inserted with that ``seq`` in one transaction that also checks the
seat: if another order took ``seq`` meanwhile the insert fails, the order is refused as stale, and it
is never applied twice. Undo in a battle between two players is a request row the other player answers.

After every committed change to a battle the store rings that battle's bell (tui/serve/wake.py), so the
other processes following it (:meth:`HostStore.listen`) read it at once rather than polling often; a
store on a networked database would do the same with its own notifications (PostgreSQL's LISTEN/NOTIFY).

A display name is bound to the key's fingerprint on its first visit; names are checked by
:func:`check_name` (a name reaches every other player's screen).
"""

from __future__ import annotations

import json
import re
import secrets
import sqlite3
import time
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Protocol

import attrs

from hexfront.engine.core.battle import Battle, Checkpoint, Divergence, IllegalOrder
from hexfront.engine.core.errors import HexfrontError, shown
from hexfront.engine.core.saves import save_battle
from hexfront.engine.core.serial import codec_for

from .wake import WAKE_DIR, Bell, Listener

STORE_NAME = "host.sqlite3"
#: Battle states: waiting for a second player, being played, over.
OPEN, PLAYING, FINISHED = "open", "playing", "finished"
#: A player whose session has not said it is there for this long is no longer online.
ONLINE_SECONDS = 30.0
#: How long a writer waits for another's transaction before giving up (milliseconds).
BUSY_MS = 5000
NAME_MIN, NAME_MAX = 2, 24
#: A battle's id as the store makes it: 10 lowercase hexadecimal digits.
BATTLE_ID = re.compile(r"[0-9a-f]{10}")
#: A key fingerprint as the host passes it: SHA256:base64, or hexadecimal pairs; nothing else is stored.
FINGERPRINT = re.compile(r"(SHA256:[A-Za-z0-9+/=]{1,100}|[0-9a-fA-F:]{1,200})")
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9 _.-]*")


class StoreError(HexfrontError):
    """The store refused a change, with one line saying why (the battle is unchanged)."""


class StaleOrder(StoreError):
    """An order for a place in the log that another order already took (or the battle moved on)."""


class NameRefused(StoreError):
    """A display name the host will not show to other players."""


@attrs.frozen
class Player:
    id: int
    name: str


@attrs.frozen
class BattleRow:
    """A battle as the lobby lists it: its setup, who sits at each side (None: an empty seat), its status."""

    id: str
    system: str
    scenario: str
    seed: int
    options: dict[str, Any]
    undo_policy: str
    status: str
    seats: dict[str, int | None]
    names: dict[str, str]  # side -> the name of the player sitting there
    orders: int
    result: str
    updated: float


@attrs.frozen
class OrderRow:
    seq: int
    side: str
    player: int
    command: dict[str, Any]
    check: Checkpoint


@attrs.frozen
class UndoRequest:
    """A player asks to take the battle back to ``back_to`` orders while it has ``seq``."""

    asked_by: int
    seq: int
    back_to: int
    answer: str | None  # None: not answered yet; "yes" or "no"


def check_name(text: str) -> str:
    """A display name as typed, checked: NAME_MIN to NAME_MAX characters, letters, digits, spaces and
    ``_ . -``, starting with a letter or digit (so no control character, escape, markup bracket or
    look-alike space can reach another player's screen). NameRefused with one line otherwise."""
    name = text.strip()
    if len(text) > 10 * NAME_MAX or len(name) > NAME_MAX:
        raise NameRefused(f"a name is at most {NAME_MAX} characters; this one has {len(text)}")
    if len(name) < NAME_MIN:
        raise NameRefused(f"a name is at least {NAME_MIN} characters: type one")
    if not name.isprintable() or any(unicodedata.category(ch)[0] == "C" for ch in name):
        raise NameRefused(f"a name holds no control or escape characters ({shown(name, 40)}): "
                          f"use letters, digits, spaces and _ . -")
    if not _NAME.fullmatch(name) or "  " in name:
        raise NameRefused(f"{shown(name, 40)} is not a name here: use letters, digits, single spaces and "
                          f"_ . - (starting with a letter or digit)")
    return name


def check_battle_id(text: str) -> str:
    """A battle id from outside (the command line, a lobby row): 10 hexadecimal digits, or StoreError."""
    if not BATTLE_ID.fullmatch(text):
        raise StoreError(f"{shown(text, 40)} is not a battle id: it is 10 digits 0-9 a-f (the lobby shows them)")
    return text


class HostStore(Protocol):
    """What a game process needs from the host's record; one class per database."""

    def close(self) -> None: ...

    # players
    def player_for_key(self, key: str) -> Player | None: ...

    def bind_name(self, key: str, name: str) -> Player: ...

    def player_names(self, ids: list[int]) -> dict[int, str]: ...

    def touch(self, player: int, doing: str = "") -> None: ...

    def leave(self, player: int) -> None: ...

    def online(self) -> list[tuple[str, str]]: ...

    # battles
    def open_battle(self, player: int, side: str, *, system: str, scenario: str, seed: int,
                    options: dict[str, Any], undo_policy: str, sides: list[str]) -> str: ...

    def join(self, battle_id: str, player: int) -> str: ...

    def unfinished_battles(self, player: int) -> int: ...

    def watching_moving(self, key: str, since: float) -> bool: ...

    def battle(self, battle_id: str) -> BattleRow: ...

    def battles(self) -> list[BattleRow]: ...

    def revision(self, battle_id: str) -> int: ...

    def listen(self, battle_id: str) -> Listener | None: ...

    def orders(self, battle_id: str, after: int = 0) -> list[OrderRow]: ...

    def append(self, battle_id: str, seq: int, side: str, player: int, command: dict[str, Any],
               check: Checkpoint) -> int: ...

    def finish(self, battle_id: str, result: str) -> None: ...

    # undo by consent
    def ask_undo(self, battle_id: str, player: int, seq: int, back_to: int) -> None: ...

    def undo_request(self, battle_id: str) -> UndoRequest | None: ...

    def answer_undo(self, battle_id: str, player: int, yes: bool) -> bool: ...


SCHEMA = """
CREATE TABLE IF NOT EXISTS players (
    id INTEGER PRIMARY KEY,
    key TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL UNIQUE COLLATE NOCASE,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS presence (
    player INTEGER PRIMARY KEY REFERENCES players(id),
    seen REAL NOT NULL,
    doing TEXT NOT NULL DEFAULT ''
);
CREATE TABLE IF NOT EXISTS battles (
    id TEXT PRIMARY KEY,
    system TEXT NOT NULL,
    scenario TEXT NOT NULL,
    seed INTEGER NOT NULL,
    options TEXT NOT NULL,
    undo_policy TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('open', 'playing', 'finished')),
    result TEXT NOT NULL DEFAULT '',
    revision INTEGER NOT NULL DEFAULT 0,
    created REAL NOT NULL,
    updated REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS seats (
    battle TEXT NOT NULL REFERENCES battles(id),
    side TEXT NOT NULL,
    player INTEGER REFERENCES players(id),
    PRIMARY KEY (battle, side)
);
CREATE TABLE IF NOT EXISTS orders (
    battle TEXT NOT NULL REFERENCES battles(id),
    seq INTEGER NOT NULL CHECK (seq >= 1),
    side TEXT NOT NULL,
    player INTEGER NOT NULL REFERENCES players(id),
    command TEXT NOT NULL,
    hash TEXT NOT NULL,
    draws INTEGER NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (battle, seq)
);
CREATE TABLE IF NOT EXISTS undo_requests (
    battle TEXT PRIMARY KEY REFERENCES battles(id),
    asked_by INTEGER NOT NULL REFERENCES players(id),
    seq INTEGER NOT NULL,
    back_to INTEGER NOT NULL,
    answer TEXT,
    at REAL NOT NULL
);
"""


class SqliteStore:
    """The host's record in one SQLite file (see the module's docstring)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        # autocommit mode: every change below opens its own transaction (BEGIN IMMEDIATE) and commits it
        self.db = sqlite3.connect(str(path), timeout=BUSY_MS / 1000, isolation_level=None, check_same_thread=False)
        self.db.execute(f"PRAGMA busy_timeout = {BUSY_MS}")
        self.db.execute("PRAGMA journal_mode = WAL")
        self.db.execute("PRAGMA synchronous = FULL")  # an acknowledged order survives a power cut
        self.db.execute("PRAGMA foreign_keys = ON")
        self.bell = Bell(path.parent / WAKE_DIR)
        with self._writing() as db:
            for statement in SCHEMA.split(";"):
                if statement.strip():
                    db.execute(statement)

    def close(self) -> None:
        self.bell.close()
        self.db.close()

    @contextmanager
    def _writing(self) -> Iterator[sqlite3.Connection]:
        """One write transaction, taken at once (BEGIN IMMEDIATE: no other writer between read and write)."""
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield self.db
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")

    # -- players ---------------------------------------------------------------------------
    def player_for_key(self, key: str) -> Player | None:
        row = self.db.execute("SELECT id, name FROM players WHERE key = ?", (key,)).fetchone()
        return Player(row[0], row[1]) if row else None

    def bind_name(self, key: str, name: str) -> Player:
        """Bind a checked name to a key on its first visit; the key keeps it. NameRefused if it is taken."""
        name = check_name(name)
        if not FINGERPRINT.fullmatch(key):
            raise StoreError("the host passed a key fingerprint this store does not take")
        with self._writing() as db:
            row = db.execute("SELECT id, name FROM players WHERE key = ?", (key,)).fetchone()
            if row:
                return Player(row[0], row[1])
            if db.execute("SELECT 1 FROM players WHERE name = ?", (name,)).fetchone():
                raise NameRefused(f"{name} is taken by another player: choose another name")
            cur = db.execute("INSERT INTO players (key, name, created) VALUES (?, ?, ?)", (key, name, time.time()))
            return Player(int(cur.lastrowid or 0), name)

    def player_names(self, ids: list[int]) -> dict[int, str]:
        if not ids:
            return {}
        marks = ",".join("?" * len(ids))
        return dict(self.db.execute(f"SELECT id, name FROM players WHERE id IN ({marks})", ids).fetchall())

    def touch(self, player: int, doing: str = "") -> None:
        """The player's session is there (called every few seconds), doing ``doing`` (a short line)."""
        with self._writing() as db:
            db.execute("INSERT INTO presence (player, seen, doing) VALUES (?, ?, ?) ON CONFLICT(player) "
                       "DO UPDATE SET seen = excluded.seen, doing = excluded.doing", (player, time.time(), doing[:60]))

    def leave(self, player: int) -> None:
        with self._writing() as db:
            db.execute("DELETE FROM presence WHERE player = ?", (player,))

    def online(self) -> list[tuple[str, str]]:
        """(name, what they are doing) of each player seen in the last ONLINE_SECONDS, by name."""
        since = time.time() - ONLINE_SECONDS
        rows = self.db.execute("SELECT p.name, r.doing FROM presence r JOIN players p ON p.id = r.player "
                               "WHERE r.seen >= ? ORDER BY p.name COLLATE NOCASE", (since,)).fetchall()
        return [(name, doing) for name, doing in rows]

    # -- battles ---------------------------------------------------------------------------
    def open_battle(self, player: int, side: str, *, system: str, scenario: str, seed: int,
                    options: dict[str, Any], undo_policy: str, sides: list[str]) -> str:
        """A new battle waiting for a second player; ``player`` sits at ``side``. Returns its id."""
        if side not in sides:
            raise StoreError(f"the battle has no side {shown(side, 30)}")
        battle_id = secrets.token_hex(5)
        now = time.time()
        with self._writing() as db:
            db.execute("INSERT INTO battles (id, system, scenario, seed, options, undo_policy, status, created, "
                       "updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                       (battle_id, system, scenario, seed, json.dumps(options, sort_keys=True), undo_policy, OPEN,
                        now, now))
            for s in sides:
                db.execute("INSERT INTO seats (battle, side, player) VALUES (?, ?, ?)",
                           (battle_id, s, player if s == side else None))
        return battle_id

    def join(self, battle_id: str, player: int) -> str:
        """Take the empty seat of an open battle; returns its side. StoreError if there is none."""
        with self._writing() as db:
            status = self._status(db, battle_id)
            seats = dict(db.execute("SELECT side, player FROM seats WHERE battle = ?", (battle_id,)).fetchall())
            if player in seats.values():
                raise StoreError("you already command a side of this battle: resume it instead")
            empty = [side for side, who in seats.items() if who is None]
            if status != OPEN or not empty:
                raise StoreError("that battle has its players already: watch it instead")
            side = sorted(empty)[0]
            db.execute("UPDATE seats SET player = ? WHERE battle = ? AND side = ?", (player, battle_id, side))
            if len(empty) == 1:
                db.execute("UPDATE battles SET status = ?, updated = ?, revision = revision + 1 WHERE id = ?",
                           (PLAYING, time.time(), battle_id))
        self.bell.ring(battle_id)
        return str(side)

    def unfinished_battles(self, player: int) -> int:
        """How many battles not yet finished ``player`` sits in (for the host's limit of battles per player)."""
        row = self.db.execute("SELECT COUNT(*) FROM seats s JOIN battles b ON b.id = s.battle "
                              "WHERE s.player = ? AND b.status != ?", (player, FINISHED)).fetchone()
        return int(row[0])

    def watching_moving(self, key: str, since: float) -> bool:
        """Is the player of ``key`` watching a battle (what their session last said it does) that has moved
        since ``since`` (a time.time())? The host keeps such a watcher connected though they type nothing."""
        row = self.db.execute(
            "SELECT 1 FROM players k JOIN presence p ON p.player = k.id JOIN battles b "
            "ON p.doing = 'watching battle ' || b.id WHERE k.key = ? AND b.updated >= ? "
            "AND b.status = ?", (key, since, PLAYING)).fetchone()
        return row is not None

    def _status(self, db: sqlite3.Connection, battle_id: str) -> str:
        row = db.execute("SELECT status FROM battles WHERE id = ?", (battle_id,)).fetchone()
        if row is None:
            raise StoreError(f"there is no battle {shown(battle_id, 20)} on this host")
        return str(row[0])

    def battle(self, battle_id: str) -> BattleRow:
        rows = self._battle_rows("WHERE b.id = ?", (battle_id,))
        if not rows:
            raise StoreError(f"there is no battle {shown(battle_id, 20)} on this host")
        return rows[0]

    def battles(self) -> list[BattleRow]:
        """Every battle, the most recently changed first."""
        return self._battle_rows("", ())

    def _battle_rows(self, where: str, args: tuple[Any, ...]) -> list[BattleRow]:
        rows = self.db.execute(
            "SELECT b.id, b.system, b.scenario, b.seed, b.options, b.undo_policy, b.status, b.result, b.updated, "
            f"(SELECT COALESCE(MAX(seq), 0) FROM orders o WHERE o.battle = b.id) FROM battles b {where} "
            "ORDER BY b.updated DESC, b.id", args).fetchall()
        out = []
        for bid, system, scenario, seed, options, undo, status, result, updated, orders in rows:
            seats: dict[str, int | None] = {}
            names: dict[str, str] = {}
            for side, player, name in self.db.execute(
                    "SELECT s.side, s.player, p.name FROM seats s LEFT JOIN players p ON p.id = s.player "
                    "WHERE s.battle = ? ORDER BY s.side", (bid,)):
                seats[side] = player
                if name is not None:
                    names[side] = name
            out.append(BattleRow(bid, system, scenario, seed, json.loads(options), undo, status, seats, names,
                                 orders, result, updated))
        return out

    def revision(self, battle_id: str) -> int:
        """A number that changes whenever the battle does (an order, an undo, a request, a join): cheap to poll."""
        row = self.db.execute("SELECT revision FROM battles WHERE id = ?", (battle_id,)).fetchone()
        return int(row[0]) if row else -1

    def listen(self, battle_id: str) -> Listener | None:
        """A socket this process reads when another process commits a change to ``battle_id``; None when
        the data folder cannot hold one (the follower looks at the revision now and then instead)."""
        return self.bell.listen(check_battle_id(battle_id))

    def orders(self, battle_id: str, after: int = 0) -> list[OrderRow]:
        rows = self.db.execute("SELECT seq, side, player, command, hash, draws FROM orders WHERE battle = ? AND "
                               "seq > ? ORDER BY seq", (battle_id, after)).fetchall()
        return [OrderRow(seq, side, player, json.loads(command), Checkpoint(h, draws))
                for seq, side, player, command, h, draws in rows]

    def append(self, battle_id: str, seq: int, side: str, player: int, command: dict[str, Any],
               check: Checkpoint) -> int:
        """Record order ``seq`` of a battle, given by ``player`` for ``side`` (checked by the engine on the
        battle as it stood after ``seq - 1`` orders). In one transaction: the battle is being played, the
        player sits at that side, and ``seq`` is the next place in the log (the primary key refuses a second
        order at a place taken). StaleOrder or StoreError otherwise, and nothing is written. Returns the
        battle's revision with this order (what the writer has seen), and wakes the battle's followers."""
        with self._writing() as db:
            if self._status(db, battle_id) != PLAYING:
                raise StoreError("the battle is not being played: no order is taken")
            seat = db.execute("SELECT player FROM seats WHERE battle = ? AND side = ?", (battle_id, side)).fetchone()
            if seat is None or seat[0] != player:
                raise StoreError(f"you do not command {shown(side, 30)} in this battle")
            last = db.execute("SELECT COALESCE(MAX(seq), 0) FROM orders WHERE battle = ?", (battle_id,)).fetchone()[0]
            if seq != last + 1:
                raise StaleOrder(f"the battle has moved on (order {last} is the last, this was for {seq - 1}): "
                                 f"look again and give your order anew")
            try:
                db.execute("INSERT INTO orders (battle, seq, side, player, command, hash, draws, at) "
                           "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                           (battle_id, seq, side, player, json.dumps(command, sort_keys=True), check.hash,
                            check.draws, time.time()))
            except sqlite3.IntegrityError:
                raise StaleOrder(f"order {seq} was given meanwhile: look again and give your order anew") from None
            db.execute("DELETE FROM undo_requests WHERE battle = ?", (battle_id,))
            db.execute("UPDATE battles SET revision = revision + 1, updated = ? WHERE id = ?",
                       (time.time(), battle_id))
            revision = int(db.execute("SELECT revision FROM battles WHERE id = ?", (battle_id,)).fetchone()[0])
        self.bell.ring(battle_id)
        return revision

    def finish(self, battle_id: str, result: str) -> None:
        with self._writing() as db:
            db.execute("UPDATE battles SET status = ?, result = ?, updated = ?, revision = revision + 1 "
                       "WHERE id = ? AND status = ?", (FINISHED, result[:200], time.time(), battle_id, PLAYING))
        self.bell.ring(battle_id)

    # -- undo by consent --------------------------------------------------------------------
    def ask_undo(self, battle_id: str, player: int, seq: int, back_to: int) -> None:
        """``player`` asks to take the battle back to ``back_to`` orders (it has ``seq`` now)."""
        with self._writing() as db:
            if self._status(db, battle_id) != PLAYING:
                raise StoreError("the battle is not being played")
            if player not in [p for (p,) in db.execute("SELECT player FROM seats WHERE battle = ?", (battle_id,))]:
                raise StoreError("only a player of the battle may ask to take orders back")
            db.execute("INSERT OR REPLACE INTO undo_requests (battle, asked_by, seq, back_to, answer, at) "
                       "VALUES (?, ?, ?, ?, NULL, ?)", (battle_id, player, seq, back_to, time.time()))
            db.execute("UPDATE battles SET revision = revision + 1 WHERE id = ?", (battle_id,))
        self.bell.ring(battle_id)

    def undo_request(self, battle_id: str) -> UndoRequest | None:
        row = self.db.execute("SELECT asked_by, seq, back_to, answer FROM undo_requests WHERE battle = ?",
                              (battle_id,)).fetchone()
        return UndoRequest(*row) if row else None

    def answer_undo(self, battle_id: str, player: int, yes: bool) -> bool:
        """The other player answers a request; with yes the orders after ``back_to`` are taken out, in the
        same transaction, if the battle is still where it was asked. True if orders were taken back."""
        with self._writing() as db:
            row = db.execute("SELECT asked_by, seq, back_to FROM undo_requests WHERE battle = ? AND answer IS NULL",
                             (battle_id,)).fetchone()
            if row is None or row[0] == player:
                return False
            seats = [p for (p,) in db.execute("SELECT player FROM seats WHERE battle = ?", (battle_id,))]
            if player not in seats:
                raise StoreError("only the other player of the battle may answer")
            last = db.execute("SELECT COALESCE(MAX(seq), 0) FROM orders WHERE battle = ?", (battle_id,)).fetchone()[0]
            done = yes and last == row[1]
            if done:
                db.execute("DELETE FROM orders WHERE battle = ? AND seq > ?", (battle_id, row[2]))
            db.execute("UPDATE undo_requests SET answer = ? WHERE battle = ?", ("yes" if done else "no", battle_id))
            db.execute("UPDATE battles SET revision = revision + 1, updated = ? WHERE id = ?",
                       (time.time(), battle_id))
        self.bell.ring(battle_id)
        return done


def open_store(data_dir: Path) -> SqliteStore:
    """The store of a host's data folder (made if missing)."""
    data_dir.mkdir(parents=True, exist_ok=True)
    return SqliteStore(data_dir / STORE_NAME)


def replay_battle(store: HostStore, battle_id: str) -> Battle:
    """The battle as its rows give it: set up from its row and every order given again, each checked against
    its recorded checkpoint. StoreError (one line) if the record does not replay."""
    row = store.battle(battle_id)
    try:
        battle = Battle.new(row.system, row.scenario, seed=row.seed, options=row.options, undo_policy=row.undo_policy,
                            players=dict.fromkeys(row.seats, "human"))
        codec = codec_for(battle.system)
        follow(battle, codec, store.orders(battle_id))
    except HexfrontError as exc:
        raise StoreError(f"battle {row.id} does not replay: {exc.message}") from None
    return battle


def follow(battle: Battle, codec: Any, rows: list[OrderRow]) -> None:
    """Give ``rows`` (the next orders of the log, in turn) to ``battle``, each checked against its checkpoint.

    Divergence if one is refused or gives another state (the record and this engine disagree)."""
    for row in rows:
        if row.seq != len(battle.log) + 1:
            raise Divergence(f"order {row.seq} follows order {len(battle.log)}", row.seq, battle)
        try:
            battle.submit(codec.command_from_json(row.command))
        except IllegalOrder as refused:
            raise Divergence(f"order {row.seq} is refused on replay ({refused.message})", row.seq, battle) from None
        if battle.checkpoints[-1] != row.check:
            raise Divergence(f"order {row.seq} gives another state than recorded", row.seq, battle)


def export_battle(data_dir: Path, battle_id: str, out: Path) -> None:
    """Write battle ``battle_id`` of the host at ``data_dir`` to ``out`` as a save file (the JSON format of
    engine/core/saves.py, which ``hexfront replay --verify`` checks). StoreError or SaveError, one line."""
    check_battle_id(battle_id)
    path = data_dir / STORE_NAME
    if not path.is_file():
        raise StoreError(f"there is no host record in {shown(str(data_dir), 80)}")
    store = SqliteStore(path)
    try:
        battle = replay_battle(store, battle_id)
    finally:
        store.close()
    save_battle(battle, out)
