"""The outcomes of Dustup's orders: the labels the previews price and the reading of which outcome an
order had, from its events (the luck report; the odds-against-engine tests): the same strings in both.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hexfront.engine.core.events import DieRolled, rule_cited
from hexfront.engine.core.hexes import hex_distance
from hexfront.engine.core.view import (
    Chance,
)

from . import commands as C
from . import events as E
from . import odds
from .board import at
from .describe import BOX_WORDS, where
from .dice import beats, successes
from .schema import SUPPORT_TIERS
from .state import (
    BROKEN,
    FIT,
    KILLED,
    ROUTED,
    STABILISED,
    DustState,
    Figure,
    Unit,
)

# ---------------------------------------------------------------------------------------------
# Outcome labels, shared by the previews and by outcome_of (the same strings in both)
# ---------------------------------------------------------------------------------------------

NO_EFFECT = "no effect"
MOVE_SHORT = "falls short: goes as far as the roll allows"
MOVE_REFUSED = "will not go: the action is lost"
ASSAULT_AT_ONCE = "contact: close combat at once"
ASSAULT_UNIT = "courage test (2 defender driven off, 1 attack goes in, 0 halts, -1 fails)"
RECOVER_PASS, RECOVER_FAIL = "one suppression marker removed", "stays pinned"
ORDER_THROUGH = "the order gets through: it takes two actions"
DETACHMENT_THROUGH = "the detachment takes two actions"
MESSAGE_FAILS = "the message fails"
COMBINED_BOTH = "both orders get through: they assault together"
COMBINED_ONE = "only one order gets through: that unit acts alone"
COMBINED_NONE = "neither order gets through"
RALLY_TWO, RALLY_ONE, RALLY_NONE, RALLY_DROP = "up two levels", "up one confidence level", "no change", \
    "drops a level"
RALLY_ORDER = (RALLY_TWO, RALLY_ONE, RALLY_NONE, RALLY_DROP)
RALLY_VALUES = {RALLY_TWO: 2.0, RALLY_ONE: 1.0, RALLY_NONE: 0.0, RALLY_DROP: -1.0}
DETECT_BOTH = "both dice beat it: a unit is revealed, a dummy removed"
DETECT_ONE = "one die beats it: a dummy is removed, a unit stays hidden"
DETECT_NONE = "nothing learned"
DETECT_LABELS = (DETECT_NONE, DETECT_ONE, DETECT_BOTH)  # by the number of the observer's dice that beat it
ROUSE_PASS, ROUSE_FAIL = "recovers from the panic", "still panicking"
ROUSE_WORSE = "still panicking and drops a confidence level"
REQUEST_REFUSED = "the call is not answered"


def minor_label(name: str) -> str:
    return f"minor success: {name} suppressed"


def hits_label(k: int) -> str:
    """A major success with ``k`` hits (Shoot Action: Determine Casualties)."""
    if k == 0:
        return "major success: suppressed, but no hits"
    return f"major success: suppressed and {k} hit{'s' if k != 1 else ''}"


def suppressive_label(name: str) -> str:
    return f"{name} suppressed (no hits: suppressive fire)"


def shot_chances(name: str, dice: list[int], die: int, extra: bool, suppressive: bool) \
        -> tuple[tuple[Chance, ...], str]:
    """The chances of a shot (Shoot Action: Resolving Direct Fire; Determine Casualties): no effect, a
    minor success, and a major success with each number of hits, worth its hits; suppressive fire
    only suppresses (worth one suppression). Returns (chances, the values' unit)."""
    none, minor, major = odds.shot_outcomes(dice, die, extra)
    if suppressive:
        return (Chance(NO_EFFECT, none, 0.0), Chance(suppressive_label(name), minor + sum(major.values()), 1.0)), \
            "suppressions"
    out = [Chance(NO_EFFECT, none, 0.0), Chance(minor_label(name), minor, 0.0)]
    out += [Chance(hits_label(k), p, float(k)) for k, p in major.items()]
    return tuple(out), "hits"


def move_reaches(cmd: Any) -> str:
    return f"reaches {where(cmd.to)}"


def assault_labels(st: DustState, target: Unit) -> dict[str, str]:
    from . import courage

    nerves = "" if target.suppression else ", and drops a confidence level"
    routs = "routs" if target.confidence <= BROKEN else "withdraws"
    return {courage.WITHDRAW: f"{target.name} {routs}", courage.CONTACT: "the attack goes in: move to contact",
            courage.FAIL: "attacker halts: the assault action is lost",
            courage.BAD: f"the attack fails: both actions lost{nerves}"}


ASSAULT_VALUES = {"withdraw": 2.0, "contact": 1.0, "fail": 0.0, "bad": -1.0}


def rally_label(st: DustState, cmd: Any, hq: Unit, roll: int) -> str:
    """What a rally roll of ``roll`` does (command.rally_result, with the optional doubles): capped at the
    unit's starting confidence, and never below routed."""
    from . import command

    sub = st.units[cmd.subordinate]
    levels = command.rally_result(roll, sub.leadership + hq.leadership, bool(st.options.get("rally_doubles")))
    room = sub.initial_confidence - sub.confidence
    if levels > 0:
        return (RALLY_NONE, RALLY_ONE, RALLY_TWO)[min(levels, room, 2) if room > 0 else 0]
    if levels < 0 and sub.confidence > ROUTED:
        return RALLY_DROP
    return RALLY_NONE


def treat_label(back: int, stable: int, dead: int) -> str:
    return f"{back} back on duty, {stable} stabilised, {dead} die"


def request_granted(st: DustState, u: Unit, cmd: Any) -> str:
    from . import support

    a = support.asset_of(st, u.side, cmd.asset)
    box = SUPPORT_TIERS.get(str(a.get("tier", ""))) if a else None
    when = BOX_WORDS.get(box, "") if box else ""
    return "request granted: the target marker goes down" + (f", the counter to {when}" if when else "")


def ew_estimate(st: DustState, side: str, what: str) -> tuple[bool, str]:
    """(estimate, note) when an enemy electronic-warfare unit may interfere with ``what`` (not priced)."""
    from . import ew

    if side in st.sides and ew.ew_unit(st, st.other(side)) is not None:
        return True, (f"estimated: the dice are counted exactly, but the enemy EW unit's attempt to stop "
                      f"{what} is left out")
    return False, "exact: every face of every die counted"


# ---------------------------------------------------------------------------------------------
# Which outcome an order had, from its events (the luck report; the odds-against-engine tests)
# ---------------------------------------------------------------------------------------------


def _dice(events: Sequence[Any], rule: str | tuple[str, ...], who: str | None = None) -> list[Any]:
    rules_ = (rule,) if isinstance(rule, str) else rule
    return [e for e in events if isinstance(e, DieRolled) and e.rule in rules_
            and (who is None or e.who == who)]


def _shot_outcome(events: Sequence[Any], target_rules: tuple[str, ...], fire_rules: tuple[str, ...], name: str,
                  suppressive: bool = False, extra_rule: str = "", dice: int = 99) -> str | None:
    """The first shot in ``events``: its target die, the firer's dice rolled straight after it (at most
    ``dice`` of them: a heavy weapon's shot is followed by the next weapon's, under the same rule), any
    additional-hit roll; labelled as :func:`shot_chances` labels it."""
    rolled = [e for e in events if isinstance(e, DieRolled)]
    start = next((i for i, e in enumerate(rolled) if e.rule in target_rules), None)
    if start is None:
        return None
    t = rolled[start]
    firer: list[int] = []
    for e in rolled[start + 1:]:
        if e.rule not in fire_rules or len(firer) >= dice:
            break
        firer.append(e.result)
    if not firer:
        return None
    count = sum(1 for r in firer if r > t.result)
    if count == 0:
        return NO_EFFECT
    if suppressive:
        return suppressive_label(name)
    if count == 1:
        return minor_label(name)
    hits, rem = divmod(sum(firer), t.sides)
    extra = next((e for e in rolled[start + 1 + len(firer):] if extra_rule and e.rule == extra_rule), None)
    if extra is not None and extra.result <= rem:
        hits += 1
    return hits_label(hits)


# Each reads which of the preview's outcomes its order had from the events it caused (``st`` is the state
# before it): decided from the dice where the dice decide it, so it is the label the preview priced. None
# where the outcome is not in these events (an assault whose defender is first asked whether to withdraw:
# the courage test comes with the answer; a move-and-fire that never fired).

Events = Sequence[Any]


def outcome_shoot(st: DustState, cmd: C.Shoot, events: Events) -> str | None:
    from . import fire

    target = st.units[cmd.target]
    return _shot_outcome(events, (fire.RULE_TARGET,), (fire.RULE_FIREPOWER,), target.name, cmd.suppressive,
                         fire.RULE_EXTRA)


def outcome_fire_weapon(st: DustState, cmd: Any, events: Events) -> str | None:
    from . import heavy

    u = st.units[cmd.unit]
    target = st.units[cmd.target]
    w = st.tables.weapons[checks_figure(u, cmd.weapons[0]).weapon]
    if w.kind == "guided":
        got = _shot_outcome(events, (heavy.RULE_ECM,), (heavy.RULE_GUIDED,), target.name, dice=2)
        if got is None and any(rule_cited(e) in (heavy.RULE_DECOYS, heavy.RULE_AREA) for e in events):
            return NO_EFFECT
        if got is not None and got.startswith("major"):
            return hits_label(1)
        if got is not None and any(isinstance(e, E.Note) and "guidance is disrupted" in e.text
                                   for e in events):
            return NO_EFFECT
        return got
    rule = (heavy.RULE_IAVR if w.kind == "iavr" else heavy.RULE_HEAVY,)
    return _shot_outcome(events, rule, rule, target.name, dice=1 + max(w.count, 1))


def outcome_move(st: DustState, cmd: C.Move, events: Events) -> str | None:
    if any(isinstance(e, E.Note) and e.rule == "Forces: Confidence (shaken)" and "will not go" in e.text
           for e in events):
        return MOVE_REFUSED
    moved = [e for e in events if isinstance(e, E.UnitMoved) and e.unit == cmd.unit]
    return move_reaches(cmd) if moved and moved[0].path[-1] == cmd.to else MOVE_SHORT


def outcome_assault(st: DustState, cmd: C.Assault, events: Events) -> str | None:
    from . import courage

    u, target = st.units[cmd.unit], st.units[cmd.target]
    if hex_distance(at(u), at(target)) <= 1:
        return ASSAULT_AT_ONCE
    labels = assault_labels(st, target)
    if target.confidence == ROUTED:
        return labels[courage.WITHDRAW]
    rolls = _dice(events, courage.R_COURAGE)
    if len(rolls) < 2:
        return None
    return labels[courage.classify(st, target, rolls[0].result, rolls[1].result)]


def outcome_recover(st: DustState, cmd: C.Recover, events: Events) -> str | None:
    u = st.units[cmd.unit]
    d = _dice(events, "Recover Suppression Action", u.id)
    return None if not d else RECOVER_PASS if beats(d[0].result, u.leadership) else RECOVER_FAIL


def outcome_rally(st: DustState, cmd: C.Rally, events: Events) -> str | None:
    d = _dice(events, "Rally Action", cmd.subordinate)
    return RALLY_NONE if not d else rally_label(st, cmd, st.units[cmd.unit], d[0].result)


def outcome_order(st: DustState, cmd: C.Order, events: Events) -> str | None:
    began = any(isinstance(e, E.ActivationBegan) and e.unit == cmd.subordinate for e in events)
    return ORDER_THROUGH if began else MESSAGE_FAILS


def outcome_activate_detachment(st: DustState, cmd: C.ActivateDetachment, events: Events) -> str | None:
    began = any(isinstance(e, E.ActivationBegan) and e.unit == cmd.detachment for e in events)
    return DETACHMENT_THROUGH if began else MESSAGE_FAILS


def outcome_combined(st: DustState, cmd: C.CombinedAssault, events: Events) -> str | None:
    if any(isinstance(e, E.AssaultState) or rule_cited(e).startswith("Assault Action") for e in events):
        return COMBINED_BOTH
    began = any(isinstance(e, E.ActivationBegan) and e.unit in (cmd.first, cmd.second) for e in events)
    return COMBINED_ONE if began else COMBINED_NONE


def outcome_treat(st: DustState, cmd: C.Treat, events: Events) -> str | None:

    rolls = [e.result for e in _dice(events, "Medical Treatment Action", cmd.unit)]
    return treat_label(*treatment_counts(tuple(rolls)))


def treatment_counts(rolls: tuple[int, ...]) -> tuple[int, int, int]:
    """(back on duty, stabilised, dead) among the casualties treated with ``rolls`` (command.treatment_result)."""
    from . import command

    ends = [command.treatment_result(r)[0] for r in rolls]
    return ends.count(FIT), ends.count(STABILISED), ends.count(KILLED)


def outcome_detect(st: DustState, cmd: C.Detect, events: Events) -> str | None:
    d = _dice(events, "Detect Action")
    if len(d) < 3:
        return None
    return DETECT_LABELS[successes([d[1].result, d[2].result], d[0].result).count]


def rouse_label(result: str) -> str:
    """The label of a panic recovery roll's result (command.rouse_result)."""
    from . import command

    return {command.ROUSED: ROUSE_PASS, command.STILL_PANICKING: ROUSE_FAIL, command.PANIC_DEEPENS: ROUSE_WORSE}[result]


def outcome_rouse(st: DustState, cmd: C.Rouse, events: Events) -> str | None:
    from . import command

    u = st.units[cmd.unit]
    target, _ = command.rouse_leadership(st, u)
    d = _dice(events, "Morale: Panic", u.id)
    return rouse_label(command.rouse_result(d[0].result, target)) if d else None


def outcome_request_fire(st: DustState, cmd: Any, events: Events) -> str | None:
    if any(isinstance(e, E.MissionPlaced) for e in events):
        return request_granted(st, st.units[cmd.unit], cmd)
    return REQUEST_REFUSED


def checks_figure(u: Unit, fid: str) -> Figure:
    from .checks import figure_by_id

    return figure_by_id(u, fid)
