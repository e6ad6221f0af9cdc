"""The preview of a Dustup order before it is given: what it costs, every die shift by name, and the
odds of each outcome (see :mod:`.odds` for how they are counted). Nothing here changes a battle.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from hexfront.engine.core.hexes import Hex, arc_of, hex_distance, shortest_path
from hexfront.engine.core.odds import then
from hexfront.engine.core.view import (
    Chance,
    OrderPreview,
)
from hexfront.engine.core.words import plural

from . import command, courage, ew, fire, ground, heavy, odds, rules, shooting, support
from . import commands as C
from .board import FACING_NAMES, at, faces, terrain_effect, weapon_brief
from .board import at as board_at
from .data import COMMS_RANGE
from .describe import Describer, where
from .dice import HALF_TEXT, die_name, open_shift, opposed_shift, shift, successes, value_name
from .outcomes import (
    ASSAULT_AT_ONCE,
    ASSAULT_UNIT,
    ASSAULT_VALUES,
    COMBINED_BOTH,
    COMBINED_NONE,
    COMBINED_ONE,
    DETACHMENT_THROUGH,
    DETECT_BOTH,
    DETECT_NONE,
    DETECT_ONE,
    MESSAGE_FAILS,
    MOVE_REFUSED,
    MOVE_SHORT,
    NO_EFFECT,
    ORDER_THROUGH,
    RALLY_NONE,
    RALLY_ORDER,
    RALLY_VALUES,
    RECOVER_FAIL,
    RECOVER_PASS,
    REQUEST_REFUSED,
    ROUSE_FAIL,
    ROUSE_PASS,
    ROUSE_WORSE,
    assault_labels,
    ew_estimate,
    hits_label,
    minor_label,
    move_reaches,
    rally_label,
    request_granted,
    rouse_label,
    shot_chances,
    treat_label,
)
from .state import (
    BROKEN,
    CONFIDENCE,
    FIT,
    KILLED,
    ROUTED,
    SHAKEN,
    STABILISED,
    DustState,
    Figure,
    Unit,
)

# ---------------------------------------------------------------------------------------------
# The odds
# ---------------------------------------------------------------------------------------------


def _pct(p: float) -> str:
    return f"{100 * p:.0f}%"


def shoot_preview(st: DustState, u: Unit, cmd: C.Shoot, summary: str, cost: str) -> OrderPreview:
    """Shoot Action: the target die and the firer's dice as the fire rules build them (fire.py), every
    shift and die named, and the exact chances of no effect, a minor and a major success."""
    target = st.units[cmd.target]
    die, shifts = shooting.target_die_for(st, u, target, cmd.suppressive)
    mods = [shooting.describe_target_die(die, shifts)]
    if die > 12:
        return OrderPreview(summary=summary, cost=cost, modifiers=tuple(mods),
                            note="the target die is shifted above a D12: it cannot be fired on")
    figs = fire.firing_figures(st, u, target, cmd.figures)
    if target.is_vehicle:
        return shoot_vehicle_preview(st, u, target, cmd, figs, die, mods, summary, cost)
    named, impact = fire.firer_dice_named(st, u, [f.id for f in figs], cmd.grenades)
    mods += [label for _, label in named]
    exact = "exact: every face of every die counted"
    extra = bool(st.options.get("additional_hits"))
    chances, unit = shot_chances(target.name, [d for d, _ in named], die, extra, cmd.suppressive)
    if cmd.suppressive:
        return OrderPreview(summary=summary, cost=cost, modifiers=tuple(mods), odds=chances, note=exact,
                            value_unit=unit)
    cover = ground.cover_shift(st, target)
    steps = cover + (1 if target.propped else 0)
    armour = min((f.armour for f in target.fit_figures), default=4)
    wound, kill = odds.p_wound(impact, shift(armour, steps)) if impact else (0.0, 0.0)
    arm_words = f"impact {die_name(impact)} against armour {die_name(armour)}"
    if steps:
        arm_words += " shifted to " + die_name(shift(armour, steps)) + " (" + ", ".join(
            x for x in (f"{'hard' if cover == 2 else 'soft'} cover +{cover}" if cover else "",
                        "propped +1" if target.propped else "") if x) + ")"
    mods.append(f"{arm_words}: each hit wounds {_pct(wound)}, kills {_pct(kill)}")
    if st.options.get("additional_hits"):
        mods.append("additional hits (optional rule): the remainder is a chance of one more hit")
    if target.travel:
        mods.append("a unit in travel column fired on is suppressed whatever the dice")
    hits = sum(c.probability * (c.value or 0.0) for c in chances)  # each chance is worth its hits
    note = f"expected hits {hits:.2f}, about {hits * (wound + kill):.2f} casualties; {exact}"
    return OrderPreview(summary=summary, cost=cost, modifiers=tuple(mods), odds=chances, note=note,
                        value_unit=unit)


def shoot_vehicle_preview(st: DustState, u: Unit, target: Unit, cmd: C.Shoot, figs: list[Figure], die: int,
                          mods: list[str], summary: str, cost: str) -> OrderPreview:
    """Firing at Vehicles: the weapons' dice against armour, the face the fire strikes (by the target's
    facing) and the chances that each hit damages or destroys it."""
    named, impact = fire.firer_dice_named(st, u, [f.id for f in figs], cmd.grenades, vehicle=True)
    mods += [label for _, label in named]
    extra = bool(st.options.get("additional_hits"))
    chances, unit = shot_chances(target.name, [d for d, _ in named], die, extra, cmd.suppressive)
    face = armour_face_from(target, at(u))
    armour = target.armour_face(face)
    if impact:
        beat, double = odds.p_value_beats(impact, armour)
        mods.append(f"each hit: impact {value_name(impact)} against the {face} armour {value_name(armour)}: "
                    f"damaged {_pct(beat - double)}, destroyed {_pct(double)}")
    small = not cmd.grenades and not any(fire.is_support(st, f) for f in figs)
    if small and armour > 12 and target.suppression:
        mods.append("small arms add no suppression to an armoured vehicle already suppressed")
    if extra:
        mods.append("additional hits (optional rule): the remainder is a chance of one more hit")
    return OrderPreview(summary=summary, cost=cost, modifiers=tuple(mods), odds=chances,
                        note="exact: every face of every die counted", value_unit=unit)


def communicate(st: DustState, sender: Unit, receiver: Unit) -> tuple[Fraction, list[str]]:
    """Communicate Action: P(the message gets through), and the words behind it, as command.communicate rolls
    it: no roll within 3 hexes and in sight; else an enemy jammer's opposed roll (dice.opposed_shift) shifts
    the sender's quality die (down one per command level bypassed) down once or twice more, and that die
    must beat the worse leadership (dice.beats)."""
    if command.in_voice_range(st, sender, receiver):
        return Fraction(1), [f"within {COMMS_RANGE} hexes and in sight: no roll to communicate"]
    die, worst, notes = command.communication_die(st, sender, receiver)
    words = [f"communicate: {die_name(die)} must beat {worst} (the worse leadership)"
             + (f"; {', '.join(notes)}" if notes else "")]
    jammer = st.tables.side_info[st.other(sender.side)].get("jammer", 0)
    comms = st.tables.side_info[sender.side].get("comms", 8)
    jam = odds.dice_odds((jammer, comms), lambda r: opposed_shift(r[0], r[1])) if jammer else {0: Fraction(1)}
    through = then(jam, lambda down: odds.beats_odds(shift(die, -down), worst))
    if jammer:
        words.append(f"enemy jammer {die_name(jammer)} against comms {die_name(comms)}: "
                     f"die down one {_pct(float(jam.get(1, 0)))}, down two {_pct(float(jam.get(2, 0)))}")
    return through.get(True, Fraction(0)), words


def move_preview(st: DustState, u: Unit, cmd: C.Move, summary: str, cost: str) -> OrderPreview:
    """Move Action: every face of the movement die walked along the route the side can plan
    (ground.furthest_stop, as the resolution walks it on the ground it knows); a shaken unit moving toward
    the enemy or out of cover takes a leadership test first (Forces: Confidence). Hidden units and mines
    met on the way may stop it sooner: the preview cannot know of them (its note says so)."""
    carrying = ground.carries_wounded(u, cmd.leave_wounded)
    die, notes = ground.movement_die(st, u, carrying)
    path = shortest_path(at(u), cmd.to, ground.step_cost(st, u, known=True))
    step = ground.step_cost(st, u, known=True)
    need = sum(step(path[i - 1], path[i]) or 0 for i in range(1, len(path))) if path else 0
    far = plural(len(path) - 1 if path else 0, "hex", "hexes")
    mods = [f"movement die {die_name(die)}" + (f" ({', '.join(notes)})" if notes else ""),
            f"{far} to {where(cmd.to)}: {plural(need, 'movement point')} needed"]
    terrain = st.tables.terrain[st.tables.board[cmd.to]]
    mods.append(f"ends in {terrain.name}: {terrain_effect(terrain)}")
    def reaches(points: int) -> bool:  # the walk as the side can plan it (ground.furthest_stop, known ground)
        return path is not None and path[ground.furthest_stop(st, u, path, points, step, True)[0]] == cmd.to

    if u.travel:  # no roll in travel column: the full die in points
        walk: dict[bool, Fraction] = {reaches(die): Fraction(1)}
        mods.append("travel column: the full move without a roll")
    else:
        walk = odds.one_die(die, reaches)
    nerve: dict[bool, Fraction] = {True: Fraction(1)}
    if u.confidence in (SHAKEN, BROKEN) and ground.needs_nerve(st, u, cmd.to):
        nerve = odds.beats_odds(u.quality, u.leadership)  # checks.leadership_test's own rule
        mods.append(f"{CONFIDENCE[u.confidence]}: a leadership test first, {die_name(u.quality)} over "
                    f"{u.leadership} ({_pct(float(nerve.get(True, 0)))})")
    ends = then(nerve, lambda goes: {MOVE_REFUSED: Fraction(1)} if not goes else
                {move_reaches(cmd) if k else MOVE_SHORT: p for k, p in walk.items()})
    chances = [Chance(move_reaches(cmd), float(ends.get(move_reaches(cmd), 0)), 1.0),
               Chance(MOVE_SHORT, float(ends.get(MOVE_SHORT, 0)), 0.0)]
    if MOVE_REFUSED in ends:
        chances.append(Chance(MOVE_REFUSED, float(ends[MOVE_REFUSED]), 0.0))
    return OrderPreview(summary=summary, cost=cost, modifiers=tuple(mods), odds=tuple(chances),
                        note="exact for the movement die; hidden units or mines met on the way may stop it sooner",
                        value_unit="moves completed")


def courage_odds(st: DustState, defender: Unit, a: int, d: int) -> dict[str, float]:
    """The courage test's outcomes for attacker die ``a`` against defender die ``d``, every face counted,
    classified exactly as the assault rules classify a roll (courage.classify, which reads the option
    ``courage_half``)."""
    o = odds.dice_odds((a, d), lambda r: courage.classify(st, defender, r[0], r[1]))
    return {k: float(o.get(k, 0)) for k in (courage.WITHDRAW, courage.CONTACT, courage.FAIL, courage.BAD)}


def assault_preview(st: DustState, u: Unit, cmd: C.Assault, summary: str, cost: str) -> OrderPreview:
    """Assault Action: Courage Test. The opposed quality dice after the open shifts of the table in content."""
    target = st.units[cmd.target]
    if hex_distance(at(u), at(target)) <= 1:
        return OrderPreview(summary=summary, cost=cost, odds=(Chance(ASSAULT_AT_ONCE, 1.0, 1.0),),
                            modifiers=("already next to the enemy: no courage test, no withdrawal, no defensive "
                                       "fire (The Two Inch Rule)",), value_unit=ASSAULT_UNIT)
    labels = assault_labels(st, target)
    if target.confidence == ROUTED:
        return OrderPreview(summary=summary, cost=cost, odds=(Chance(labels[courage.WITHDRAW], 1.0, 2.0),),
                            modifiers=(f"{target.name} is routed: it must withdraw, with no courage test",),
                            value_unit=ASSAULT_UNIT)
    me, them = (u.id, courage.members(u)), (target.id, courage.members(target))
    a_rows = courage.courage_shifts(st, me, them, False)
    d_rows = courage.courage_shifts(st, them, me, True)
    a, d = open_shift(u.quality, sum(s for _, s in a_rows), target.quality, sum(s for _, s in d_rows))
    half = courage.half_reading(st)
    o = courage_odds(st, target, a, d)
    mods = [f"courage test: {u.name} {die_name(u.quality)} -> {die_name(a)} against {target.name} "
            f"{die_name(target.quality)} -> {die_name(d)} (open shifts)"]
    mods += [f"{u.name}: {name} {steps:+d}" for name, steps in a_rows]
    mods += [f"{target.name}: {name} {steps:+d}" for name, steps in d_rows]
    mods.append("'half' read as " + ("the attacker failing to score at least half (text)" if half == HALF_TEXT
                                     else "attacker <= defender / 2 (summary box)") + ": option courage_half")
    chances = [Chance(labels[k], o[k], ASSAULT_VALUES[k])
               for k in (courage.WITHDRAW, courage.CONTACT, courage.FAIL, courage.BAD)]
    note = "exact for the courage test; the defender may choose to withdraw instead of testing"
    if target.confidence <= BROKEN:
        note = f"exact; {target.name} is broken: it routs if the attacker rolls higher"
    if cmd.second:
        note += f"; against {st.units[cmd.second].name} too, the unit splits and tests twice (odds for the first)"
    return OrderPreview(summary=summary, cost=cost, modifiers=tuple(mods), odds=tuple(chances), note=note,
                        value_unit=ASSAULT_UNIT)


def rally_preview(st: DustState, u: Unit, cmd: C.Rally, summary: str, cost: str) -> OrderPreview:
    """Rally Action: the commander communicates, then the unit's quality die must beat both leaderships;
    never above its starting confidence (so "up two" counts as "up one" with one level to regain)."""
    sub = st.units[cmd.subordinate]
    p_comm, mods = communicate(st, u, sub)
    target = sub.leadership + u.leadership
    mods.append(f"rally: {sub.name} {die_name(sub.quality)} must beat {target} = leadership {sub.leadership} + "
                f"commander {u.leadership}; never above its starting confidence")
    if st.options.get("rally_doubles"):
        mods.append("optional rule: over double rises two levels, under half drops one")
    rally = odds.one_die(sub.quality, lambda x: rally_label(st, cmd, u, x))
    probs = then({True: p_comm, False: 1 - p_comm}, lambda through: rally if through else {RALLY_NONE: Fraction(1)})
    chances = tuple(Chance(k, float(probs[k]), RALLY_VALUES[k]) for k in RALLY_ORDER if k in probs)
    est, note = ew_estimate(st, u.side, "the message")
    return OrderPreview(summary=summary, cost=cost, modifiers=tuple(mods), odds=chances, estimate=est, note=note,
                        value_unit="confidence levels")


def treat_preview(st: DustState, u: Unit, cmd: C.Treat, summary: str, cost: str) -> OrderPreview:
    """Medical Treatment Action: a die for each untreated casualty, 1-2 dies, 3-5 stabilised, 6+ back on duty.
    The outcome is how many of the casualties end each way (every face of every die counted)."""
    patient = st.units[cmd.patient]
    n = len(patient.wounded_untreated)
    die, who = command.treatment_die(u)
    mods = (f"{plural(n, 'untreated casualty', 'untreated casualties')}, each rolls a {die_name(die)} ({who}): "
            "1-2 dies, 3-5 stabilised, 6 or more back on duty",)
    ends = odds.one_die(die, lambda r: command.treatment_result(r)[0])
    counts: dict[tuple[int, int, int], Fraction] = {(0, 0, 0): Fraction(1)}
    for _ in range(n):  # one die a casualty, each independent: the counts of each end, exactly
        counts = then(counts, lambda c: {(c[0] + (e == FIT), c[1] + (e == STABILISED), c[2] + (e == KILLED)): p
                                         for e, p in ends.items()})
    chances = [Chance(treat_label(*c), float(p), float(c[0] + c[1]))
               for c, p in sorted(counts.items(), key=lambda kv: (-kv[0][0], -kv[0][1]))]
    return OrderPreview(summary=summary, cost=cost, modifiers=mods, odds=tuple(chances),
                        note=f"exact; expected back on duty {n * float(ends.get(FIT, 0)):.1f}, "
                             f"dead {n * float(ends.get(KILLED, 0)):.1f}",
                        value_unit="casualties saved")


def detect_preview(st: DustState, u: Unit, cmd: C.Detect, summary: str, cost: str) -> OrderPreview:
    """Detect Action: the marker's range die against the observer's quality and sensor dice."""

    m = st.markers[cmd.marker]
    dist = hex_distance(at(u), m.pos)
    die = ew.range_die(st, u, dist)
    by_day = ew.sees_as_by_day(st, u)
    mods = [f"range {dist} hexes: range die {die_name(die) if die else 'none (too far)'}"
            + ("" if by_day else " (night, unaided vision: ranges divided by three)"),
            f"observer rolls quality {die_name(u.quality)} and sensor {die_name(u.sensor)}"]
    if not die:
        return OrderPreview(summary=summary, cost=cost, modifiers=tuple(mods), note="too far to detect anything")
    # the range die, then the observer's quality and sensor dice, as ew.search rolls them
    found = odds.dice_odds((die, u.quality, u.sensor), lambda r: successes([r[1], r[2]], r[0]).count)
    chances = (Chance(DETECT_BOTH, float(found.get(2, 0)), 2.0), Chance(DETECT_ONE, float(found.get(1, 0)), 1.0),
               Chance(DETECT_NONE, float(found.get(0, 0)), 0.0))
    est, note = ew_estimate(st, u.side, "the search") if u.sensor > 4 else (False, "")
    return OrderPreview(summary=summary, cost=cost, modifiers=tuple(mods), odds=chances, estimate=est,
                        note=note or "exact: every face of every die counted", value_unit="detection successes")


def action_cost(st: DustState, uid: str) -> str:
    top = st.active
    if top is None:
        return "activates the unit: 1 of its 2 actions"
    if top.unit == uid:
        return f"1 of the {plural(top.actions, 'action')} left"
    return ""


def armour_face_from(target: Unit, at: Hex) -> str:
    """The face a shot from ``at`` strikes: front, side or rear by the target's facing (hexes.arc_of)."""
    if target.hull is not None or target.vehicle == "building":
        return "front"
    return arc_of(board_at(target), target.facing % 6, at)


