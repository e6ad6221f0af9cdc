"""What a 30 Minute Missions order costs, what goes into its odds and the odds of each outcome (its preview),
and which of those outcomes it had (read from its events). :mod:`.rulebook` registers each with its order type.

The odds are exact: each roll is judged by :mod:`.odds`' function of its face, the one the resolution uses,
put to every face of every d8 (the attack roll, the evasion roll, the counter roll after an evasion and the
critical roll; the AP roll of Activate; the assault roll of Break Grapple). Each outcome carries its worth to
the side giving the order, in the unit its preview names, for the luck report.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from hexfront.engine.core.view import Chance, OrderPreview
from hexfront.engine.core.words import plural

from . import combat as K
from . import commands as C
from . import describe as D
from . import odds, rules
from .attacks import stance_can_strike, stance_watch
from .describe import Describer, elev_text
from .events import RollJudged, UnitActivated
from .state import MissionState, Unit

BREAKS_FREE = "breaks free"
STAYS_HELD = "stays grappled"
MISS = odds.MISS
EVADED = odds.EVADED


def refused(summary: str, why: str) -> OrderPreview:
    """The preview of an order not possible now: what it is (``summary``), and why not."""
    return OrderPreview(summary=summary, note=f"not possible now: {why}")


def ap_label(ap: int) -> str:
    return f"{ap} AP"


def _ap_cost(st: MissionState, ap: int) -> str:
    return f"{ap} AP of {st.turn.ap}" if st.turn is not None else ""


# -- orders without dice ---------------------------------------------------------------------------------

def preview_place(st: MissionState, cmd: C.Place) -> OrderPreview:
    return OrderPreview(D.place_order(st, cmd))


def preview_end_phase(st: MissionState, cmd: C.EndPhase) -> OrderPreview:
    return OrderPreview(D.end_phase_order(st, cmd))


def preview_end_turn(st: MissionState, cmd: C.EndTurn) -> OrderPreview:
    return OrderPreview(D.end_turn_order(st, cmd))


def command_action_preview(describe: Any) -> Any:
    """A command action's preview: its words and its 2 AP."""

    def preview(st: MissionState, cmd: Any) -> OrderPreview:
        return OrderPreview(describe(st, cmd), _ap_cost(st, K.COMMAND_AP))

    return preview


def _stance_shots(st: MissionState, u: Unit, to: Any, elev: int) -> list[str]:
    """Command Actions, Offensive Stance: the enemies aiming this way that would fire at ``u`` when it
    arrives at ``to`` (they could not reach it where it stands now)."""
    before = stance_watch(st, u)
    if not before:
        return []
    work = st.copy()
    moved = work.units[u.id]
    moved.at, moved.elev = to, elev
    desc = Describer(st)
    return [f"{desc.name(eid)} in offensive stance fires at your torso when you arrive"
            for eid, could in before.items() if not could and stance_can_strike(work, work.units[eid], moved)]


def preview_move(st: MissionState, cmd: C.Move) -> OrderPreview:
    u = st.units[cmd.unit]
    elev = K.walk_level(st, u.elev, cmd.to)
    assert elev is not None  # a legal step
    cost = f"{K.step_cost(st, cmd.to, elev)} movement of {rules.mp_left(st)}"
    notes = []
    if u.elev - elev >= 2:
        notes.append(f"a drop of {u.elev - elev} levels: a fall, {3 * (u.elev - elev)} damage to each leg")
    notes += _stance_shots(st, u, cmd.to, elev)
    return OrderPreview(D.move_order(st, cmd), cost, note="; ".join(notes))


def preview_turn(st: MissionState, cmd: C.Turn) -> OrderPreview:
    assert st.turn is not None  # a legal turn
    cost = "free turn" if not st.turn.free_turn_used else f"1 movement of {rules.mp_left(st)}"
    return OrderPreview(D.turn_order(st, cmd), cost)


def preview_thrust(st: MissionState, cmd: C.Thrust) -> OrderPreview:
    u = st.units[cmd.unit]
    spec = st.tables.thrusters[st.tables.designs[u.design].thrusters]
    path, elev = rules.thrust_path(st, u, cmd.direction, cmd.distance)
    note = "no ranged or close combat this turn after thruster movement"
    if len(path) < cmd.distance:
        note = f"an obstacle stops the flight after {plural(len(path), 'hex', 'hexes')}; " + note
    if path:
        note = "; ".join([note, *_stance_shots(st, u, path[-1], elev)])
    return OrderPreview(D.thrust_order(st, cmd), _ap_cost(st, spec.ap), (f"lands at elevation {elev_text(elev)}",),
                        note=note)


# -- Activate: the AP roll -------------------------------------------------------------------------------

