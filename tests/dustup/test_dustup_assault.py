"""Assault Action (book: "Assault Action", from "The procedure for close assault" to "The Two Inch Rule").

Every test sets up a small battle with dustkit, scripts the dice, and checks what the book says
happens. Positions are odd-r offsets (col, row); on row 4, (5,4) and (6,4) are neighbours, and
(3,4) is three hexes from (6,4): contact from there needs 3 points (two hexes of open ground, then
one to go into the defender's hex).
"""

from __future__ import annotations

import dustkit
import pytest

from hexfront.engine.core.battle import Battle
from hexfront.engine.core.events import DieRolled
from hexfront.engine.core.hexes import hex_distance
from hexfront.engine.systems.dustup import assault, closecombat, courage, defensivefire, fire
from hexfront.engine.systems.dustup import commands as C
from hexfront.engine.systems.dustup import events as E
from hexfront.engine.systems.dustup.state import ABANDONED, BROKEN, CONFIDENT, FIT, KILLED, ROUTED, STEADY, UNTREATED

hx = dustkit.hx


def squad(uid: str, at, n: int, **kw):
    kw.setdefault("name", uid.upper())
    return dustkit.unit(uid, at, [f"rifle*{n}"], **kw)


def fight(red, blue, dice=(), **kw):
    """A battle with a spare unit on each side, far away, so that the turn and the battle go on."""
    return dustkit.battle(red=red + [squad("rr", (15, 0), 2)], blue=blue + [squad("bb", (0, 9), 2)], dice=dice,
                          **kw)


def set_field(b, uid: str, field: str, value) -> None:
    """Put a unit in a situation before the assault (an event folded into the live state)."""
    dustkit.set_unit(b, uid, **{field: value})


def wound(b, uid: str, fid: str) -> None:
    dustkit.ctx(b).emit(E.FigureChanged(unit=uid, figure=fid, status=UNTREATED, wounds=1))


def dice(events) -> list[tuple[int, int]]:
    return [(s, r) for s, r, _ in dustkit.rolls(events)]


def purposes(events) -> list[str]:
    return [p for _, _, p in dustkit.rolls(events)]


def rules_of(events) -> list[str]:
    return [e.rule for e in events if isinstance(e, DieRolled)]


def notes(events) -> str:
    return "\n".join(e.text for e in events if isinstance(e, E.Note))


def used(events, rule: str) -> bool:
    return any(getattr(e, "rule", "") == rule for e in events)


def unit(b, uid: str):
    return b.state.units[uid]


def stub_fire(monkeypatch, casualties: int) -> list[tuple[str, str]]:
    """Final defensive fire that kills ``casualties`` troopers of the attacker (the last ones)."""
    calls: list[tuple[str, str]] = []

    def fake(ctx, firer, target):
        calls.append((firer.id, target.id))
        for f in [f for f in target.figures if f.status == FIT][-casualties:] if casualties else []:
            ctx.emit(E.FigureChanged(unit=target.id, figure=f.id, status=KILLED, wounds=1, reason="stub fire"))
        return casualties

    monkeypatch.setattr(fire, "final_defensive_fire", fake)
    return calls


NO_STRIKE_ROUND = (8, 1, 1)  # target die 8, striker's quality die 1, strike die 1: no success


# ---------------------------------------------------------------------------------------------
# The book's extended example, and the Two Inch Rule
# ---------------------------------------------------------------------------------------------


