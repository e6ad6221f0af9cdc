"""A battle: its setup, its command log, and the state folded from the events.

A battle is fully given by its :class:`BattleSetup` (rule system and version,
scenario content, options, seed, script) and its command log. Everything else
(undo, redo, save, load, replays and divergence checks) replays that log from
the nearest keyframe; no rule is ever run backwards.
"""

from __future__ import annotations

from typing import Any

import attrs

from .errors import HexfrontError, UndoRefused, shown
from .events import is_random
from .resolution import Randomizer, RandomizerSnapshot, Resolution, Script
from .statehash import CANONICAL, CheckpointHash
from .system import Outcome, RuleSystem, get_system

UNDO_POLICIES = ("practice", "strict")


class IllegalOrder(HexfrontError):
    """A command refused by the rules; the battle is unchanged."""


class Divergence(HexfrontError):
    """Replaying a log did not give what the log recorded."""

    def __init__(self, message: str, index: int, battle: Battle) -> None:
        super().__init__(message)
        self.index = index
        self.battle = battle


@attrs.frozen
class Checkpoint:
    """Recorded after each command: the state hash and how many random draws have been made."""

    hash: str
    draws: int


@attrs.define
class BattleSetup:
    system: str
    scenario: str
    seed: int
    content: dict[str, Any]
    rules_version: str
    options: dict[str, Any] = attrs.field(factory=dict)
    undo_policy: str = "practice"
    players: dict[str, str] = attrs.field(factory=dict)
    script: Script | None = None
    #: step-through resolution: pause at every die and card to explain it (a setting of this battle,
    #: kept in its save; no rule reads it)
    teach: bool = False


