"""A battle being played at this keyboard: the engine's Battle, who commands each side, and the autosave.

No Textual here: the screens call these methods and draw what they return, so
the whole flow (orders, the computer's turns, undo, saving) is testable alone.
Every change to the log is written to the autosave file at once, atomically,
so a dropped connection or a killed process loses nothing.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any, Callable

from engine.core.battle import Battle
from engine.core.errors import HexfrontError, SaveError, UndoRefused
from engine.core.players import HUMAN, computer_players_for
from engine.core.saves import load_battle, save_battle

AUTOSAVE_NAME = "autosave.json"


def saves_dir() -> Path:
    """Where battles are saved: $HEXFRONT_SAVES, else ./saves."""
    return Path(os.environ.get("HEXFRONT_SAVES") or "saves")


def autosave_path() -> Path:
    return saves_dir() / AUTOSAVE_NAME


def list_saves() -> list[Path]:
    """Saved battles, newest first (the autosave included)."""
    folder = saves_dir()
    if not folder.is_dir():
        return []
    files = [p for p in folder.glob("*.json") if p.is_file()]
    return sorted(files, key=lambda p: (p.stat().st_mtime, p.name), reverse=True)


class Session:
    """One battle in play. ``autosave`` None means nothing is written (replays, tests)."""

    def __init__(self, battle: Battle, autosave: Path | None = None) -> None:
        self.battle = battle
        self.system = battle.system
        self.autosave = autosave
        self.computers = computer_players_for(battle)
        self.side_names = {s.id: s.name for s in battle.system.board(battle.state).sides}
        self.save_error: str | None = None
        self.write()

    # -- construction -----------------------------------------------------------------
    @classmethod
    def new(cls, system_id: str, scenario: str, *, players: dict[str, str], seed: int | None = None,
            options: dict[str, Any] | None = None, undo_policy: str = "practice",
            autosave: Path | None = None, teach: bool = False) -> "Session":
        if seed is None:
            seed = time.time_ns() & 0xFFFF_FFFF
        battle = Battle.new(system_id, scenario, seed=seed, options=options, undo_policy=undo_policy)
        battle.setup.teach = teach
        sides = battle.system.sides(battle.state)
        missing = [s for s in sides if s not in players]
        if missing:
            raise HexfrontError(f"no one commands {', '.join(missing)}")
        battle.setup.players = {s: players[s] for s in sides}
        return cls(battle, autosave)

    @classmethod
    def load(cls, path: Path, autosave: Path | None = None) -> "Session":
        """Load (and verify) a save; raises SaveError with one line if it cannot be played."""
        return cls(load_battle(path, verify=True), autosave)

    # -- reading ----------------------------------------------------------------------
    @property
    def state(self) -> Any:
        return self.battle.state

    def human_sides(self) -> list[str]:
        return [s for s in self.system.sides(self.state) if self.battle.setup.players.get(s, HUMAN) == HUMAN]

    def side_to_act(self) -> str | None:
        return self.battle.side_to_act()

    def computer_to_act(self) -> bool:
        side = self.side_to_act()
        return self.battle.outcome() is None and side is not None and side in self.computers

    def side_name(self, side: str | None) -> str:
        return "nobody" if side is None else self.side_names.get(side, side)

    # -- orders -----------------------------------------------------------------------
    def submit(self, command: Any) -> list[Any]:
        """Give an order (raises IllegalOrder, changing nothing, if refused) and autosave."""
        events = self.battle.submit(command)
        self.write()
        return events

    def computer_job(self) -> Callable[[], Any]:
        """The computer's choice of the next order, as work that is safe to run off the UI thread.

        The state is copied now, on the caller's thread; the returned function only reads the copy.
        """
        player = self.computers[self.side_to_act()]
        state = self.system.copy_state(self.state)
        system = self.system
        return lambda: player.choose(system, state)

    def undo(self) -> int:
        """Take back the last order; against the computer, back to the last order given at this keyboard.

        Returns how many orders were taken back. Raises UndoRefused with the reason if none can be.
        """
        reason = self.battle.undo_refusal()
        if reason is not None:
            raise UndoRefused(reason)
        taken = 0
        humans = set(self.human_sides())
        while self.battle.undo_refusal() is None:
            self.battle.undo()
            taken += 1
            if not self.computers or self.side_to_act() in humans:
                break
        self.write()
        return taken

    def redo(self) -> int:
        """Give again the orders last taken back (up to and through the computer's replies)."""
        if not self.battle.redo_stack:
            raise UndoRefused("there is nothing to redo")
        given = 0
        humans = set(self.human_sides())
        self.battle.redo()
        given += 1
        while self.battle.redo_stack and self.computers and self.side_to_act() not in humans:
            self.battle.redo()
            given += 1
        self.write()
        return given

    # -- files ------------------------------------------------------------------------
    def write(self) -> None:
        """Autosave (atomic). A failure is kept in ``save_error`` for the status line, never raised."""
        if self.autosave is None:
            return
        try:
            save_battle(self.battle, self.autosave)
            self.save_error = None
        except HexfrontError as exc:
            self.save_error = exc.message

    def save_copy(self, name: str | None = None) -> Path:
        """Save the battle under its own name in the saves folder; returns the path."""
        s = self.battle.setup
        if name is None:
            stamp = time.strftime("%Y%m%d-%H%M%S")
            name = f"{s.system}-{s.scenario}-{stamp}.json"
        return save_battle(self.battle, saves_dir() / name)


def unfinished_autosave() -> Path | None:
    """Where an unfinished (or unreadable) autosave would be kept if a new battle started now; None when
    there is none worth keeping (no autosave, or a finished battle, which is simply replaced)."""
    path = autosave_path()
    if not path.is_file():
        return None
    keep = True
    try:
        keep = load_battle(path, verify=False).outcome() is None
    except HexfrontError:
        keep = True
    if not keep:
        return None
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(path.stat().st_mtime))
    target = saves_dir() / f"unfinished-{stamp}.json"
    n = 1
    while target.exists():
        n += 1
        target = saves_dir() / f"unfinished-{stamp}-{n}.json"
    return target