def test_extended_example_of_close_combat():
    """Assault Action: Extended Example. 8 experienced troopers with bayonets (strike 1) against 6
    veterans (strike 1), both in D6 armour. The attacker starts next to the defender so contact is
    automatic (The Two Inch Rule); nothing else shifts a die (8 against 6 is not 2:1, open ground)."""
    script = [
        6, 7, 8,  # round 1: defender's target die D10, attacker's quality D8, strike die D8 (8 x 1)
        2, 3, 4,  # three hits allocated with a D6 to defenders 2, 3 and 4
        4, 2, 1, 4, 6, 2,  # impact D6 v armour D6: 4 v 2 wound, 1 v 4 miss, 6 v 2 kill
        3, 4, 6,  # round 2: attacker's target die D8, defender's quality D10, strike die D6 (6 x 1)
        4,  # 20 / 8 = 2 hits and a 4 in 8 chance of a third: a 4 scores it
        2, 3, 4,  # allocated with a D8 to attackers 2, 3 and 4
        4, 2, 1, 3, 5, 3,  # 4 v 2 wound, 1 v 3 miss, 5 v 3 wound: the two wounds of the outcome
        3, 4,  # outcome: attacker D8 down twice -> D4 rolls 3; defender D10 down three times -> D4 rolls 4
        3,  # the attacker withdraws: movement die
        8,  # abandoning its wounded in sight of the enemy: confidence test, passed
    ]
    b = fight(red=[squad("a", (5, 4), 8, armour="partial_light", name="Attackers")],
                       blue=[squad("d", (6, 4), 6, quality="veteran", armour="partial_light", name="Veterans")],
                       dice=script)
    events = b.submit(C.Assault("a", "d"))
    assert dice(events) == [
        (10, 6), (8, 7), (8, 8), (6, 2), (6, 3), (6, 4), (6, 4), (6, 2), (6, 1), (6, 4), (6, 6), (6, 2),
        (8, 3), (10, 4), (6, 6), (8, 4), (8, 2), (8, 3), (8, 4), (6, 4), (6, 2), (6, 1), (6, 3), (6, 5), (6, 3),
        (4, 3), (4, 4), (6, 3), (8, 8)]
    ps = purposes(events)
    assert "strike die D8: 8 troopers x strike 1 = 8" in ps[2]
    assert "strike die D6: 6 troopers x strike 1 = 6" in ps[14]
    assert "D8 -> D4" in ps[25] and "D10 -> D4" in ps[26]
    text = notes(events)
    assert "7 + 8 doubled for a major success = 30; divided by D10: 3 hits" in text
    assert "4 + 6 doubled for a major success = 20; divided by D8: 2 hits and a 4 in 8 chance of another" in text
    a, d = unit(b, "a"), unit(b, "d")
    assert [f.status for f in d.figures] == [FIT, UNTREATED, FIT, KILLED, FIT, FIT]
    # the attacker loses, withdraws (abandoning its two wounded) and drops one level
    assert [f.status for f in a.figures].count(ABANDONED) == 2
    assert a.confidence == STEADY and d.confidence == CONFIDENT
    assert hex_distance(a.pos, d.pos) > 1 and d.pos == hx(6, 4)
    # the Two Inch Rule: no courage test, no withdrawal offered, no defensive fire
    assert not any("courage test" in p for p in ps)
    assert not any(isinstance(e, E.DecisionAsked) for e in events)
    assert used(events, assault.R_TWO_INCH)
    # both units count as activated; the attack is one action: the attacker may still act
    assert d.activated and b.state.active.unit == "a" and b.state.active.actions == 1
    assert b.state.assault is None


def test_two_inch_rule_and_a_draw_sends_the_attacker_back_without_a_drop():
    """The Two Inch Rule: starting next to the enemy, no courage test, no withdrawal and no
    defensive fire, even against a suppressed defender. Outcome: a draw counts as the defender's
    win; the attacker withdraws but does not drop in confidence."""
    b = fight(red=[squad("a", (5, 4), 3)], blue=[squad("d", (6, 4), 3)],
                       dice=[*NO_STRIKE_ROUND, *NO_STRIKE_ROUND, 5, 5, 2])
    events = b.submit(C.Assault("a", "d"))
    assert b.state.pending is None
    assert "close combat round 1" in purposes(events)[0]
    assert "draw" in notes(events)
    a = unit(b, "a")
    assert a.confidence == CONFIDENT and hex_distance(a.pos, hx(6, 4)) == 3
    assert unit(b, "d").pos == hx(6, 4)


# ---------------------------------------------------------------------------------------------
# Courage test
# ---------------------------------------------------------------------------------------------


def assault_from_three(dice_, red_kw=None, blue_kw=None, blue_n=4, options=None):
    b = fight(red=[squad("a", (3, 4), 6, **(red_kw or {}))],
                       blue=[squad("d", (6, 4), blue_n, **(blue_kw or {}))], dice=dice_, options=options)
    first = b.submit(C.Assault("a", "d"))
    return b, first


def test_defender_is_asked_whether_to_withdraw_and_counts_as_activated():
    """Withdrawal: the defender may withdraw instead of taking the courage test. Unit Activation:
    the target counts as activated at once."""
    b, events = assault_from_three([])
    p = b.state.pending
    assert p is not None and p.kind == "withdraw" and p.side == "blue" and p.data == ("withdraw", "stand")
    assert unit(b, "d").activated
    assert b.state.assault is not None and all(isinstance(f, str) for f in b.state.assault)
    # what the assault remembers lives in events: a replay of the log gives the same state
    assert Battle.replay(b.setup, list(b.log)).state_hash() == b.state_hash()


