"""JTS RatFight's end of a turn (Turn Sequence 6-7): the Morale Check of each force, then Testing for Casualties
of each Downed infantry model.
"""

from __future__ import annotations

from hexfront.engine.core.cards import card_colour, card_value
from hexfront.engine.core.resolution import Resolution

from . import events as E
from .draws import discard_resolution, draw_best
from .state import ABANDONED, CASUALTY, DOWN, OK, Model, RatState, res_deck


def present(m: Model) -> bool:
    """On the battlefield and not Down: standing on the table, or riding a vehicle (Morale Check)."""
    return m.status == OK and (m.pos is not None or m.carried_by is not None)


def casualties(st: RatState, side: str, force: str | None = None) -> int:
    """Casualties for morale: removed models, and the crew of abandoned vehicles (not Downed models)."""
    n = 0
    for m in st.models.values():
        if m.side != side or (force is not None and m.force != force):
            continue
        if m.status == CASUALTY:
            n += 1
        elif m.status == ABANDONED:
            n += st.vehicle_type(m).crew
    return n


def forces(st: RatState, side: str) -> list[str]:
    seen: list[str] = []
    for m in st.models.values():
        if m.side == side and m.force not in seen:
            seen.append(m.force)
    return seen


def morale(ctx: Resolution, st: RatState) -> None:
    """Morale Check: a card that must beat the casualties; leaders present and not Down add cards."""
    for side in st.sides:
        for force in forces(st, side):
            if f"{side}/{force}" in st.broken:
                continue
            lost = casualties(st, side, force)
            left = [m for m in st.models.values() if m.side == side and m.force == force
                    and (m.on_table or m.carried_by) and m.status != ABANDONED]
            if not left:
                ctx.emit(E.ForceBroken(side=side, force=force, reason="nobody is left on the battlefield"))
                continue
            leaders = sorted((m for m in left if present(m) and m.leader), key=lambda m: -m.leader)
            n = leaders[0].leader if leaders else 1
            mods = [f"must beat {lost} {'casualty' if lost == 1 else 'casualties'} (Morale Check)"]
            if leaders:
                mods.append(f"{n} cards, best kept: leader {leaders[0].name} on the battlefield and not Down "
                            f"(Morale Check; Leaders and Heroes)")
            card = draw_best(ctx, side, n, f"morale of {st.tables.side_names[side]} against {lost} casualties",
                             "Morale Check", side, tuple(mods))
            passed = card_value(card) > lost
            ctx.emit(E.MoraleTested(side=side, force=force, casualties=lost, card=card, cards=n, passed=passed))
            if not passed:
                ctx.emit(E.ForceBroken(side=side, force=force, reason=f"failed its morale check ({lost} casualties)"))
    discard_resolution(ctx, st)
    out = [s for s in st.sides if all(f"{s}/{f}" in st.broken for f in forces(st, s))]
    if len(out) == 2:
        ctx.emit(E.BattleEnded(winner=None, reason="both sides failed their morale: both lose"))
    elif len(out) == 1:
        win = st.other(out[0])
        ctx.emit(E.BattleEnded(winner=win, reason=f"the morale of {st.tables.side_names[out[0]]} broke"))


def recover_downed(ctx: Resolution, st: RatState) -> None:
    """Testing for Casualties: each Downed infantry model turns a card; black stands up, red is a casualty."""
    for side in st.sides:
        for m in list(st.models.values()):
            if m.side != side or m.status != DOWN or m.is_vehicle:
                continue
            card = ctx.draw(res_deck(side), f"is {m.name} still in the fight?", "Testing for Casualties",
                            who=m.id)
            if card_colour(card) == "black":
                ctx.emit(E.ModelRecovered(model=m.id))
            else:
                ctx.emit(E.ModelCasualty(model=m.id, reason="a red card: out of the fight",
                                         rule="Testing for Casualties"))
        ctx.discard_in_play(res_deck(side))
