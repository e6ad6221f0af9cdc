"""On-Table Artillery Fire (Artillery and Air Support: On-Table Artillery Fire): the FireMortar
action, direct fire at a hex the mortar unit sees or indirect fire registered with an observer, and
the registered rounds landing as the mortar unit next activates (ACTIVATION_BEGIN). Readings in
support.py's docstring.
"""

from __future__ import annotations

import attrs

from hexfront.engine.core.hexes import Hex, hex_distance
from hexfront.engine.core.resolution import Resolution

from . import acts, ground
from . import events as E
from .action import Action
from .impacts import deliver
from .schema import BURST
from .state import FIT, ROUTED, DustState, Unit, feature_data
from .supportfacts import RULE_ON_TABLE, _busy, mortar_observer, mortars


@attrs.frozen
class FireMortar:
    """On-table artillery: ``figure``'s mortar fires at ``target``.

    Direct fire (default): at a hex the unit sees, resolved at once. ``indirect``: the aim point
    is registered, seen by ``observer`` (a unit of the side; empty: the mortar unit itself if it
    sees the hex, else the side's best observer that does); the rounds fall when the mortar unit
    next activates.
    """

    unit: str
    figure: str
    target: Hex
    indirect: bool = False
    observer: str = ""


# ---------------------------------------------------------------------------------------------
# On-table artillery (mortars)
# ---------------------------------------------------------------------------------------------


def mortar_check(st: DustState, u: Unit, cmd: FireMortar) -> str | None:
    why = _busy(st, u)
    if why:
        return why
    if u.suppression:
        return f"{u.name} is suppressed: it cannot fire until it recovers (Recover Suppression Action)"
    f = next((x for x in u.figures if x.id == cmd.figure), None)
    if f is None:
        return f"{cmd.figure} is not a figure of {u.name}"
    if f not in mortars(st, u):
        return f"{f.name} is not an on-table mortar"
    if f.status != FIT:
        return f"{f.name} is out of action"
    if not f.ready:
        return f"{f.name} is not set up"
    if f.fired:
        return f"{f.name} has already fired this activation"
    if not st.tables.on_board(cmd.target):
        return "the target point is off the map"
    w = st.tables.weapons[f.weapon]
    dist = hex_distance(u.hex, cmd.target)
    if dist < w.min_range:
        return (f"that point is {dist} hexes away: a {w.name} fires high-angle and cannot reach closer than "
                f"{w.min_range} hexes (On-Table Artillery Fire: Restrictions)")
    return _spotting_refusal(st, u, cmd)


def _spotting_refusal(st: DustState, u: Unit, cmd: FireMortar) -> str | None:
    """Who sees the fall of shot: direct fire, the mortar's own unit; indirect fire, an observer of
    its side (the target is registered for the unit's next activation, one at a time)."""
    if not cmd.indirect:
        if cmd.observer:
            return "direct fire is observed by the mortar's own unit"
        if not ground.can_see(st, u.hex, cmd.target):
            return f"{u.name} cannot see that point: fire indirectly, with an observer who can"
        return None
    if u.mortar_target is not None:
        return f"{u.name} already has a target registered for its next activation"
    if mortar_observer(st, u, cmd.target, cmd.observer) is None:
        if cmd.observer:
            return f"'{cmd.observer}' is not a unit of your side on the table that sees that point"
        return "no unit of your side sees that point to observe the fall of shot"
    return None


def mortar_offer(st: DustState, u: Unit) -> list[FireMortar]:
    """Direct fire at each enemy the unit sees, indirect fire at each enemy its side sees, beyond the
    minimum range."""
    if not u.on_table or u.suppression or u.travel:
        return []
    figs = [f for f in mortars(st, u) if f.status == FIT and f.ready and not f.fired]
    if not figs:
        return []
    out: list[FireMortar] = []
    enemies = [e for e in st.enemies(u.side) if not e.hidden]
    for f in figs:
        w = st.tables.weapons[f.weapon]
        for e in enemies:
            if hex_distance(u.hex, e.hex) < w.min_range:
                continue
            if ground.can_see(st, u.hex, e.hex):
                out.append(FireMortar(u.id, f.id, e.hex))
            if u.mortar_target is None:
                out.append(FireMortar(u.id, f.id, e.hex, indirect=True))
    return out


def mortar_resolve(ctx: Resolution, u: Unit, cmd: FireMortar) -> None:
    st: DustState = ctx.state
    f = next(x for x in u.figures if x.id == cmd.figure)
    w = st.tables.weapons[f.weapon]
    ctx.emit(E.FiguresFired(unit=u.id, figures=(f.id,)))
    if cmd.indirect:
        acts.spend(ctx, u, "register a mortar target")
        obs = mortar_observer(st, u, cmd.target, cmd.observer)
        assert obs is not None
        ctx.emit(E.MortarTargetRegistered(unit=u.id, at=cmd.target,
                                          reason=f"observed by {obs.name}: the rounds fall when {u.name} next "
                                          "activates",
                                          rule=RULE_ON_TABLE))
        ctx.emit(E.FeaturePlaced(feature=ground.new_id(st, "target"), kind="target", side=u.side, at=cmd.target,
                                 hidden=True, data=feature_data(mortar=u.id, figure=f.id, observer=obs.id, dummy=0),
                                 reason="mortar target marker", rule=RULE_ON_TABLE))
        return
    acts.spend(ctx, u, "fire the mortar")
    acts.reveal(ctx, u, "it fired")
    deliver(ctx, u.side, cmd.target, u, "he", w.burst or BURST["small"], 1, "",
            (w.impact, w.impact_against(True)), screen="", what=f"{w.name} ({u.name})", weapon_class=max(w.size, 1))


def ACTIVATION_BEGIN(ctx: Resolution, u: Unit) -> None:
    """On-table artillery: a registered indirect mission lands as the mortar unit activates."""
    if u.mortar_target is None:
        return
    st: DustState = ctx.state
    aim = u.mortar_target
    marker = next((f for f in st.features.values() if f.kind == "target" and str(f.get("mortar", "")) == u.id), None)
    fid = str(marker.get("figure", "")) if marker else ""
    observer = st.units.get(str(marker.get("observer", ""))) if marker else None
    ctx.emit(E.MortarTargetFired(unit=u.id, reason="the registered rounds are fired", rule=RULE_ON_TABLE))
    if marker is not None:
        ctx.emit(E.FeatureRemoved(feature=marker.id, reason="the mortar rounds come down", rule=RULE_ON_TABLE))
    f = next((x for x in u.figures if x.id == fid), None)
    if f is None or f.status != FIT or not f.ready or u.suppression or u.confidence == ROUTED:
        ctx.emit(E.Note(text=f"{u.name} cannot fire its registered mission (suppressed, routed or its mortar out of "
                        "action): it is lost", rule=RULE_ON_TABLE))
        return
    w = st.tables.weapons[f.weapon]
    ctx.emit(E.FiguresFired(unit=u.id, figures=(f.id,)))
    deliver(ctx, u.side, aim, observer or u, "he", w.burst or BURST["small"], 1, "",
            (w.impact, w.impact_against(True)), screen="", what=f"{w.name} ({u.name})", weapon_class=max(w.size, 1))


ACTIONS: dict[type, Action] = {FireMortar: Action(mortar_check, mortar_resolve, mortar_offer)}