def test_courage_attacker_higher_moves_to_contact_and_a_doubled_loser_drops_two():
    """Courage Test: attacker higher (not double): move to contact. Move to Contact: 3 points cover
    the path into the defender's hex. Outcome: more than double drops the loser two levels."""
    b, _ = assault_from_three([5, 3, 3, *NO_STRIKE_ROUND, *NO_STRIKE_ROUND, 6, 2, 3])
    events = b.submit(C.Decide("stand"))
    ps = purposes(events)
    assert "courage test" in ps[0] and "courage test" in ps[1]
    assert "move to contact: movement die D6; needs 3 to reach D" in ps[2]
    assert unit(b, "a").pos == hx(5, 4)
    assert "makes contact" in notes(events)
    d = unit(b, "d")
    assert d.confidence == CONFIDENT - 2 and hex_distance(d.pos, hx(5, 4)) > 1


def test_courage_more_than_double_forces_withdrawal_then_the_attacker_occupies():
    """Courage Test: more than double, the defender withdraws and drops a level. Occupy
    Defender's Position: the attacker takes the vacated hex and its activation ends."""
    b, _ = assault_from_three([7, 3, 3])
    events = b.submit(C.Decide("stand"))
    d = unit(b, "d")
    assert d.confidence == STEADY and d.pos != hx(6, 4)
    assert b.state.pending.kind == "occupy" and b.state.pending.side == "red"
    assert set(b.state.pending.data) == {"occupy", "contact"}
    assert "must withdraw" in notes(events)
    b.submit(C.Decide("occupy"))
    assert unit(b, "a").pos == hx(6, 4)
    assert b.state.active is None and b.state.to_act == "blue"  # the activation is used up
    assert b.state.assault is None


def test_courage_not_higher_loses_the_first_action_only():
    """Courage Test: the attacker fails to beat the defender: no attack, the first action is lost
    but the second may still be used; no drop in confidence."""
    b, _ = assault_from_three([3, 3])
    events = b.submit(C.Decide("stand"))
    a = unit(b, "a")
    assert a.pos == hx(3, 4) and a.confidence == CONFIDENT
    assert b.state.active.unit == "a" and b.state.active.actions == 1
    assert "does not take place" in notes(events)
    assert unit(b, "d").activated


def test_courage_under_half_loses_both_actions_and_a_confidence_level():
    """Courage Test: under half the defender's score: both actions lost, and a last-minute bout of
    nerves drops the attacker one level since the defender is not suppressed."""
    b, _ = assault_from_three([1, 3])
    b.submit(C.Decide("stand"))
    assert unit(b, "a").confidence == STEADY
    assert b.state.active is None and b.state.to_act == "blue"


def test_courage_under_half_against_a_suppressed_defender_costs_no_confidence():
    """Courage Test: the drop only comes if the defender is not suppressed."""
    b = fight(red=[squad("a", (3, 4), 6)], blue=[squad("d", (6, 4), 4)], dice=[1, 3])
    set_field(b, "d", "suppression", 1)
    b.submit(C.Assault("a", "d"))
    events = b.submit(C.Decide("stand"))
    assert "D8 -> D6 (each suppression marker -1" in purposes(events)[1]
    assert unit(b, "a").confidence == CONFIDENT
    assert b.state.active is None


@pytest.mark.parametrize("reading, actions_left, confidence", [("text", 1, CONFIDENT), ("summary", None, STEADY)])
def test_courage_exactly_half_depends_on_the_reading(reading, actions_left, confidence):
    """The book contradicts itself at exactly half (RULES-NOTES): the text fails the attack badly
    only when the attacker "fails to score at least half" (2 against 4 is half: a plain failure);
    the summary box says "attacker <= defender / 2" (2 against 4: both actions and a level lost)."""
    b, _ = assault_from_three([2, 4], options={"courage_half": reading})
    b.submit(C.Decide("stand"))
    assert unit(b, "a").confidence == confidence
    left = b.state.active.actions if b.state.active else None
    assert left == actions_left


# ---------------------------------------------------------------------------------------------
# Withdrawal
# ---------------------------------------------------------------------------------------------


