"""A battle being played at this keyboard: the engine's Battle, who commands each side, and the autosave.

No Textual here: the screens call these methods and draw what they return, so
the whole flow (orders, the computer's turns, undo, saving) is testable alone.
Every change to the log is written to the autosave file at once, atomically,
so a dropped connection or a killed process loses nothing.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hexfront.engine.core.battle import Battle
from hexfront.engine.core.campaignfile import (
    is_campaign_file,
    is_campaign_json,
    load_campaign,
    parse_campaign_text,
    save_campaign,
)
from hexfront.engine.core.campaigns import Campaign
from hexfront.engine.core.errors import HexfrontError, SaveError, UndoRefused, shown, shown_path
from hexfront.engine.core.files import FileRefused, read_text_bounded
from hexfront.engine.core.places import saves_dir
from hexfront.engine.core.players import HUMAN, computer_players_for
from hexfront.engine.core.saves import MAX_SAVE_BYTES, load_battle, parse_json_text, parse_save_text, save_battle
from hexfront.engine.core.search import Decision, decision_for
from hexfront.engine.core.system import all_systems
from hexfront.engine.core.words import plural

from .names import elsewhere_target, fresh_target, safe_part, saves_target

AUTOSAVE_NAME = "autosave.json"


def autosave_path() -> Path:
    return saves_dir() / AUTOSAVE_NAME


#: The most files the list of saved battles shows (the newest ones).
MAX_LISTED = 500


def list_saves() -> list[Path]:
    """The ``*.json`` files of the saves folder, newest first (the autosave included), at most MAX_LISTED.

    Nothing is opened here: a folder and the settings files are left out, and anything else (a pipe,
    a link to a device, a dangling link) is listed, for :func:`describe_save` to call unreadable.
    """
    folder = saves_dir()
    if not folder.is_dir():
        return []
    found: list[tuple[float, str, Path]] = []
    for path in folder.glob("*.json"):
        if path.name.startswith("settings."):  # settings.json, and broken ones set aside
            continue
        try:
            info = path.lstat()
            if path.is_dir():
                continue
        except OSError:  # gone meanwhile
            continue
        found.append((info.st_mtime, path.name, path))
    found.sort(reverse=True)
    return [path for _, _, path in found[:MAX_LISTED]]


class Session:
    """One battle in play. ``autosave`` None means nothing is written (replays, tests). A battle of a
    ``campaign`` (its battle in play) is saved as the whole campaign's file."""

    #: the end screen may start this battle again at this keyboard (not a battle kept on a host, where both
    #: players and the watchers share it: a new one is opened from the lobby)
    restartable: bool = True

    def __init__(self, battle: Battle, autosave: Path | None = None, campaign: Campaign | None = None) -> None:
        check_players(battle)
        self.campaign = campaign
        self.battle = battle
        self.system = battle.system
        self.autosave = autosave
        self.computers = computer_players_for(battle)
        #: the computer's last decision, for "Why did it do that?" (c): the session's, never the save's
        self.last_decision: Decision | None = None
        self.side_names = {s.id: s.name for s in battle.system.board(battle.state).sides}
        self.save_error: str | None = None  # why the last autosave failed; None while saving works
        self.failing_since: float | None = None  # when the autosave started failing (time.time())
        self.unsaved = 0  # changes to the battle in no file at all (not autosaved, not saved elsewhere)
        self.write()

    # -- construction -----------------------------------------------------------------
    @classmethod
    def new(cls, system_id: str, scenario: str, *, players: dict[str, str], seed: int | None = None,
            options: dict[str, Any] | None = None, undo_policy: str = "practice",
            autosave: Path | None = None, teach: bool = False) -> Session:
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
    def load(cls, path: Path, autosave: Path | None = None) -> Session:
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
        side = self.side_to_act()
        if side is None or side not in self.computers:
            raise HexfrontError("the computer has no order to choose now: it is not its turn")
        player = self.computers[side]
        state = self.system.copy_state(self.state)
        system = self.system

        def choose() -> Any:
            command = player.choose(system, state)
            self.last_decision = decision_for(player, system, state, side, command)
            return command

        return choose

    def undo(self, orders: int = 1) -> int:
        """Take back the last order (the last ``orders``: a walk given as several); against the computer, back
        to the last order given at this keyboard.

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
            if taken >= orders and (not self.computers or self.side_to_act() in humans):
                break
        self.write()
        return taken

    def redo(self, orders: int = 1) -> int:
        """Give again the orders last taken back (at least ``orders`` of them, then through the computer's
        replies)."""
        if not self.battle.redo_stack:
            raise UndoRefused("there is nothing to redo")
        given = 0
        humans = set(self.human_sides())
        self.battle.redo()
        given += 1
        while self.battle.redo_stack and (given < orders or self.computers and self.side_to_act() not in humans):
            self.battle.redo()
            given += 1
        self.write()
        return given

    # -- files ------------------------------------------------------------------------
    def write(self) -> None:
        """Autosave (atomic) after a change to the battle. A failure is kept in ``save_error`` for the
        screen, never raised; ``unsaved`` counts the changes since that are in no file.

        Every autosave writes the whole battle, so the first one that works again holds every order
        given while saving failed.
        """
        if self.autosave is None:
            return
        self.unsaved += 1
        self.retry_autosave()

    def retry_autosave(self) -> bool:
        """Write the autosave again, with no new change; True if it worked (then nothing is unsaved)."""
        if self.autosave is None:
            return True
        try:
            self._save_to(self.autosave)
        except HexfrontError as exc:  # the file named by its name: the line is for a narrow screen
            where = self.autosave.name
            self.save_error = exc.message.replace(shown_path(self.autosave), where).replace(str(self.autosave), where)
            self.failing_since = self.failing_since or time.time()
            return False
        self.save_error = None
        self.failing_since = None
        self.unsaved = 0
        return True

    def _save_to(self, path: Path) -> Path:
        """Write the battle, or in a campaign the campaign's file (with this battle in it), to ``path``."""
        if self.campaign is not None:
            return save_campaign(self.campaign, path)
        return save_battle(self.battle, path)

    def copy_stem(self) -> str:
        """The start of a copy's file name: the battle's system and scenario ids (or the campaign's name), made safe."""
        s = self.battle.setup
        if self.campaign is not None:
            return f"{safe_part(s.system, 'system')}-campaign-{safe_part(self.campaign.spec.name, 'campaign')}"
        return f"{safe_part(s.system, 'system')}-{safe_part(s.scenario, 'scenario')}"

    def save_copy(self, name: str | None = None) -> Path:
        """Save the battle as a new file in the saves folder (system-scenario-stamp.json); returns the path.

        The name keeps only safe characters of the save's ids and must land in the saves folder
        (SaveError with one line otherwise); an existing file is never replaced.
        """
        folder = saves_dir()
        if name is None:
            target = fresh_target(folder, f"{self.copy_stem()}-{time.strftime('%Y%m%d-%H%M%S')}")
        else:
            target = saves_target(folder, name)
        path = self._save_to(target)
        self.unsaved = 0
        return path

    def save_elsewhere(self, typed: str) -> Path:
        """Save the battle where the player typed (see names.elsewhere_target); returns the path.

        For when the saves folder cannot be written: the copy holds every order so far."""
        default = f"{self.copy_stem()}-{time.strftime('%Y%m%d-%H%M%S')}.json"
        path = self._save_to(elsewhere_target(typed, default, saves_dir()))
        self.unsaved = 0
        return path