def retire_autosave() -> Path | None:
    """Before a new battle takes the autosave, keep an unfinished or unreadable one under another name.

    Returns where it went (see :func:`unfinished_autosave`), or None if there was nothing worth keeping.
    A finished battle's autosave is simply replaced (its end screen offered to save it).
    """
    target = unfinished_autosave()
    if target is None:
        return None
    try:
        os.replace(autosave_path(), target)
    except OSError as exc:
        raise SaveError(f"cannot keep the unfinished battle as {target.name} ({exc.strerror or exc}); "
                        f"the autosave is left as it was, so no new battle was started") from None
    return target


def describe_save(path: Path) -> str:
    """One line about a save file for the lists, without replaying it."""
    import json

    from engine.core.saves import MAX_SAVE_BYTES

    try:
        if path.stat().st_size > MAX_SAVE_BYTES:
            return f"{path.name}: too large to be a save"
        with open(path, encoding="utf-8") as fh:
            head = json.load(fh)
        orders = len(head.get("commands", []))
        return f"{path.name}: {head.get('system')} {head.get('scenario')}, {orders} orders"
    except (OSError, ValueError, AttributeError, TypeError):
        return f"{path.name}: not a readable save"


def continue_replay(battle: Battle, orders: int, players: dict[str, str], original: Path | None = None,
                    *, teach: bool = False) -> tuple[Session, Path, Path | None]:
    """A new battle from a replay: the replay's setup and its first ``orders`` orders, ``players`` commanding.

    It is saved at once as a new file in the saves folder, named from the replay's file with
    ``-from-<orders>`` (and a counter: an existing file is never replaced); the replay's own file is
    only read. The new battle then becomes the autosaved one the usual way (an unfinished autosave
    is kept under another name), except when the replay was the autosave itself: then every order goes
    to the new file. Returns the session, the new file, and where an unfinished autosave was kept.
    """
    import attrs

    if not 0 <= orders <= len(battle.log):
        raise HexfrontError(f"the replay has no order {orders}: it has {len(battle.log)}")
    sides = battle.system.sides(battle.state)
    missing = [s for s in sides if s not in players]
    if missing:
        raise HexfrontError(f"no one commands {', '.join(missing)}")
    setup = attrs.evolve(battle.setup, players={s: players[s] for s in sides}, teach=teach)
    new = Battle.replay(setup, list(battle.log[:orders]))
    s = battle.setup
    stem = original.stem if original is not None else f"{s.system}-{s.scenario}"
    folder = saves_dir()
    target = folder / f"{stem}-from-{orders}.json"
    n = 1
    while target.exists():
        n += 1
        target = folder / f"{stem}-from-{orders}-{n}.json"
    save_battle(new, target)
    is_autosave = original is not None and original.resolve() == autosave_path().resolve()
    if is_autosave:
        return Session(new, target), target, None
    kept = retire_autosave()
    return Session(new, autosave_path()), target, kept