def test_voluntary_withdrawal_then_the_attacker_gives_chase():
    """Withdrawal: the defender withdraws instead of testing: it removes all its suppression
    markers, moves one move away from the attacker, drops a level even so, and abandons its
    wounded. The attacker may go after it; defenders who withdrew may not fire defensively; still
    short, the attacker may press on or halt."""
    b = fight(red=[squad("a", (3, 4), 6)], blue=[squad("d", (6, 4), 4)],
                       dice=[2, 8, 2])  # withdrawal move 2; abandoning the wounded: test passed; chase 2
    set_field(b, "d", "suppression", 2)
    wound(b, "d", "d.3")
    b.submit(C.Assault("a", "d"))
    events = b.submit(C.Decide("withdraw"))
    d = unit(b, "d")
    assert d.suppression == 0 and d.confidence == STEADY
    assert hex_distance(d.pos, hx(3, 4)) == 5
    assert d.figures[2].status == ABANDONED and b.state.abandoned == {hx(6, 4): 1}
    assert any("confidence test" in p for p in purposes(events))
    assert b.state.pending.kind == "occupy"
    events = b.submit(C.Decide("contact"))
    assert not used(events, defensivefire.R_FINAL)  # a defender that withdrew does not fire
    a = unit(b, "a")
    assert hex_distance(a.pos, hx(3, 4)) == 2 and hex_distance(a.pos, d.pos) > 1
    assert b.state.pending.kind == "press"
    b.submit(C.Decide("halt"))
    assert b.state.assault is None and b.state.active.actions == 1


def test_routed_defender_must_withdraw_and_does_not_strike_back():
    """Withdrawal: a routed defender MUST withdraw (no courage test). Combat Resolution: routing
    units do not strike back."""
    b = fight(red=[squad("a", (3, 4), 6)], blue=[squad("d", (6, 4), 4, confidence="routed")],
                       dice=[2,  # the routed defender withdraws 2
                             6,  # the attacker goes after it: 6 points reach it
                             *NO_STRIKE_ROUND,  # round 1; no round 2
                             5, 1, 2])  # outcome: 5 against 1; the loser withdraws 2
    events = b.submit(C.Assault("a", "d"))
    assert not any("courage test" in p for p in purposes(events))
    assert b.state.pending.kind == "occupy"
    d_pos = unit(b, "d").pos
    assert hex_distance(d_pos, hx(3, 4)) == 5
    events = b.submit(C.Decide("contact"))
    assert "routing units do not strike back" in notes(events)
    assert not any("round 2" in p for p in purposes(events))
    assert unit(b, "d").confidence == ROUTED


def test_broken_defender_routs_when_the_attacker_rolls_higher():
    """Courage Test notes: a broken defender automatically drops to routed and withdraws if the
    attacker's die roll is higher than theirs (here 4 against 3: not double)."""
    b, _ = assault_from_three([4, 3, 2], blue_kw={"confidence": "broken"})
    events = b.submit(C.Decide("stand"))
    assert "shaken or worse -1" in purposes(events)[1]
    d = unit(b, "d")
    assert d.confidence == ROUTED and d.pos != hx(6, 4)
    assert b.state.pending.kind == "occupy"


# ---------------------------------------------------------------------------------------------
# Move to contact and final defensive fire
# ---------------------------------------------------------------------------------------------


def test_short_of_contact_final_defensive_fire_drives_the_attacker_back(monkeypatch):
    """Final Defensive Fire: short of contact, the defender fires; with casualties the attacker
    tests (quality die over leadership + casualties); failing, it returns to its start with its
    casualties, takes a suppression marker and its activation ends."""
    calls = stub_fire(monkeypatch, 1)
    b, _ = assault_from_three([5, 3, 2, 3])  # courage 5 v 3; move 2 (3 needed); test 3 against 2 + 1
    events = b.submit(C.Decide("stand"))
    assert calls == [("d", "a")]
    assert "must beat leadership 2 + 1 = 3" in purposes(events)[-1]
    a = unit(b, "a")
    assert a.pos == hx(3, 4) and a.suppression == 1 and a.figures[-1].status == KILLED
    assert b.state.active is None and b.state.assault is None


def test_attacker_keeps_its_nerve_and_presses_into_contact(monkeypatch):
    """Final Defensive Fire: passing the test, the attacker may use its second action for another
    move; reaching the defender, the combat is fought. Casualties from the fire are not counted in
    the outcome test (it counts this combat's casualties)."""
    stub_fire(monkeypatch, 1)
    b, _ = assault_from_three([5, 3, 2, 8,  # courage; move 2, short; test 8 > 3
                               2,  # second move: 2 points reach from two hexes away
                               *NO_STRIKE_ROUND, *NO_STRIKE_ROUND, 4, 4, 2])  # combat; draw; withdrawal
    b.submit(C.Decide("stand"))
    assert b.state.pending.kind == "press" and b.state.pending.data == ("press", "halt")
    assert unit(b, "a").pos == hx(4, 4)
    events = b.submit(C.Decide("press"))
    assert "second move to contact" in purposes(events)[0]
    assert any("close combat round 2" in p for p in purposes(events))
    outcome = [p for p in purposes(events) if "outcome" in p]
    assert outcome[0].endswith("(attacker) D8")  # no shift for the man lost to the defensive fire
    assert b.state.active is None  # both actions used: the assault and the second move


