"""The chain of command and the Communicate Action (Dustup: Command and Control; Communicate Action;
Jamming): who answers to whom, how many actions a unit has left, voice range, and the communication
roll that the Order, Combined Assault, Rally and Detach Element actions make before they take effect.

Levels bypassed are counted along ``Unit.commander`` links; jamming is rolled only when a communication
needs a roll (readings in command.py's docstring).
"""

from __future__ import annotations

from hexfront.engine.core.hexes import hex_distance
from hexfront.engine.core.resolution import Resolution
from hexfront.engine.core.words import plural

from . import events as E
from . import ew, ground
from .data import COMMS_RANGE
from .dice import beats, die_name, opposed_shift, shift, shift_names
from .state import DustState, Unit

# ---------------------------------------------------------------------------------------------
# Helpers: the chain of command, actions left, distances
# ---------------------------------------------------------------------------------------------


def chain_of_command(st: DustState, u: Unit) -> list[str]:
    """The ids of the HQs above ``u``, nearest first (following ``Unit.commander``)."""
    out: list[str] = []
    at = u.commander
    while at is not None and at not in out and at in st.units:
        out.append(at)
        at = st.units[at].commander
    return out


def is_subordinate(st: DustState, sub: Unit, hq: Unit) -> bool:
    """``sub`` answers to ``hq``, directly or through intermediate commanders."""
    return sub.id != hq.id and hq.id in chain_of_command(st, sub)


def subordinates(st: DustState, hq: Unit) -> list[Unit]:
    return [s for s in st.units.values() if s.side == hq.side and s.on_table and is_subordinate(st, s, hq)]


def levels_bypassed(st: DustState, sender: Unit, receiver: Unit) -> int:
    """Command levels skipped between a commander and a unit below it (Communicate Action)."""
    for a, b in ((sender, receiver), (receiver, sender)):
        up = chain_of_command(st, b)
        if a.id in up:
            return up.index(a.id)
    return 0


def actions_left(st: DustState, u: Unit) -> int:
    """The actions ``u`` still has: two if its activation has not begun yet."""
    top = st.active
    if top is not None and top.unit == u.id:
        return top.actions
    return 2


def on_stack(st: DustState, u: Unit) -> bool:
    return any(a.unit == u.id for a in st.stack)


def in_voice_range(st: DustState, a: Unit, b: Unit) -> bool:
    """Within 6 inches (3 hexes) and in clear sight: no communication roll needed."""
    return hex_distance(a.hex, b.hex) <= COMMS_RANGE and ground.can_see(st, a.hex, b.hex)


def _travel_refusal(u: Unit) -> str | None:
    if u.travel:
        return f"{u.name} is in travel mode: it may only move or reorganise (Travel Movement)"
    return None


def _suppressed_refusal(u: Unit, what: str) -> str | None:
    if u.suppression:
        return (f"{u.name} is suppressed: it cannot {what} until it recovers "
                "(Recover Suppression Action)")
    return None


# ---------------------------------------------------------------------------------------------
# Communicate Action
# ---------------------------------------------------------------------------------------------


def communication_die(st: DustState, sender: Unit, receiver: Unit) -> tuple[int, int, list[str]]:
    """(die, number to beat, notes) for a communication roll before any jamming."""
    target = max(sender.leadership, receiver.leadership)
    bypass = levels_bypassed(st, sender, receiver)
    die = shift(sender.quality, -bypass)
    notes = []
    if bypass:
        notes.append(f"{bypass} command level{'s' if bypass > 1 else ''} bypassed -{bypass}")
    return die, target, notes


def communicate(ctx: Resolution, sender: Unit, receiver: Unit, why: str = "",
                rule: str = "Communicate Action") -> bool:
    """Communicate Action. The sender rolls its quality die and must beat the worst (highest)
    leadership of sender and receiver; the die shifts down once per command level bypassed and
    once or twice more for enemy jamming. Within 6" (3 hexes) and in sight it simply succeeds.
    Suppressed units may still communicate."""
    st: DustState = ctx.state
    what = f" ({why})" if why else ""
    if in_voice_range(st, sender, receiver):
        ctx.emit(E.Note(text=f"{sender.name} reaches {receiver.name}{what} directly: within 6 inches and in "
                        "sight, no roll needed", rule=rule))
        return True
    die, target, notes = communication_die(st, sender, receiver)
    bypass = levels_bypassed(st, sender, receiver)
    jam = jamming(ctx, sender)
    named = shift_names(f"D{sender.quality}", [(f"{plural(bypass, 'command level')} bypassed", -bypass),
                                                (f"enemy jamming ({'major' if jam == 2 else 'minor'} success)", -jam)],
                        "Communicate Action")
    if jam:
        die = shift(die, -jam)
        notes.append(f"jammed -{jam}")
    shifted = f"D{sender.quality} -> {die_name(die)}: " + ", ".join(notes) + "; " if notes else ""
    roll = ctx.roll(die, f"communication{what}: {shifted}{die_name(die)} must beat {target}, the worse "
                    f"leadership of {sender.name} ({sender.leadership}) and {receiver.name} "
                    f"({receiver.leadership})", rule, sender.id, modifiers=named)
    if beats(roll, target):
        # an enemy EW unit jams only a message that would get through (ew.py: this game's reading)
        if ew.jam(ctx, sender.side, roll, f"{sender.name}'s message to {receiver.name}"):
            return False
        ctx.emit(E.Note(text=f"{sender.name} gets through to {receiver.name} ({roll} > {target})", rule=rule))
        return True
    ctx.emit(E.Note(text=f"{sender.name} cannot get through to {receiver.name} ({roll} against {target})",
                    rule=rule))
    return False


def jamming(ctx: Resolution, sender: Unit) -> int:
    """Communicate Action: Jamming. An opposed roll of the enemy jammer against the sender's
    communications gear: the jammer higher is a minor success (communication die down one), more
    than double a major success (down two). Returns the shift, 0 to 2."""
    st: DustState = ctx.state
    enemy = st.other(sender.side)
    jammer = st.tables.side_info[enemy].get("jammer", 0)
    if not jammer:
        return 0
    comms = st.tables.side_info[sender.side].get("comms", 8)
    rule = "Communicate Action: Jamming"
    j = ctx.roll(jammer, f"enemy jammer D{jammer} against {sender.name}'s communications", rule, enemy)
    c = ctx.roll(comms, f"{sender.name}'s communications gear D{comms} against the jammer", rule, sender.side)
    shift_down = opposed_shift(j, c)
    if shift_down == 2:
        ctx.emit(E.Note(text=f"jamming: {j} is more than double {c}, a major success: communication die "
                        "down two", rule=rule))
        return 2
    if shift_down == 1:
        ctx.emit(E.Note(text=f"jamming: {j} beats {c}, a minor success: communication die down one", rule=rule))
        return 1
    ctx.emit(E.Note(text=f"jamming fails ({j} against {c})", rule=rule))
    return 0


