"""JTS RatFight's end of a turn (Turn Sequence 6-7): the Morale Check of each force, then Testing for Casualties
of each Downed infantry model.

A leader's extra morale cards are the side's to choose from ("discarding whichever he likes"): where the cards
drawn give different verdicts the check stops at that choice (:class:`~.state.MoraleChoice`) and goes on once
the side keeps a card (:func:`keep`); where every card holds, or every card breaks the force, the choice changes
nothing and the best card is kept without asking (the game's reading).
"""

from __future__ import annotations

from hexfront.engine.core.cards import best_card, card_colour, card_value
from hexfront.engine.core.errors import shown
from hexfront.engine.core.resolution import Resolution
from hexfront.engine.core.words import plural

from . import events as E
from .draws import discard_resolution, draw_cards
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


def _in_order(st: RatState) -> list[tuple[str, str]]:
    """Every force of both sides, in the order their morale is tested (side by side, then force by force)."""
    return [(side, force) for side in st.sides for force in forces(st, side)]


def morale(ctx: Resolution, st: RatState) -> bool:
    """Morale Check of every force. False when it stopped at a side's choice of card (:func:`keep`
    goes on from there); True once every force is tested."""
    return _test_from(ctx, st, 0)


def _test_from(ctx: Resolution, st: RatState, start: int) -> bool:
    """Morale Check: a card that must beat the casualties; leaders present and not Down add cards, and the
    side keeps whichever it likes: the test stops at that choice (False) where the cards drawn give different
    verdicts, unless the battle keeps the best (a save from before the choice)."""
    for side, force in _in_order(st)[start:]:
        if f"{side}/{force}" in st.broken:
            continue
        lost = casualties(st, side, force)
        left = [m for m in st.models.values() if m.side == side and m.force == force
                and (m.on_table or m.carried_by) and m.status != ABANDONED]
        if not left:
            ctx.emit(E.ForceBroken(side=side, force=force, reason="nobody is left on the battlefield"))
            continue
        leaders = _leaders(left)
        n = leaders[0].leader if leaders else 1
        may_choose = n > 1 and st.tables.morale_choice
        against = plural(lost, "casualty", "casualties")
        mods = [f"must beat {against} (Morale Check)"]
        if leaders:
            kept = ("the side chooses which to keep if they give different results, else the best is kept"
                    if may_choose else "best kept")
            mods.append(f"{n} cards, {kept}: leader {leaders[0].name} on the battlefield and not Down "
                        f"(Morale Check; Leaders and Heroes)")
        cards = draw_cards(ctx, side, n, f"morale of {st.tables.side_names[side]} against {against}",
                           "Morale Check", side, tuple(mods))
        # a choice is asked only where it changes the verdict: when every card drawn holds, or every one
        # breaks the force, the army's fate is the same whichever is kept (the best is kept, as before)
        same = len({card_value(c) > lost for c in cards}) == 1
        if may_choose and not same:
            ctx.emit(E.MoraleCardsOffered(side=side, force=force, casualties=lost, cards=tuple(cards),
                                          leader=leaders[0].id))
            return False
        _verdict(ctx, side, force, lost, best_card(cards), n, unasked=may_choose and same)
    _end_of_morale(ctx, st)
    return True


def _leaders(left: list[Model]) -> list[Model]:
    """The force's leaders present on the battlefield and not Down, the one with most cards first (Leaders and
    Heroes: he lets the side draw that many morale cards)."""
    return sorted((m for m in left if present(m) and m.leader), key=lambda m: -m.leader)


def break_chance(st: RatState, side: str, force: str) -> float:
    """The chance that ``force`` breaks at the Morale Check if it were tested now: every one of the cards its
    leader lets it draw (one without a leader present) fails to beat its casualties, each card a value of 1
    to 13, drawn from a full deck (Morale Check). A force already broken, or with nobody left, has broken for sure."""
    if f"{side}/{force}" in st.broken:
        return 1.0
    left = [m for m in st.models.values() if m.side == side and m.force == force
            and (m.on_table or m.carried_by) and m.status != ABANDONED]
    if not left:
        return 1.0
    leaders = _leaders(left)
    cards = leaders[0].leader if leaders else 1
    return (min(13, casualties(st, side, force)) / 13) ** cards


def rout_chance(st: RatState, side: str) -> float:
    """The chance that every force of ``side`` breaks at the Morale Check if it were tested now (the side
    has then lost), its forces tested apart."""
    chance = 1.0
    for force in forces(st, side):
        chance *= break_chance(st, side, force)
    return chance


def _verdict(ctx: Resolution, side: str, force: str, lost: int, card: str, n: int, unasked: bool = False) -> None:
    """Morale Check: "This card must beat the number of casualties or the player loses". ``unasked``: the side
    could have chosen, but every card drawn gave the same verdict, so the best was kept without asking."""
    passed = card_value(card) > lost
    ctx.emit(E.MoraleTested(side=side, force=force, casualties=lost, card=card, cards=n, passed=passed,
                            unasked=unasked))
    if not passed:
        against = plural(lost, "casualty", "casualties")
        ctx.emit(E.ForceBroken(side=side, force=force, reason=f"failed its morale check ({against})"))


def keep_refusal(st: RatState, side: str, card: str) -> str | None:
    """Why ``side`` may not keep ``card`` for the morale test waiting now, or None."""
    choice = st.morale
    if choice is None:
        return "no morale cards wait to be chosen (Morale Check)"
    names = st.tables.side_names
    if side != choice.side:
        return f"{names[choice.side]} choose their morale card, not {names.get(side, shown(side, 40))}"
    if card not in choice.cards:
        return (f"{shown(card, 20)} was not drawn for this morale check: keep one of "
                f"{', '.join(choice.cards)}")
    return None


def keep(ctx: Resolution, st: RatState, card: str) -> bool:
    """The side waiting keeps ``card`` and discards the others ("discarding whichever he likes"); its force
    is tested with it and the Morale Check goes on with the next force. True once every force is tested."""
    choice = st.morale
    assert choice is not None  # checked (keep_refusal)
    ctx.emit(E.MoraleCardKept(side=choice.side, force=choice.force, kept=card,
                              discarded=tuple(c for c in choice.cards if c != card)))
    _verdict(ctx, choice.side, choice.force, choice.casualties, card, len(choice.cards))
    return _test_from(ctx, st, _in_order(st).index((choice.side, choice.force)) + 1)


def _end_of_morale(ctx: Resolution, st: RatState) -> None:
    """Every force tested: the cards go to the discard piles; a side with every force broken has lost."""
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