def test_press_still_short_stays_out_of_position(monkeypatch):
    """Move to Contact: still short after the second move, the attacker stays where it ended,
    caught out of position, two inches away (not next to the enemy). No casualties: no test."""
    stub_fire(monkeypatch, 0)
    b, _ = assault_from_three([5, 3, 2, 1])
    events = b.submit(C.Decide("stand"))
    assert not any("must beat leadership" in p for p in purposes(events))
    b.submit(C.Decide("press"))
    a = unit(b, "a")
    assert a.pos == hx(4, 4) and hex_distance(a.pos, hx(6, 4)) == 2
    assert b.state.active is None and b.state.assault is None


def test_halting_keeps_the_second_action(monkeypatch):
    stub_fire(monkeypatch, 0)
    b, _ = assault_from_three([5, 3, 2])
    b.submit(C.Decide("stand"))
    b.submit(C.Decide("halt"))
    assert unit(b, "a").pos == hx(4, 4) and b.state.active.actions == 1


def test_suppressed_defender_must_pass_a_suppression_test_to_fire(monkeypatch):
    """Final Defensive Fire: a suppressed defender rolls its quality die and must exceed leadership
    plus suppression markers (2 + 1 = 3); the markers are not removed."""
    calls = stub_fire(monkeypatch, 1)
    b = fight(red=[squad("a", (3, 4), 6)], blue=[squad("d", (6, 4), 4)], dice=[5, 3, 2, 3])
    set_field(b, "d", "suppression", 1)
    b.submit(C.Assault("a", "d"))
    events = b.submit(C.Decide("stand"))
    assert "must beat leadership 2 + 1 marker = 3" in purposes(events)[-1]
    assert calls == [] and unit(b, "d").suppression == 1
    assert b.state.pending.kind == "press"


def test_final_defensive_fire_with_the_fire_module():
    """Final Defensive Fire resolved by the Shoot Action rules (fire.final_defensive_fire): 4
    rifles at 2 hexes (target die D6, short range) score a major success, one hit kills trooper 6;
    the attacker fails its test (2 against 2 + 1) and falls back, suppressed."""
    b, _ = assault_from_three([5, 3, 2,  # courage; move 2: short
                               1, 4, 4,  # target die D6, quality D8, small arms D4: major, 8 / 6 = 1 hit
                               6, 4, 1,  # allocated to trooper 6; impact D8 4 against armour D4 1: killed
                               2])  # the attacker's test
    events = b.submit(C.Decide("stand"))
    assert dice(events)[3:7] == [(6, 1), (8, 4), (4, 4), (6, 6)]
    a = unit(b, "a")
    assert a.figures[5].status == KILLED
    assert a.pos == hx(3, 4) and a.suppression == 1


def test_terrain_of_the_defenders_hex_counts_toward_contact():
    """Move to Contact: the attacker must roll enough to cover the cost of getting INTO the
    defender's position (here rough ground, 2 points): 3 is not enough for 4."""
    rows = ["." * 16] * 10
    rows[4] = "......:........."
    b = fight(red=[squad("a", (3, 4), 6)], blue=[squad("d", (6, 4), 4)], dice=[5, 3, 3],
                       map="\n".join(rows))
    b.submit(C.Assault("a", "d"))
    events = b.submit(C.Decide("stand"))
    assert "needs 4 to reach D" in purposes(events)[2]
    assert hex_distance(unit(b, "a").pos, hx(6, 4)) > 1


# ---------------------------------------------------------------------------------------------
# Combat: strike values, special weapons, total victory, leaders
# ---------------------------------------------------------------------------------------------


def test_strike_value_above_twelve_shifts_the_target_die_down():
    """Strike Value: 7 troopers with strike 2 make 14: a D12 strike die, and since it is above 12
    the target's quality die is shifted down once more (D8 -> D6)."""
    b = fight(red=[squad("a", (5, 4), 7, strike=2)], blue=[squad("d", (6, 4), 6)],
                       dice=[6, 1, 1, *NO_STRIKE_ROUND, 4, 4, 2])
    events = b.submit(C.Assault("a", "d"))
    assert dice(events)[:3] == [(6, 6), (8, 1), (12, 1)]
    ps = purposes(events)
    assert "D8 -> D6 (strike value 14 above 12 -1)" in ps[0]
    assert "7 troopers x strike 2 = 14" in ps[2]


