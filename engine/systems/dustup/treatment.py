"""Medical Treatment Action (Dustup: Medical Treatment Action): the unit's treatment die (its own, a
unit medic's or a medic unit's) and what one roll does to each untreated casualty.
"""

from __future__ import annotations

from typing import Any

from hexfront.engine.core.hexes import hex_distance
from hexfront.engine.core.resolution import Resolution

from . import acts
from . import commands as C
from . import events as E
from .action import Action
from .communication import _suppressed_refusal, _travel_refusal
from .state import FIT, KILLED, STABILISED, DustState, Unit

SELF_TREATMENT = 6  # troops without a medic roll a D6 (Medical Treatment Action)


# ---------------------------------------------------------------------------------------------
# Medical Treatment Action
# ---------------------------------------------------------------------------------------------


def treatment_die(u: Unit) -> tuple[int, str]:
    """The unit's treatment die: D6 without a medic, D8 with a unit medic (while he is fit), D10 for
    a dedicated medical team."""
    if u.medic >= 10:
        return u.medic, "medical team"
    medics = [f for f in u.figures if f.role == "medic"]
    if u.medic > SELF_TREATMENT and (not medics or any(f.fit for f in medics)):
        return u.medic, "unit medic"
    return SELF_TREATMENT, "no medic" if not medics else "the medic is down"


def _treat_check(st: DustState, u: Unit, cmd: C.Treat) -> str | None:
    why = _travel_refusal(u) or _suppressed_refusal(u, "treat wounded")
    if why:
        return why
    patient = st.units.get(cmd.patient)
    if patient is None:
        return f"there is no unit '{cmd.patient}'"
    if patient.side != u.side or patient.pos is None or patient.off_table:
        return f"{patient.name} is not a friendly unit on the table"
    if not patient.wounded_untreated:
        return f"{patient.name} has no untreated wounded"
    if patient.id != u.id:
        die, _ = treatment_die(u)
        if die <= SELF_TREATMENT:
            return f"{u.name} has no medic to treat another unit's wounded"
        if hex_distance(u.hex, patient.hex) > 1:
            return f"the medic must first move within 2 inches of {patient.name} (its hex or the next)"
    return None


TREATMENT = ((2, KILLED, "dies of his wounds"), (5, STABILISED, "is stabilised"), (99, FIT, "returns to duty"))


def treatment_result(roll: int) -> tuple[str, str]:
    """Medical Treatment Action: what a treatment roll does to one casualty (its status and the words): 1-2
    dies, 3-5 stabilised, 6 or more back on duty."""
    for top, status, words in TREATMENT:
        if roll <= top:
            return status, words
    return FIT, "returns to duty"


def _treat_resolve(ctx: Resolution, u: Unit, cmd: C.Treat) -> None:
    """Medical Treatment Action: one action treats every untreated wounded figure of the patient
    unit, a die each: 1-2 killed, 3-5 stabilised, 6 or more back to duty."""
    st: DustState = ctx.state
    patient = st.units[cmd.patient]
    rule = "Medical Treatment Action"
    die, who = treatment_die(u)
    acts.spend(ctx, u, "treat wounded")
    for f in list(patient.wounded_untreated):
        roll = ctx.roll(die, f"treating {f.name}: D{die} ({who}): 1-2 dies, 3-5 stabilised, 6+ back to duty",
                        rule, u.id)
        status, words = treatment_result(roll)
        wounds = 0 if status == FIT else f.wounds
        ctx.emit(E.FigureChanged(unit=patient.id, figure=f.id, status=status, wounds=wounds,
                                 reason=f"treatment {roll}: {words}", rule=rule))


def _treat_offer(st: DustState, u: Unit) -> list[Any]:
    out = [C.Treat(u.id, u.id)] if u.wounded_untreated else []
    if treatment_die(u)[0] > SELF_TREATMENT:
        out += [C.Treat(u.id, p.id) for p in st.units.values()
                if p.side == u.side and p.id != u.id and p.pos is not None and not p.off_table
                and p.wounded_untreated and hex_distance(u.hex, p.hex) <= 1]
    return out


ACTIONS: dict[type, Action] = {C.Treat: Action(_treat_check, _treat_resolve, _treat_offer)}