def unfinished_autosave() -> Path | None:
    """Where an unfinished (or unreadable) autosave would be kept if a new battle started now; None when
    there is none worth keeping (no autosave, or a finished battle, which is simply replaced)."""
    path = autosave_path()
    if not path.is_file():
        return None
    keep = True
    try:
        if is_campaign_file(path):  # a campaign is kept until its last battle is over
            keep = parse_campaign_text(read_text_bounded(path, MAX_SAVE_BYTES, "campaign")).current is not None
        else:
            keep = load_battle(path, verify=False).outcome() is None
    except HexfrontError:
        keep = True
    if not keep:
        return None
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(path.stat().st_mtime))
    return fresh_target(saves_dir(), f"unfinished-{stamp}")


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


#: The most characters of a reason the list of saves shows after a file's name.
SHOWN_REASON = 70


def describe_save(path: Path) -> str:
    """One line about a save file for the lists, without replaying it; never raises.

    The file is read as every save is (a regular file, bounded, never blocking) and its fields
    checked; a file that is no save says why, shortly. Every value from the file is escaped and cut.
    """
    name = shown(path.name, 60)
    try:
        text = read_text_bounded(path, MAX_SAVE_BYTES, "save")
        if is_campaign_json(parse_json_text(text, "it")):
            found = parse_campaign_text(text, "it")
            done = len(found.fought) + (found.current is not None)
            state = f"battle {done} of {len(found.battles)}" if found.current is not None else "over"
            return f"{name}: {_system_title(found.system)} campaign, {shown(found.title, 40)}, {state}"
        save = parse_save_text(text, "it")
    except (FileRefused, SaveError) as exc:
        # the first clause, with the file named "it": "it is a pipe (FIFO), not a regular file"
        where = shown_path(path)
        reason = exc.message.replace(f"save {where}", "it").replace(where, "it").split(";")[0]
        return f"{name}: not a readable save: {shown(reason, SHOWN_REASON)}"
    except Exception as exc:  # whatever else a hostile file provokes, the list stays up
        return f"{name}: not a readable save ({shown(type(exc).__name__)})"
    return f"{name}: {_battle_title(save.system, save.scenario)}, {plural(len(save.commands), 'order')}"