def test_special_close_combat_weapon_adds_its_strike_die_but_not_its_impact():
    """Special Close Combat Weapons: 5 bayonets and a laser sword roll a D6 (5 x 1) and a D8; the
    hits use the unit's close combat impact (D6), not the sword's. The remainder (18 / 8 leaves 2)
    is always rolled in close combat."""
    b = fight(red=[dustkit.unit("a", (5, 4), ["rifle*5", "laser_sword"], name="A")],
                       blue=[squad("d", (6, 4), 4)],
                       dice=[2, 3, 3, 3,  # target D8 2; quality 3, bayonets D6 3, laser sword D8 3: major
                             8,  # 18 / 8: 2 hits, 2 in 8 for a third: 8 misses it
                             2, 3, 1, 1, 1, 1,  # two hits on 2 and 3, impact 1 against armour 1: nothing
                             *NO_STRIKE_ROUND, 5, 5, 2])
    events = b.submit(C.Assault("a", "d"))
    assert dice(events)[:4] == [(8, 2), (8, 3), (6, 3), (8, 3)]
    assert rules_of(events)[3] == closecombat.R_SPECIAL and "laser sword" in purposes(events)[3]
    impacts = [s for s, _, p in dustkit.rolls(events) if p.startswith("impact die")]
    assert impacts == [6, 6]
    assert "3 + 3 + 3 doubled for a major success = 18; divided by D8: 2 hits and a 2 in 8 chance" in notes(events)


def test_total_victory_needs_no_outcome_test():
    """Total Victory: one side completely destroyed: no final test, the victors keep the position
    with no effect on confidence. Casualties of round one still strike in round two."""
    b = fight(red=[squad("a", (5, 4), 3)], blue=[squad("d", (6, 4), 1), squad("far", (15, 8), 3)],
                       dice=[1, 8, 4,  # target D8 -> D4 (outnumbered 3:1); quality 8, strike D4 4: 6 hits
                             6, 1,  # the single figure: impact 6 against armour 1, killed
                             8, 1, 1])  # round 2: the dead man still strikes (and misses)
    events = b.submit(C.Assault("a", "d"))
    assert "D8 -> D4 (outnumbered 3:1 -2)" in purposes(events)[0]
    assert "close combat round 2" in purposes(events)[-1]
    assert "total victory" in notes(events)
    assert not any("outcome" in p for p in purposes(events))
    a = unit(b, "a")
    assert a.pos == hx(5, 4) and a.confidence == CONFIDENT
    assert unit(b, "d").figures[0].status == KILLED


def test_leader_killed_shifts_the_outcome_and_calls_for_the_leader_test():
    """Outcome: the leader-killed shift comes on top of the killed shift (D8 down three: below D4,
    the open shift carries over and lifts the attacker's D8 to a D10). Death of a Leader: the unit
    tests and needs a new leader."""
    b = fight(red=[squad("a", (5, 4), 4)], blue=[squad("d", (6, 4), 4)],
                       dice=[1, 8, 4,  # round 1: target D8 1; 8 and 4: major, 24 / 8 = 3 hits
                             1, 2, 3,  # on figures 1 (the leader), 2 and 3
                             6, 1, 1, 4, 1, 4,  # the leader is killed; two misses
                             *NO_STRIKE_ROUND,
                             9, 4,  # outcome: D10 against D4; 9 is more than double
                             2,  # the defender withdraws
                             8])  # its leader test (confidence test), passed
    events = b.submit(C.Assault("a", "d"))
    out = [(s, p) for s, _, p in dustkit.rolls(events) if "outcome" in p]
    assert out[0][0] == 10 and out[1][0] == 4
    assert "leader killed" in out[1][1]
    d = unit(b, "d")
    assert d.leaderless and d.confidence == CONFIDENT - 2


# ---------------------------------------------------------------------------------------------
# Multiple units in close combat, and the combined assault
# ---------------------------------------------------------------------------------------------


def test_split_sizes_match_the_opponents():
    """Multiple Units in Close Combat: 12 against 5 and 5 splits 6 and 6; 10 against 4 and 6
    splits 4 and 6."""
    assert courage.split_sizes(12, [5, 5]) == [6, 6]
    assert courage.split_sizes(10, [4, 6]) == [4, 6]
    assert courage.split_sizes(3, [1, 8]) == [1, 2]