class Battle:
    KEYFRAME_EVERY = 50

    def __init__(self, system: RuleSystem, setup: BattleSetup) -> None:
        if setup.undo_policy not in UNDO_POLICIES:
            raise HexfrontError(
                f"unknown undo policy '{shown(setup.undo_policy, 40)}'; choose one of: {', '.join(UNDO_POLICIES)}"
            )
        self.system = system
        self.setup = setup
        self.state = system.new_state(setup.content, setup.options)
        self.rng = Randomizer(setup.seed, setup.script)
        ctx = Resolution(system, self.state, self.rng)
        system.setup(ctx)
        self.setup_events: list[Any] = ctx.events
        self.setup_check = self.checkpoint()
        self.log: list[Any] = []
        self.events: list[list[Any]] = []
        self.checkpoints: list[Checkpoint] = []
        self.redo_stack: list[Any] = []
        self.keyframes: dict[int, tuple[Any, RandomizerSnapshot]] = {0: self._freeze()}

    # -- construction ------------------------------------------------------------
    @classmethod
    def new(cls, system_id: str, scenario: str | None = None, *, seed: int = 0,
            options: dict[str, Any] | None = None, undo_policy: str = "practice",
            players: dict[str, str] | None = None, script: Script | None = None,
            content: dict[str, Any] | None = None) -> Battle:
        """A new battle of ``scenario``; ``content`` (a campaign's next battle: the scenario's content with
        what carried over written in) is used instead of the scenario's files."""
        system = get_system(system_id)
        scenario = scenario or system.default_scenario()
        system.check_scenario(scenario)
        merged = system.default_options()
        known = system.option_names()
        for key, value in (options or {}).items():
            if key not in known:
                raise HexfrontError(
                    f"{system.title} has no option '{shown(key, 40)}'; options: {', '.join(sorted(known)) or 'none'}"
                )
            merged[key] = value
        if content is None:
            content = system.load_content(scenario)
        if script is None:
            script = system.scenario_script(content)
        setup = BattleSetup(system=system.id, scenario=scenario, seed=seed, content=content,
                            rules_version=system.rules_version, options=merged,
                            undo_policy=undo_policy, players=dict(players or {}), script=script)
        return cls(system, setup)

    # -- reading -------------------------------------------------------------------
    def outcome(self) -> Outcome | None:
        return self.system.outcome(self.state)

    def side_to_act(self) -> str | None:
        return self.system.side_to_act(self.state)

    def legal_commands(self) -> list[Any]:
        """The orders that may be given now; once the battle is decided, only its aftermath order (a battle
        of a campaign whose system has one: engine.core.campaign), until it is given."""
        if self.outcome() is not None:
            kind = self.aftermath_type()
            if kind is None:
                return []
            return [c for c in self.system.legal_commands(self.state) if type(c) is kind]
        return self.system.legal_commands(self.state)

    def aftermath_type(self) -> type[Any] | None:
        """The order type of this battle's end-of-battle step, or None (not a campaign's, or none in its system)."""
        return self.system.aftermath_type(self.setup.options)

    def aftermath_pending(self) -> bool:
        """The battle is decided and its aftermath order is still to be given."""
        return self.outcome() is not None and bool(self.legal_commands())

    def all_events(self) -> list[Any]:
        out = list(self.setup_events)
        for evs in self.events:
            out.extend(evs)
        return out

    def state_hash(self, hashing: CheckpointHash = CANONICAL) -> str:
        """The hash of the state and the randomizer now (engine.core.statehash says exactly what is hashed)."""
        return hashing.state(self.system.canonical(self.state), self.rng.snapshot())

    def checkpoint(self, hashing: CheckpointHash = CANONICAL) -> Checkpoint:
        """The checkpoint of the battle now; ``hashing`` other than CANONICAL checks an older save."""
        return Checkpoint(self.state_hash(hashing), self.rng.draws)

    # -- orders --------------------------------------------------------------------
    def refusal(self, command: Any) -> str | None:
        """Why ``command`` is illegal now, or None if it may be given."""
        if self.outcome() is not None and (type(command) is not self.aftermath_type()):
            return "the battle is over"
        if type(command) not in self.system.command_types:
            return f"{type(command).__name__} is not an order in {self.system.title}"
        return self.system.validate(self.state, command)

    def submit(self, command: Any, *, _keep_redo: bool = False) -> list[Any]:
        """Give an order. Returns its events; raises IllegalOrder (changing nothing) if refused."""
        reason = self.refusal(command)
        if reason is not None:
            raise IllegalOrder(reason)
        try:
            events = self._resolve(command)
        except BaseException:
            self._rebuild(len(self.log))  # never leave a half-resolved state behind
            raise
        self.log.append(command)
        self.events.append(events)
        self.checkpoints.append(self.checkpoint())
        if not _keep_redo:
            self.redo_stack.clear()
        if len(self.log) % self.KEYFRAME_EVERY == 0:
            self.keyframes[len(self.log)] = self._freeze()
        return events

    def _resolve(self, command: Any) -> list[Any]:
        ctx = Resolution(self.system, self.state, self.rng)
        self.system.resolve(ctx, command)
        return ctx.events

    # -- undo and redo ---------------------------------------------------------------
    def undo_refusal(self) -> str | None:
        if not self.log:
            return "there is nothing to undo"
        if self.setup.undo_policy == "strict" and any(is_random(e) for e in self.events[-1]):
            return ("this battle's undo policy is strict: the last order drew cards or rolled dice, "
                    "so it stands")
        return None

    def undo(self) -> Any:
        """Take back the last command: the state becomes exactly what it was before it."""
        reason = self.undo_refusal()
        if reason is not None:
            raise UndoRefused(reason)
        command = self.log.pop()
        self.events.pop()
        self.checkpoints.pop()
        self.redo_stack.append(command)
        for k in [k for k in self.keyframes if k > len(self.log)]:
            del self.keyframes[k]
        self._rebuild(len(self.log))
        return command

    def redo(self) -> list[Any]:
        if not self.redo_stack:
            raise UndoRefused("there is nothing to redo")
        return self.submit(self.redo_stack.pop(), _keep_redo=True)

    # -- keyframes --------------------------------------------------------------------
    def _freeze(self) -> tuple[Any, RandomizerSnapshot]:
        return (self.system.copy_state(self.state), self.rng.snapshot())

    def _thaw(self, frame: tuple[Any, RandomizerSnapshot]) -> None:
        state, snap = frame
        self.state = self.system.copy_state(state)
        self.rng.restore(snap)

    def _rebuild(self, n: int) -> None:
        """Make the live state the state after the first ``n`` commands of the log."""
        k = max(i for i in self.keyframes if i <= n)
        self._thaw(self.keyframes[k])
        for command in self.log[k:n]:
            self._resolve(command)

    def state_after(self, n: int) -> tuple[Any, str]:
        """The state (a copy) and its hash after the first ``n`` commands; the battle is unchanged."""
        if not 0 <= n <= len(self.log):
            raise IndexError(n)
        saved = self._freeze()
        try:
            self._rebuild(n)
            return self.system.copy_state(self.state), self.state_hash()
        finally:
            self._thaw(saved)

    # -- replay ---------------------------------------------------------------------
    @classmethod
    def replay(cls, setup: BattleSetup, commands: list[Any],
               checkpoints: list[Checkpoint] | None = None,
               setup_check: Checkpoint | None = None) -> Battle:
        """Rebuild a battle from its log; with checkpoints, stop at the first divergence."""
        system = get_system(setup.system)
        battle = cls(system, setup)
        if setup_check is not None and battle.setup_check != setup_check:
            raise Divergence(
                f"the battle diverges at its setup: recorded state {setup_check.hash} "
                f"({setup_check.draws} draws), replayed {battle.setup_check.hash} "
                f"({battle.setup_check.draws} draws)", 0, battle)
        battle.replay_log(commands, checkpoints)
        return battle

    def replay_log(self, commands: list[Any], checkpoints: list[Checkpoint] | None = None,
                   hashing: CheckpointHash = CANONICAL) -> None:
        """Give ``commands`` in turn; with checkpoints, raise Divergence at the first that differs.

        The checkpoints are compared as ``hashing`` makes them (an older save's are checked the way it
        was written); the battle's own ``checkpoints`` are always CANONICAL, so a re-save is re-stamped."""
        if checkpoints is not None and len(checkpoints) != len(commands):
            raise ValueError(f"{len(commands)} commands but {len(checkpoints)} checkpoints")
        for i, command in enumerate(commands, start=1):
            try:
                self.submit(command)
            except IllegalOrder as refused:
                raise Divergence(f"the battle diverges at command {i}: it is refused on replay "
                                 f"({refused.message})", i, self) from None
            if checkpoints is not None:
                want = checkpoints[i - 1]
                got = self.checkpoints[-1] if hashing is CANONICAL else self.checkpoint(hashing)
                if got != want:
                    text = shown(self.system.describe_command(command, self.state))
                    raise Divergence(
                        f"the battle diverges at command {i} ({text}): "
                        f"recorded state {want.hash} after {want.draws} draws, "
                        f"replayed {got.hash} after {got.draws} draws", i, self)
