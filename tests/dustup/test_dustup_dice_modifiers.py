"""Dustup: every die carries the shifts behind it, by name (Die Shifts), and outcome_of reads the
order's outcome back from its dice.

Book, "Die Shifts": a die is moved up or down a type instead of adding modifiers. Shoot Action:
Target Die: a propped target shifts the target die up one. Shoot Action: Cover: soft cover shifts the
armour die up one, and being propped another.
"""

from __future__ import annotations

import dustkit as K

from hexfront.engine.core.events import DieRolled
from hexfront.engine.systems.dustup import SYSTEM, fire, view
from hexfront.engine.systems.dustup import commands as C

HIGH = {"commitment": "high"}
# Dog Section propped in rough ground (soft cover, no concealment) 8 hexes from Alpha Squad
ROUGH = "\n".join(["........:" + "." * 7] + ["." * 16] * 3)


def _battle(dice):
    b = K.battle(red=[K.unit("A", (0, 0), ["leader:rifle", "rifle*2", "lmg"], name="Alpha Squad")],
                 blue=[K.unit("d", (8, 0), ["leader:rifle", "rifle*5"], name="Dog Section")],
                 red_side=HIGH, blue_side=HIGH, map=ROUGH, dice=dice)
    K.set_unit(b, "d", propped=True)
    return b


# target die 1; Alpha's quality 8, small arms D4 4, LMG 8: a major success, 20 / D10 = 2 hits;
# the hits go to figures 1 and 2 (D6s); each impact 1 against armour 1: no effect
SCRIPT = [1, 8, 4, 8, 1, 2, 1, 1, 1, 1]


def test_the_target_die_names_each_shift_and_the_armour_die_its_cover():
    b = _battle(SCRIPT)
    before = SYSTEM.copy_state(b.state)
    cmd = C.Shoot("A", "d")
    events = b.submit(cmd)
    dice = [e for e in events if isinstance(e, DieRolled)]
    target = dice[0]
    assert (target.sides, target.result, target.rule) == (10, 1, fire.RULE_TARGET)
    assert target.modifiers == ("target die D8 shifted up one: propped (Shoot Action: Target Die)",)
    assert target.purpose.startswith("target die D8 -> D10")  # the purpose still says what the die is for
    firer = dice[1:4]
    assert all(d.modifiers == () for d in firer)  # the firer's dice have no shifts here
    armour = [d for d in dice if d.purpose.startswith("armour die")]
    assert len(armour) == 2
    assert armour[0].sides == 8  # D4 basic battledress, soft cover +1 and propped +1
    assert armour[0].modifiers == ("armour die D4 shifted up one: soft cover (Shoot Action: Cover)",
                                   "armour die D4 shifted up one: propped (Shoot Action: Cover)")
    # the outcome is read back from the dice, and it is one of the preview's outcomes
    got = SYSTEM.outcome_of(before, cmd, events)
    assert got == "major success: suppressed and 2 hits"
    shown = {c.outcome: c.value for c in SYSTEM.preview(before, cmd).odds}
    assert shown[got] == 2.0


def test_a_miss_and_a_minor_success_read_back_as_the_preview_names_them():
    for dice, want in (([10, 1, 1, 1], "no effect"), ([5, 8, 1, 1], "minor success: Dog Section suppressed")):
        b = _battle(dice)
        before = SYSTEM.copy_state(b.state)
        cmd = C.Shoot("A", "d")
        events = b.submit(cmd)
        assert SYSTEM.outcome_of(before, cmd, events) == want
        assert want in {c.outcome for c in SYSTEM.preview(before, cmd).odds}


def test_the_courage_test_dice_name_their_open_shifts():
    """Assault Action: Courage Test, with open shifts (Die Shifts: Open Shift): each die's event names
    the courage table's rows that moved it. Dog Section, propped in rough ground, defends in cover: its
    D8 is shifted up one; Alpha Squad's D8 has no row."""
    from hexfront.engine.systems.dustup import courage

    b = _battle([])
    st = b.state
    me, them = ("A", courage.members(st.units["A"])), ("d", courage.members(st.units["d"]))
    ctx = K.ctx(b, [5, 3])
    courage.courage_roll(ctx, me, them, "courage test", courage.R_COURAGE)
    a, d = [e for e in ctx.events if isinstance(e, DieRolled)]
    assert (a.sides, d.sides) == (8, 10)
    assert a.modifiers == ()
    assert d.modifiers == ("Dog Section's D8 shifted up one (open shift): defender in cover or propped "
                           f"({courage.R_COURAGE})",)


def test_outcome_of_is_none_for_orders_without_odds():
    b = _battle([])
    before = SYSTEM.copy_state(b.state)
    events = b.submit(C.Prop("A")) if SYSTEM.validate(b.state, C.Prop("A")) is None else []
    assert SYSTEM.outcome_of(before, C.Prop("A"), events) is None
    assert view.outcome_of(before, C.Pass(), []) is None


def test_in_whole_battles_every_order_with_odds_has_values_and_reads_back_as_one_of_them():
    """Every scenario, computer against computer: each order whose preview has odds gives every chance
    a value and names its unit, and outcome_of names one of the preview's outcomes (or None for an
    assault whose defender is first asked whether to withdraw)."""
    from hexfront.engine.core.battle import Battle
    from hexfront.engine.core.players import computer_players_for

    checked = 0
    for name in SYSTEM.scenario_names():
        b = Battle.new("dustup", name, seed=1, players={"red": "default", "blue": "default"})
        players = computer_players_for(b)
        for _ in range(50):
            if SYSTEM.outcome(b.state) is not None:
                break
            cmd = players[SYSTEM.side_to_act(b.state)].choose(SYSTEM, b.state)
            before = SYSTEM.copy_state(b.state)
            preview = SYSTEM.preview(before, cmd)
            events = b.submit(cmd)
            got = SYSTEM.outcome_of(before, cmd, events)
            if not preview.odds:
                continue
            assert preview.value_unit and all(c.value is not None for c in preview.odds), preview
            assert abs(sum(c.probability for c in preview.odds) - 1) < 1e-9, preview
            if got is None:
                assert type(cmd).__name__ == "Assault", cmd
                continue
            assert got in {c.outcome for c in preview.odds}, (cmd, got, preview.odds)
            checked += 1
    assert checked >= 50