def test_two_units_assaulted_one_fails_so_the_whole_unit_stays():
    """Multiple Units: each detachment tests against its own opponent; one forces its enemy to
    withdraw but the other fails, so the whole unit obeys the worst result and stays put."""
    b = fight(red=[squad("a", (2, 4), 10)], blue=[squad("b", (6, 4), 4), squad("c", (5, 5), 6)],
                       dice=[3, 3,  # A1 (4) against B: fails
                             7, 3,  # A2 (6) against C: more than double
                             3])  # C withdraws
    b.submit(C.Assault("a", "b", "c"))
    assert b.state.pending.kind == "withdraw"
    b.submit(C.Decide("stand"))
    assert b.state.pending.kind == "withdraw"
    events = b.submit(C.Decide("stand"))
    assert "A splits into detachments: 4 against B and 6 against C" in notes(events)
    assert unit(b, "c").confidence == STEADY and unit(b, "c").pos != hx(5, 5)
    assert unit(b, "a").pos == hx(2, 4) and b.state.active.actions == 1
    assert unit(b, "b").activated and unit(b, "c").activated


def test_two_units_assaulted_one_withdraws_the_unit_regroups_against_the_other():
    """Multiple Units: if one opponent withdrew while the other remained, the attacker regroups
    into one unit and fights the other: 10 against 4 outnumbers it 2:1."""
    b = fight(red=[squad("a", (2, 4), 10)], blue=[squad("b", (6, 4), 4), squad("c", (5, 5), 6)],
                       dice=[5, 3, 7, 3,  # A1 beats B; A2 more than doubles C
                             3,  # C withdraws
                             4,  # one move: 4 reaches B (3 hexes to stand next to it, 1 to go in)
                             6, 1, 1, *NO_STRIKE_ROUND,  # B's target die is D6 (outnumbered 2:1)
                             5, 2, 2])  # outcome: 5 more than doubles 2: B withdraws
    b.submit(C.Assault("a", "b", "c"))
    b.submit(C.Decide("stand"))
    events = b.submit(C.Decide("stand"))
    ps = purposes(events)
    combat = [p for p in ps if "close combat round 1" in p]
    assert "D8 -> D6 (outnumbered 2:1 -1)" in combat[0]
    assert "10 troopers x strike 1" in combat[2]
    assert unit(b, "b").confidence == CONFIDENT - 2


def test_detachments_fight_and_the_parent_takes_every_confidence_loss_but_one_withdrawal():
    """Multiple Units: the unit next to two enemies splits 4 and 6; each pair fights its two rounds
    and takes its outcome test; losing both, the unit withdraws once and suffers each loss (1 + 2)."""
    b = fight(red=[squad("a", (5, 4), 10)], blue=[squad("b", (6, 4), 4), squad("c", (5, 5), 6)],
                       dice=[*NO_STRIKE_ROUND, *NO_STRIKE_ROUND,  # A1 against B
                             *NO_STRIKE_ROUND, *NO_STRIKE_ROUND,  # A2 against C
                             2, 3,  # A1 loses to B
                             1, 3,  # A2 loses to C, more than doubled
                             2])  # one withdrawal
    events = b.submit(C.Assault("a", "b", "c"))
    assert "4 against B and 6 against C" in notes(events)
    strikes = [p for p in purposes(events) if "strike die" in p]
    assert "4 troopers" in strikes[0] and "6 troopers" in strikes[2]
    a = unit(b, "a")
    assert a.confidence == BROKEN
    assert sum(1 for e in events if isinstance(e, E.UnitMoved) and e.unit == "a") == 1


def test_combined_assault_splits_the_defender_between_the_two_attackers():
    """Combined Assault: a commander orders two units against one enemy; the combat is fought as
    multiple units in close combat, the defender split into detachments matched to the attackers.
    Each unit obeys its own worst result."""
    b = fight(
        red=[dustkit.unit("hq", (3, 5), ["commander:rifle", "rifle*2"], kind="command", name="HQ"),
             squad("a1", (5, 4), 3, commander="hq"), squad("a2", (5, 5), 3, commander="hq")],
        blue=[squad("d", (6, 4), 6)],
        dice=[*NO_STRIKE_ROUND, *NO_STRIKE_ROUND, *NO_STRIKE_ROUND, *NO_STRIKE_ROUND,
              2, 3,  # A1 loses to its half of D
              4, 3,  # A2 beats the other half
              2, 2])  # A1 withdraws, then D
    events = b.submit(C.CombinedAssault("hq", "a1", "a2", "d"))
    assert "D splits into detachments: 3 against A1 and 3 against A2" in notes(events)
    assert unit(b, "a1").confidence == STEADY and unit(b, "a1").pos != hx(5, 4)
    assert unit(b, "a2").confidence == CONFIDENT and unit(b, "a2").pos == hx(5, 5)
    assert unit(b, "d").confidence == STEADY and unit(b, "d").pos != hx(6, 4)
    assert unit(b, "d").activated