def preview_activate(st: MissionState, cmd: C.Activate) -> OrderPreview:
    """Movement Phase: the AP pool, base AP + d8, each pool with its chance and worth in action points."""
    base = K.core(st, st.units[cmd.unit]).base_ap
    chances = tuple(Chance(ap_label(ap), float(p), float(ap)) for ap, p in sorted(odds.ap_odds(base).items()))
    return OrderPreview(D.activate_order(st, cmd), "", (f"AP pool: {base} base + d8 (Movement Phase)",), chances,
                        value_unit="action points")


def outcome_activate(before: MissionState, cmd: C.Activate, events: Sequence[Any]) -> str | None:
    return next((ap_label(e.ap) for e in events if type(e) is UnitActivated), None)


# -- Break Grapple: the assault roll ----------------------------------------------------------------------

def preview_break_grapple(st: MissionState, cmd: C.BreakGrapple) -> OrderPreview:
    stat = K.assault(st, st.units[cmd.unit], None)
    chance = odds.roll_odds(stat.need)
    free, held = chance.get(True, 0), chance.get(False, 0)
    return OrderPreview(D.unit_action("break grapple")(st, cmd), _ap_cost(st, K.COMMAND_AP),
                        (f"assault {stat.base}+ on the datasheet",) + stat.modifiers
                        + (f"assault roll needs {stat.need}+",),
                        (Chance(BREAKS_FREE, float(free), 1.0), Chance(STAYS_HELD, float(held), 0.0)),
                        value_unit="tests passed")


def outcome_break_grapple(before: MissionState, cmd: C.BreakGrapple, events: Sequence[Any]) -> str | None:
    roll = next((e for e in events if type(e) is RollJudged and e.kind == "break grapple"), None)
    return None if roll is None else BREAKS_FREE if roll.success else STAYS_HELD


# -- Attack ---------------------------------------------------------------------------------------------------

@attrs.frozen
class AttackLabels:
    """The outcome labels of one attack (as the preview shows them) and what each is worth to the attacker,
    in damage points: the damage dealt, or minus the damage a counter roll strikes back with."""

    hit: str
    critical: str
    countered: str
    dmg: int
    crit: int
    counter_dmg: int


def attack_labels(st: MissionState, cmd: C.Attack) -> AttackLabels:
    desc = Describer(st)
    u = st.units[cmd.unit]
    weapon, w, drone = rules.weapon_of_attack(st, u.id, cmd.weapon)
    dmg = K.flat_damage(st, w, weapon)
    crit = dmg + K.critical_bonus(dmg)
    area = desc.area(cmd.area)
    tu = st.units.get(cmd.target)
    counter_dmg = 0
    if tu is not None:
        sh = K.shield_of(st, tu) if tu.stance == "defensive" else None
        if sh is not None:
            area = f"{desc.weapon(sh.id)} (defensive stance)"
        pw = K.primary_weapon(st, tu)
        if pw is not None:
            counter_dmg = K.flat_damage(st, pw, st.tables.weapons[pw.type])
    struck = "your drone's frame" if drone is not None else "your torso"
    guard = K.shield_of(st, u) if drone is None and u.stance == "defensive" else None
    if guard is not None:
        struck = f"your {desc.weapon(guard.id)} (defensive stance)"
    return AttackLabels(f"hit: {dmg} to {area}", f"critical hit: {crit} to {area}",
                        f"evaded and countered: {counter_dmg} to {struck}", dmg, crit, counter_dmg)


@attrs.frozen
class AttackRolls:
    """What an attack's rolls need, as :func:`.attacks.attack` will judge them, and every modifier named."""

    need: int
    bonus: int
    evade: int | None
    counter: int | None
    modifiers: tuple[str, ...]


def _to_hit(st: MissionState, u: Unit, cmd: C.Attack) -> tuple[int, int, list[str]]:
    weapon, _, drone = rules.weapon_of_attack(st, u.id, cmd.weapon)
    if drone is not None:
        need = st.tables.drones[drone.type].accuracy
        return need, 0, [f"drone accuracy {need}+"]
    kind = "accuracy" if weapon.kind == "ranged" else "assault"
    stat = K.accuracy(st, u, weapon) if kind == "accuracy" else K.assault(st, u, weapon)
    bonus, roll_mods = K.roll_bonus(u, kind)
    mods = [f"{kind} {stat.base}+ on the datasheet", *stat.modifiers, *roll_mods,
            f"{kind} roll needs {stat.need}+" + (f" with +{bonus} to the roll" if bonus else "")]
    return stat.need, bonus, mods