def _system_title(system_id: str) -> str:
    """The rule system's title ("JTS RatFight") for an id this game has; else the file's id, escaped and cut."""
    system = all_systems().get(system_id)
    return system.title if system is not None else shown(system_id, 30)


def _battle_title(system_id: str, scenario: str) -> str:
    """"JTS RatFight, Convoy Ambush" for a system and scenario this game has; the file's own ids (escaped, cut)
    for what it does not know."""
    system = all_systems().get(system_id)
    if system is None:
        return f"{shown(system_id, 30)} {shown(scenario, 40)}"
    titles = {s.name: s.title for s in system.scenarios()}
    return f"{system.title}, {titles.get(scenario, shown(scenario, 40))}"


def check_players(battle: Battle) -> None:
    """Every side the battle gives to the computer names a computer player its system has.

    SaveError with one line otherwise (a save may name one from another version, or be tampered with).
    """
    system = battle.system
    known = system.computer_players()
    players = battle.setup.players
    for side in system.sides(battle.state):
        who = players.get(side, HUMAN)
        if who != HUMAN and who not in known:
            raise SaveError(f"the battle gives {shown(side, 30)} to the computer player '{shown(who, 40)}', "
                            f"which {system.title} does not have (it has: {', '.join(known)}); "
                            f"the save may be from another version or damaged")


def resume_autosave() -> Battle | Campaign | None:
    """The autosaved battle (or campaign) for 'hexfront play --continue', loaded and checked; None when there
    is none. A file there that cannot be played raises SaveError with one line (the command line prints it)."""
    path = autosave_path()
    if not os.path.lexists(path):
        return None
    try:
        if is_campaign_file(path):
            campaign = load_campaign(path)
            if campaign.current is not None:
                check_players(campaign.current)
            return campaign
        battle = load_battle(path, verify=True)
        check_players(battle)
    except HexfrontError as exc:
        raise SaveError(f"cannot continue the last battle: {exc.message}") from None
    return battle


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
    stem = safe_part(original.stem) if original is not None else f"{safe_part(s.system)}-{safe_part(s.scenario)}"
    target = fresh_target(saves_dir(), f"{stem}-from-{orders}")
    save_battle(new, target)
    is_autosave = original is not None and original.resolve() == autosave_path().resolve()
    if is_autosave:
        return Session(new, target), target, None
    kept = retire_autosave()
    return Session(new, autosave_path()), target, kept