def test_combined_assault_function_leaves_out_an_attacker_that_may_not_assault():
    b = fight(red=[squad("a1", (5, 4), 3), squad("a2", (5, 5), 3)], blue=[squad("d", (6, 4), 3)])
    set_field(b, "a2", "suppression", 1)
    c = dustkit.ctx(b, [*NO_STRIKE_ROUND, *NO_STRIKE_ROUND, 4, 4, 2])
    assault.combined_assault(c, [unit(b, "a1"), unit(b, "a2")], unit(b, "d"))
    assert "A2 cannot join the assault" in notes(c.events)
    assert not any("splits" in n for n in notes(c.events).split("\n"))


# ---------------------------------------------------------------------------------------------
# Who may assault whom
# ---------------------------------------------------------------------------------------------


def test_refusals():
    """Notes to the Courage Test and Prop Action: attackers may not assault when suppressed, shaken
    or worse, or propped; nor in travel mode. The target must be a visible enemy within one move."""
    b = fight(red=[squad("a", (3, 4), 6), squad("s", (3, 8), 1, confidence="shaken"),
                            squad("far", (0, 0), 4)],
                       blue=[squad("d", (6, 4), 4), squad("e", (6, 6), 4), squad("h", (9, 4), 4, hidden=True),
                             squad("x", (9, 8), 4)])
    assert b.refusal(C.Assault("a", "d")) is None
    assert "hidden" in b.refusal(C.Assault("a", "h"))
    assert "out of reach" in b.refusal(C.Assault("a", "x"))
    assert "your own side" in b.refusal(C.Assault("a", "s"))
    assert "too far apart" in b.refusal(C.Assault("a", "d", "x"))
    assert "different" in b.refusal(C.Assault("a", "d", "d"))
    assert b.refusal(C.Assault("a", "d", "e")) is None
    assert "shaken" in b.refusal(C.Assault("s", "x"))
    for field, word in (("suppression", "suppressed"), ("propped", "propped"), ("travel", "travel mode")):
        set_field(b, "a", field, 1 if field == "suppression" else True)
        assert word in b.refusal(C.Assault("a", "d"))
        set_field(b, "a", field, 0 if field == "suppression" else False)


def test_a_single_figure_cannot_split_against_two_enemies():
    b = fight(red=[squad("a", (3, 4), 1)], blue=[squad("d", (6, 4), 4), squad("e", (6, 5), 4)])
    assert "too few fit figures" in b.refusal(C.Assault("a", "d", "e"))


def test_offers_list_reachable_enemies_and_pairs():
    b = fight(red=[squad("a", (3, 4), 6)], blue=[squad("d", (6, 4), 4), squad("e", (6, 5), 4),
                                                          squad("x", (15, 9), 4)])
    legal = [c for c in b.legal_commands() if isinstance(c, C.Assault)]
    assert C.Assault("a", "d") in legal and C.Assault("a", "d", "e") in legal
    assert not any(c.target == "x" for c in legal)


def test_courage_shifts_from_the_table():
    """Courage Test table (a reconstruction, content/dustup/morale.toml): power armour counts double
    for outnumbering, a flame thrower provokes terror, a propped defender counts as in cover."""
    b = fight(red=[dustkit.unit("p", (3, 4), ["rifle*2", "flamer"], armour="light_power")],
                       blue=[squad("d", (6, 4), 3)])
    set_field(b, "d", "propped", True)
    st = b.state
    pa = ("p", courage.members(st.units["p"]))
    dd = ("d", courage.members(st.units["d"]))
    mine = dict(courage.courage_shifts(st, pa, dd, False))
    theirs = dict(courage.courage_shifts(st, dd, pa, True))
    assert list(mine.values()) == [2]  # provokes terror
    assert sorted(theirs.values()) == [-2, -1, 1]  # facing terror, outnumbered 2:1 (6 v 3), propped