def fire_weapon_preview(st: DustState, u: Unit, cmd: heavy.FireWeapon, summary: str, cost: str) -> OrderPreview:
    """Firing Heavy Weapons; Guided Weapons; Firing at Vehicles: for the first weapon of the order, the
    target die with its shifts (heavy.weapon_target_die) or the target's ECM die for a missile, the dice
    fired, and the exact chances of no effect, a suppression and each number of hits; then the armour
    face the shot strikes (heavy.face_towards) and the chances that a hit damages or destroys, wounds
    or kills."""
    target = st.units[cmd.target]
    part = cmd.part
    figs = [f for fid in cmd.weapons for f in u.figures if f.id == fid]
    if not figs:
        return OrderPreview(summary=summary, cost=cost, note="no such weapon")
    f = figs[0]
    w = st.tables.weapons[f.weapon]
    point = target.is_vehicle
    mods = [f"{f.name}: {weapon_brief(w)}"]
    notes = []
    if w.kind == "guided":
        die, words = heavy.ecm_die(st, target)
        dice = [u.quality, w.guidance]
        mods.append(f"{words}; quality D{u.quality} and guidance {die_name(w.guidance)} against it")
        mods.append("decoys, area protection and enemy EW may stop the missile first (not priced)")
        notes.append("estimated: the missile's dice are counted exactly, but decoys, area protection and enemy "
                     "EW that may stop it first are left out")
    else:
        die, shifts = heavy.weapon_target_die(st, u, f, target, part)
        mods.append(heavy.describe_die(die, shifts))
        fp = w.die_against(point)
        dice = [u.quality] + [fp] * max(w.count, 1)
        mods.append(f"quality D{u.quality} and firepower {'' if w.count <= 1 else w.count}{die_name(fp)}")
    if cmd.to is not None:
        notes.append("estimated from where the weapon stands now: the move first may change the range and "
                     "adds the moving-fire shift")
    if die > 12:
        return OrderPreview(summary=summary, cost=cost, modifiers=tuple(mods),
                            note="the target die is shifted above a D12: it cannot be hit")
    if w.kind == "guided":
        none, minor, major = odds.p_successes(dice, die)
        chances = [Chance(NO_EFFECT, none, 0.0), Chance(minor_label(target.name), minor, 0.0),
                   Chance(hits_label(1), major, 1.0)]
    else:
        chances = list(shot_chances(target.name, dice, die, False, False)[0])
        if cmd.to is not None:
            # the move may bring a smaller target die: every number of hits the dice could give is listed
            shown = {c.outcome for c in chances}
            chances += [Chance(hits_label(k), 0.0, float(k)) for k in range(sum(dice) // 4 + 1)
                        if hits_label(k) not in shown]
    impact = w.impact_against(point)
    if point:
        face = "opening" if part else heavy.face_towards(target, at(u))
        armour = heavy.OPENING_ARMOUR if part else target.armour_face(face)
        beat, double = odds.p_value_beats(impact, armour)
        facing = "" if part or not faces(target) else f", it faces {FACING_NAMES[target.facing % 6]}"
        mods.append(f"each hit: impact {value_name(impact)} against the {face} armour {value_name(armour)}{facing}: "
                    f"damaged {_pct(beat - double)}, destroyed {_pct(double) if not part else '0%'}")
    else:
        armour = min((x.armour for x in target.fit_figures), default=4)
        steps = ground.cover_shift(st, target) + (1 if target.propped else 0)
        shifted = shift(armour, steps)
        beat, double = odds.p_value_beats(impact, shifted)
        mods.append(f"each hit: impact {value_name(impact)} against armour {die_name(shifted)}: wounds "
                    f"{_pct(beat - double)}, kills {_pct(double)}")
    if len(figs) > 1:
        mods.append("then, one after another: " + ", ".join(x.name for x in figs[1:]))
        notes.append("odds of the first weapon's shot")
    return OrderPreview(summary=summary, cost=cost, modifiers=tuple(mods), odds=tuple(chances),
                        estimate=any(n.startswith("estimated") for n in notes),
                        note="; ".join(notes) or "exact: every face of every die counted", value_unit="hits")


def request_fire_preview(st: DustState, u: Unit | None, cmd: support.RequestFire, summary: str,
                         cost: str) -> OrderPreview:
    """Request Fire Support Action: a D8, shifted up one per fire support chit spent and down for calling
    another platoon's asset (support.request_die, support.platoon_shift), must beat the requester's
    leadership plus the difficulty (support.difficulty: artillery by a forward observer +0, anyone else
    +2; air by a liaison officer +2, else +4; orbital +3 or +6)."""
    assert u is not None
    a = support.asset_of(st, u.side, cmd.asset)
    kind = str(a["kind"]) if a else "artillery"
    diff = support.difficulty(u, kind)
    need = u.leadership + diff
    down, down_words = support.platoon_shift(st, u, a) if a else (0, "")
    die = support.request_die(cmd.chits, down)
    who = ("forward observer" if kind == "artillery" else "liaison officer") if u.fo else "not a dedicated observer"
    mods = [f"{kind} from {support.asset_name(a) if a else cmd.asset}: D8 must beat {need} = leadership "
            f"{u.leadership} + difficulty {diff} ({who})"]
    if cmd.chits:
        mods.append(f"{plural(cmd.chits, 'fire support chit')} spent: D8 -> {die_name(support.request_die(cmd.chits))}")
    if down:
        mods.append(f"request die shifted down {down} ({down_words}): {die_name(die)}")
    if cmd.dummies:
        mods.append(f"{plural(len(cmd.dummies), 'dummy target marker')} go down with the real one")
    p = odds.p_beats(die, need)
    chances = (Chance(request_granted(st, u, cmd), p, 1.0), Chance(REQUEST_REFUSED, 1 - p, 0.0))
    left = st.support_chits.get(u.side, 0) - cmd.chits
    notes = [f"{plural(max(left, 0), 'fire support chit')} left after this"]
    if a:
        notes.append(f"{plural(support.missions_left(st, u.side, a), 'mission')} left for {support.asset_name(a)}")
    return OrderPreview(summary=summary, cost=cost, modifiers=tuple(mods), odds=chances, note="; ".join(notes),
                        value_unit="requests granted")


def refused(st: DustState, cmd: Any, why: str) -> OrderPreview:
    """The preview of an order not possible now: its words and the reason (from the order's own check)."""
    return OrderPreview(summary=Describer(st).command(cmd), note=f"not possible now: {why}")


def _unit_head(st: DustState, cmd: Any) -> tuple[str, Unit, str]:
    """A unit's order: its words, the unit and what it costs of the activation."""
    u = st.units[cmd.unit]
    return Describer(st).command(cmd), u, action_cost(st, u.id)


def preview_pass(st: DustState, cmd: C.Pass) -> OrderPreview:
    """Passing: the other side activates next."""
    return OrderPreview(summary=Describer(st).command(cmd), cost="the other side activates next (allowed with "
                        "fewer unactivated units than the opponent)")


def preview_end(st: DustState, cmd: C.EndActivation) -> OrderPreview:
    """Ending an activation gives up the actions left."""
    top = st.active
    return OrderPreview(summary=Describer(st).command(cmd),
                        cost=f"{plural(top.actions, 'action')} given up" if top else "")


def preview_decision(st: DustState, cmd: C.Decide | C.ChooseFirst) -> OrderPreview:
    """An answer to the question asked: the question."""
    return OrderPreview(summary=Describer(st).command(cmd), note=rules.pending_question(st))


def preview_shoot(st: DustState, cmd: C.Shoot) -> OrderPreview:
    summary, u, cost = _unit_head(st, cmd)
    return shoot_preview(st, u, cmd, summary, cost)


def preview_move(st: DustState, cmd: C.Move) -> OrderPreview:
    summary, u, cost = _unit_head(st, cmd)
    return move_preview(st, u, cmd, summary, cost)


def preview_assault(st: DustState, cmd: C.Assault) -> OrderPreview:
    summary, u, _ = _unit_head(st, cmd)
    return assault_preview(st, u, cmd, summary, "the assault; the target counts as activated too")


def preview_recover(st: DustState, cmd: C.Recover) -> OrderPreview:
    """Recover Suppression Action: the quality die must beat the leadership."""
    summary, u, cost = _unit_head(st, cmd)
    o = odds.beats_odds(u.quality, u.leadership)
    return OrderPreview(summary=summary, cost=cost,
                        modifiers=(f"{die_name(u.quality)} must beat leadership {u.leadership}",),
                        odds=(Chance(RECOVER_PASS, float(o.get(True, 0)), 1.0),
                              Chance(RECOVER_FAIL, float(o.get(False, 0)), 0.0)),
                        note="exact", value_unit="tests passed")


def preview_rally(st: DustState, cmd: C.Rally) -> OrderPreview:
    summary, u, cost = _unit_head(st, cmd)
    return rally_preview(st, u, cmd, summary, cost)


def preview_order(st: DustState, cmd: C.Order) -> OrderPreview:
    """Order Action: the message must get through to the subordinate."""
    summary, u, cost = _unit_head(st, cmd)
    p, words = communicate(st, u, st.units[cmd.subordinate])
    mods = [f"{st.units[cmd.subordinate].name}: {w}" for w in words]
    est, note = ew_estimate(st, u.side, "the message")
    chances = (Chance(ORDER_THROUGH, float(p), 1.0), Chance(MESSAGE_FAILS, float(1 - p), 0.0))
    return OrderPreview(summary=summary, cost=cost, modifiers=tuple(mods), odds=chances, estimate=est,
                        note=note, value_unit="orders through")


def preview_combined(st: DustState, cmd: C.CombinedAssault) -> OrderPreview:
    """Combined Assault: a message to each of the two units, each getting through or not on its own dice."""
    summary, u, cost = _unit_head(st, cmd)
    ps, mods = [], []
    for sid in (cmd.first, cmd.second):
        q, words = communicate(st, u, st.units[sid])
        ps.append(q)
        mods += [f"{st.units[sid].name}: {w}" for w in words]
    est, note = ew_estimate(st, u.side, "the message")
    a, b = ps
    chances = (Chance(COMBINED_BOTH, float(a * b), 2.0), Chance(COMBINED_ONE, float(a * (1 - b) + b * (1 - a)), 1.0),
               Chance(COMBINED_NONE, float((1 - a) * (1 - b)), 0.0))
    return OrderPreview(summary=summary, cost=cost, modifiers=tuple(mods), odds=chances, estimate=est,
                        note=note, value_unit="orders through")


def preview_activate_detachment(st: DustState, cmd: C.ActivateDetachment) -> OrderPreview:
    """Activating a detachment: the message must get through to it."""
    summary, u, cost = _unit_head(st, cmd)
    p, mods = communicate(st, u, st.units[cmd.detachment])
    est, note = ew_estimate(st, u.side, "the message")
    return OrderPreview(summary=summary, cost=cost, modifiers=tuple(mods),
                        odds=(Chance(DETACHMENT_THROUGH, float(p), 1.0), Chance(MESSAGE_FAILS, float(1 - p), 0.0)),
                        estimate=est, note=note, value_unit="orders through")


def preview_treat(st: DustState, cmd: C.Treat) -> OrderPreview:
    summary, u, cost = _unit_head(st, cmd)
    return treat_preview(st, u, cmd, summary, cost)


def preview_detect(st: DustState, cmd: C.Detect) -> OrderPreview:
    summary, u, cost = _unit_head(st, cmd)
    return detect_preview(st, u, cmd, summary, cost)


def preview_rouse(st: DustState, cmd: C.Rouse) -> OrderPreview:
    """Panic: the quality die must beat the leadership (in direct contact, the headquarters'); under half of
    it, the unit drops a confidence level (command.rouse_result, the resolution's own reading)."""
    summary, u, _ = _unit_head(st, cmd)
    target, hq = command.rouse_leadership(st, u)
    o = odds.one_die(u.quality, lambda r: rouse_label(command.rouse_result(r, target)))
    whose = f"{hq.name}'s leadership, in direct contact" if hq else "its leadership"
    return OrderPreview(summary=summary, cost="both actions",
                        modifiers=(f"panic test: {die_name(u.quality)} must beat {target} ({whose})",),
                        odds=(Chance(ROUSE_PASS, float(o.get(ROUSE_PASS, 0)), 1.0),
                              Chance(ROUSE_FAIL, float(o.get(ROUSE_FAIL, 0)), 0.0),
                              Chance(ROUSE_WORSE, float(o.get(ROUSE_WORSE, 0)), -1.0)),
                        note="exact", value_unit="panic recovery (1 recovered, -1 worse)")


def preview_reorganise(st: DustState, cmd: C.Reorganise) -> OrderPreview:
    summary, u, cost = _unit_head(st, cmd)
    both = " (both actions)" if u.leaderless and cmd.purpose == "leader" else ""
    return OrderPreview(summary=summary, cost=cost + both)


def preview_regroup(st: DustState, cmd: C.Regroup) -> OrderPreview:
    summary, _, _ = _unit_head(st, cmd)
    return OrderPreview(summary=summary, cost="uses the activation of both units",
                        modifiers=("the merged unit takes the better leadership, the larger unit's quality "
                                   "and the worse confidence",))


def preview_withdraw(st: DustState, cmd: C.Withdraw) -> OrderPreview:
    summary, u, cost = _unit_head(st, cmd)
    die, _ = ground.movement_die(st, u, False)
    return OrderPreview(summary=summary, cost=cost, modifiers=(f"movement die {die_name(die)}",
                                                               "routed: every action must withdraw"))


def preview_plain(st: DustState, cmd: Any) -> OrderPreview:
    """An order with nothing left to chance: its words and its cost."""
    summary, _, cost = _unit_head(st, cmd)
    return OrderPreview(summary=summary, cost=cost)


def preview_module(st: DustState, cmd: Any) -> OrderPreview:
    """An order of an Armoured Dustup module with no odds of its own: its words and cost."""
    uid = C.unit_of(cmd)
    summary = Describer(st).command(cmd)
    if uid is None or uid not in st.units:
        return OrderPreview(summary=summary, cost="an order of the whole side", note="no odds shown for this order")
    return OrderPreview(summary=summary, cost=action_cost(st, uid), note="no odds shown for this order")


def preview_fire_weapon(st: DustState, cmd: Any) -> OrderPreview:
    summary, u, cost = _unit_head(st, cmd)
    return fire_weapon_preview(st, u, cmd, summary, cost)


def preview_request_fire(st: DustState, cmd: Any) -> OrderPreview:
    summary, u, cost = _unit_head(st, cmd)
    return request_fire_preview(st, u, cmd, summary, cost)