def _evasion(st: MissionState, u: Unit, cmd: C.Attack,
             labels: AttackLabels) -> tuple[int | None, int | None, list[str]]:
    """The target's evasion roll and, after an evasion, its counter roll (None where there is none)."""
    td = st.drones.get(cmd.target)
    if td is not None:
        evade = st.tables.drones[td.type].evasion
        return evade, None, [f"drone evasion {evade}+"]
    tu = st.units[cmd.target]
    why = K.can_evade(tu)
    if why:
        return None, None, [f"no evasion: {why}"]
    es = K.evasion(st, tu)
    mods = [f"target evasion {es.base}+ on the datasheet", *(f"target: {m}" for m in es.modifiers),
            f"evasion roll needs {es.need}+"]
    pw = K.primary_weapon(st, tu)
    if pw is None or tu.at is None:
        return es.need, None, mods
    pwt = st.tables.weapons[pw.type]
    _, _, drone = rules.weapon_of_attack(st, u.id, cmd.weapon)
    src = rules.target_pos(st, drone.id if drone else u.id)
    assert src is not None  # the attacker is on the battlefield
    if K.attack_range(tu.at, tu.elev, src[0], src[1]) > pwt.range:
        return es.need, None, [*mods, f"no counter: {pwt.name} cannot reach back"]
    counter = K.counter(st, tu).need
    return es.need, counter, [*mods, f"after an evasion, counter roll {counter}+ with {pwt.name} for "
                                     f"{labels.counter_dmg}"]


def attack_rolls(st: MissionState, cmd: C.Attack, labels: AttackLabels) -> AttackRolls:
    u = st.units[cmd.unit]
    weapon, w, _ = rules.weapon_of_attack(st, u.id, cmd.weapon)
    need, bonus, mods = _to_hit(st, u, cmd)
    mods.append("a natural 8 is a perfect roll: it cannot be evaded (Terminology: Perfect Roll)")
    evade, counter, evasion_mods = _evasion(st, u, cmd, labels)
    mods += evasion_mods
    if w is not None and K.one_handed_2h(st, w):
        mods.append(f"[2H] held in one hand: half damage, {weapon.damage} -> {labels.dmg}")
    mods.append(f"critical roll 8: +{K.critical_bonus(labels.dmg)} damage (half the flat damage, rounded up)")
    tu = st.units.get(cmd.target)
    if tu is not None and tu.stance == "defensive" and K.shield_of(st, tu) is not None:
        mods.append("defensive stance: the damage goes to the guard")
    phase = st.turn.phase if st.turn is not None else ""
    if phase == "movement" or (phase == "ranged" and weapon.kind != "ranged"):
        mods.append(f"this ends the {phase} phase")
    return AttackRolls(need, bonus, evade, counter, tuple(mods))


def preview_attack(st: MissionState, cmd: C.Attack) -> OrderPreview:
    """Exact odds of an attack, every d8 enumerated: the attack roll, the evasion roll (and the counter
    roll after an evasion) and the critical roll, with every modifier named. Each outcome is worth the
    damage it deals to the attacker's side (a counter: minus what comes back)."""
    weapon, _, _ = rules.weapon_of_attack(st, cmd.unit, cmd.weapon)
    labels = attack_labels(st, cmd)
    rolls = attack_rolls(st, cmd, labels)
    chance = odds.attack_chances(rolls.need, rolls.bonus, rolls.evade, rolls.counter)
    zero = 0.0
    chances = [Chance(MISS, float(chance.get(odds.MISS, zero)), 0.0)]
    if rolls.evade is not None:
        chances.append(Chance(EVADED, float(chance.get(odds.EVADED, zero)), 0.0))
        if rolls.counter is not None:
            chances.append(Chance(labels.countered, float(chance.get(odds.COUNTERED, zero)),
                                  float(-labels.counter_dmg)))
    chances.append(Chance(labels.hit, float(chance.get(odds.HIT, zero)), float(labels.dmg)))
    chances.append(Chance(labels.critical, float(chance.get(odds.CRITICAL, zero)), float(labels.crit)))
    return OrderPreview(D.attack_order(st, cmd), _ap_cost(st, weapon.ap), rolls.modifiers, tuple(chances),
                        value_unit="damage dealt")


def outcome_attack(before: MissionState, cmd: C.Attack, events: Sequence[Any]) -> str | None:
    """Which of the attack's outcomes it had, from its judged rolls."""
    kinds = {e.kind: e for e in events if type(e) is RollJudged}
    first = kinds.get("accuracy") or kinds.get("assault")
    if first is None:
        return None
    if not first.success:
        return MISS
    labels = attack_labels(before, cmd)
    if "evasion" in kinds and kinds["evasion"].success:
        return labels.countered if "counter" in kinds and kinds["counter"].success else EVADED
    crit = kinds.get("critical")
    return labels.critical if crit is not None and crit.success else labels.hit
