"""Dustup's morale tests (book: "Morale": Confidence Test, Panic, Terror, Leadership Test, Death of a
Leader), as checks.py rolls them. Each test calls the rule directly on a small battle with
scripted dice (``dustkit.ctx``), except where a move brings the enemy into sight.
"""

from __future__ import annotations

import pytest

from hexfront.engine.systems.dustup import checks
from hexfront.engine.systems.dustup import commands as C
from hexfront.engine.systems.dustup import events as E
from hexfront.engine.systems.dustup.state import BROKEN, CONFIDENT, KILLED, ROUTED, SHAKEN, STEADY, UNTREATED

try:
    from . import dustkit as K
except ImportError:  # collected without a package
    import dustkit as K

FAR = K.unit("far", (15, 9), ["leader:rifle", "rifle*3"])


def one(commitment="medium", leadership=2, quality="experienced", map=K.OPEN, **kw):
    """A battle with one red squad 'a' (of 6) whose side has the given commitment."""
    b = K.battle([K.unit("a", (0, 0), ["leader:rifle", "rifle*5"], leadership=leadership, quality=quality, **kw)],
                 [FAR], red_side={"commitment": commitment}, map=map,
                 deploy_dice=[4] if quality == "untrained" and map == K.OPEN else [])  # first sight: a pass
    return b, b.state.units["a"]


def only_roll(events):
    (sides, result, purpose), = K.rolls(events)
    return sides, result, purpose


# ---------------------------------------------------------------------------------------------
# Confidence Test
# ---------------------------------------------------------------------------------------------


def test_book_example_casualties_from_fire_medium_commitment():
    """Morale: Confidence Test. A unit with leadership 2 and medium commitment needs to score more
    than 3 when it tests for casualties from fire: a 4 passes."""
    b, u = one()
    c = K.ctx(b, [4])
    assert checks.confidence_test(c, u, "casualties") is True
    sides, result, purpose = only_roll(c.events)
    assert (sides, result) == (8, 4) and "must beat 3" in purpose
    assert u.confidence == CONFIDENT


def test_book_example_a_three_fails_and_drops_one_level():
    """Morale: Confidence Test. Failing to score more than the required result drops one level."""
    b, u = one()
    c = K.ctx(b, [3])
    assert checks.confidence_test(c, u, "casualties") is False
    assert u.confidence == STEADY


def test_under_half_drops_two_levels():
    """Morale: Confidence Test. Scoring less than half the required score (rounded down) drops two
    levels: low commitment, leader hit, 3 + 2 = 5, half is 2; a 1 drops two, a 2 only one."""
    b, u = one("low")
    c = K.ctx(b, [1])
    checks.confidence_test(c, u, "leader_hit")
    assert u.confidence == SHAKEN
    b, u = one("low")
    c = K.ctx(b, [2])
    checks.confidence_test(c, u, "leader_hit")
    assert u.confidence == STEADY
    b, u = one("low")
    c = K.ctx(b, [6])
    assert checks.confidence_test(c, u, "leader_hit") is True and u.confidence == CONFIDENT


def test_a_failed_test_says_why_in_the_log_in_one_pair_of_brackets():
    """The dice log's line for a failed Confidence Test gives the roll against the number to beat, and "under
    half" when it drops two levels, without brackets inside brackets."""
    from hexfront.engine.systems.dustup import SYSTEM

    b, u = one("low")
    c = K.ctx(b, [1])
    checks.confidence_test(c, u, "leader_hit")
    (dropped,) = [e for e in c.events if isinstance(e, E.ConfidenceDropped)]
    line = SYSTEM.describe(dropped, b.state)
    assert line.endswith("confidence drops to shaken (failed a confidence test: 1 against 5, under half)"), line
    assert line.count("(") == line.count(")") == 1, line


@pytest.mark.parametrize("event,commitment", [("first_fire", "medium"), ("first_fire", "high"),
                                              ("first_suppressed", "high")])
def test_no_test_required(event, commitment):
    """Morale: Confidence Test. NTR: no test is required, and no die is rolled."""
    b, u = one(commitment)
    c = K.ctx(b)
    assert checks.confidence_test(c, u, event) is None
    assert K.rolls(c.events) == []


BOOK_EVENTS = {
    "first_fire": (1, None, None),
    "first_suppressed": (2, 1, None),
    "casualties": (2, 1, 0),
    "leader_hit": (3, 2, 1),
    "abandon_wounded": (3, 2, 1),
    "vehicle_damage": (3, 2, 1),
}
BOOK_MODIFIERS = {
    "artillery": (2, 1, 0),
    "untreated": (2, 1, 0),
    "heavy_losses": (4, 2, 1),
    "travel": (4, 3, 2),
    "vehicle_damage": (2, 1, 0),
}


def test_confidence_tables_match_the_book():
    """Morale: Confidence Test. The table of events and of modifiers, low / medium / high
    commitment, as content/dustup/morale.toml holds them."""
    t = K.battle([K.unit("a", (0, 0), ["rifle*2"])], [FAR]).state.tables
    assert {k: t.confidence_events[k] for k in BOOK_EVENTS} == BOOK_EVENTS  # other modules may add rows
    assert {k: t.confidence_modifiers[k] for k in BOOK_MODIFIERS} == BOOK_MODIFIERS


@pytest.mark.parametrize("event,commitment,base", [
    (event, commitment, values[ci]) for event, values in sorted(BOOK_EVENTS.items())
    for ci, commitment in enumerate(["low", "medium", "high"]) if values[ci] is not None])
def test_number_to_beat_is_table_plus_leadership(event, commitment, base):
    """Morale: Confidence Test. Roll the quality die to score higher than the table's value plus
    the unit's leadership (here 3)."""
    b, u = one(commitment, leadership=3, quality="elite")
    c = K.ctx(b, [base + 3])
    assert checks.confidence_test(c, u, event) is False  # equal is not higher
    assert f"must beat {base + 3}" in only_roll(c.events)[2]


def test_untreated_casualties_raise_the_number():
    """Morale: Confidence Test Modifiers. +1 for each untreated casualty at medium commitment: two
    wounded make the book's 3 into 5."""
    b, u = one()
    c = K.ctx(b, [5])
    for f in ("a.2", "a.3"):
        c.emit(E.FigureChanged(unit="a", figure=f, status=UNTREATED, wounds=1, reason="test set-up"))
    assert checks.confidence_test(c, u, "casualties") is False
    assert "must beat 5" in only_roll(c.events)[2] and "2 untreated" in only_roll(c.events)[2]


def test_heavy_losses_raise_the_number():
    """Morale: Confidence Test Modifiers. More casualties in one attack than survivors afterwards:
    +2 at medium commitment (3 + 2 = 5), +4 at low, +1 at high."""
    b, u = one()
    c = K.ctx(b, [6])
    assert checks.confidence_test(c, u, "casualties", casualties=4, survivors=2) is True
    assert "must beat 5" in only_roll(c.events)[2]
    b, u = one()
    c = K.ctx(b, [6])
    checks.confidence_test(c, u, "casualties", casualties=2, survivors=2)
    assert "must beat 3" in only_roll(c.events)[2]  # as many, not more: no modifier


def test_travel_mode_raises_the_number():
    """Morale: Confidence Test Modifiers. A unit in travel mode: +3 at medium commitment."""
    b, u = one()
    c = K.ctx(b, [8])
    K.set_unit(b, "a", travel=True)
    checks.confidence_test(c, u, "casualties")
    assert "must beat 6" in only_roll(c.events)[2]


def test_confidence_never_drops_below_routed_and_routing_clears_suppression():
    """Forces: Confidence. Routed is the lowest level; routed units ignore suppression."""
    b, u = one(confidence="broken")
    c = K.ctx(b, [1])
    K.set_unit(b, "a", suppression=2)
    checks.confidence_test(c, u, "leader_hit")
    assert u.confidence == ROUTED and u.suppression == 0


def test_confidence_never_rises_above_the_starting_level():
    """Rally Action: rallying cannot raise a unit's confidence above its initial level."""
    b, u = one(confidence="steady")
    c = K.ctx(b)
    K.set_unit(b, "a", confidence=BROKEN)
    assert checks.raise_confidence(c, u, 3, "rallied", "Rally Action") == 2
    assert u.confidence == STEADY


# ---------------------------------------------------------------------------------------------
# Leadership Test
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("roll,passed", [(2, False), (3, True)])
def test_leadership_test_quality_die_over_leadership(roll, passed):
    """Morale: Leadership Test. Roll the quality die; to pass score higher than the leadership."""
    b, u = one(leadership=2)
    c = K.ctx(b, [roll])
    assert checks.leadership_test(c, u, "to test") is passed
    assert only_roll(c.events)[0] == 8


# ---------------------------------------------------------------------------------------------
# Panic
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("quality,tests", [
    ("untrained", {"sight", "fired_on", "fearsome", "terror"}),
    ("green", {"fired_on", "fearsome", "terror"}),
    ("experienced", {"terror"}),
    ("veteran", set()),
    ("elite", set()),
])
def test_who_tests_for_panic(quality, tests):
    """Morale: Panic. Untrained units test the first time they see any enemy (and so whenever a
    green unit would); green units the first time they are fired on or see armour, power armour,
    large creatures or terror; experienced units only for terror; veteran and elite never."""
    b, u = one(quality=quality, map=K.SCREENED_ROWS)  # out of sight: no test taken yet
    assert {t for t in ("sight", "fired_on", "fearsome", "terror") if checks.needs_panic_test(u, t)} == tests


def test_panic_test_pass_is_never_repeated():
    """Morale: Panic. Once a unit has passed a panic test, it never takes another."""
    b, u = one(quality="green", leadership=2)
    c = K.ctx(b, [3])
    checks.maybe_panic(c, u, "fired_on", "first fired on")
    sides, result, purpose = only_roll(c.events)
    assert (sides, result) == (6, 3) and "must beat 2" in purpose
    assert u.panic_passed and not u.panicked
    c = K.ctx(b, [1])
    checks.maybe_panic(c, u, "terror", "terror")
    assert K.rolls(c.events) == [] and not u.panicked


def test_failed_panic_test_panics_the_unit():
    """Morale: Panic. Roll the quality die against the leadership; failure: the unit panics."""
    b, u = one(quality="green", leadership=3)
    c = K.ctx(b, [3])
    assert checks.panic_test(c, u, "first fired on") is False
    assert u.panicked and not u.panic_passed


def test_untrained_test_on_first_sight_of_the_enemy():
    """Morale: Panic. Untrained units test as soon as they first come into sight of any enemy
    unit: here after their own move out of the woods that hid it; only once."""
    b = K.battle([K.unit("m", (0, 0), ["rifle*4"], quality="untrained", leadership=2)], [FAR], dice=[3, 3, 2],
                 map=K.SCREENED_COLUMN)
    ev = b.submit(C.Move("m", K.hx(2, 0)))
    rolls = K.rolls(ev)
    assert rolls[1][:2] == (4, 3) and "panic test" in rolls[1][2] and "first sight" in rolls[1][2]
    m = b.state.units["m"]
    assert m.seen_enemy and m.panic_passed
    ev = b.submit(C.Move("m", K.hx(4, 0)))
    assert len(K.rolls(ev)) == 1


def test_green_test_on_first_sight_of_power_armour():
    """Morale: Panic. Green units test the first time they see power armoured troops."""
    pa = K.unit("pa", (12, 0), ["rifle*4"], armour="light_power")
    b = K.battle([K.unit("g", (0, 0), ["rifle*4"], quality="green", leadership=3)], [pa], dice=[3, 2],
                 map=K.SCREENED_COLUMN)
    ev = b.submit(C.Move("g", K.hx(2, 0)))
    assert "power armour" in K.rolls(ev)[1][2]
    assert b.state.units["g"].panicked


def test_green_units_do_not_test_at_the_sight_of_ordinary_infantry():
    b = K.battle([K.unit("g", (0, 0), ["rifle*4"], quality="green")], [FAR], dice=[2])
    ev = b.submit(C.Move("g", K.hx(2, 0)))
    assert len(K.rolls(ev)) == 1


def test_untrained_troops_deployed_in_sight_of_the_enemy_test_before_the_first_turn():
    """Morale: Panic. "The first time they come into line of sight of any enemy unit in the game":
    for troops set up in plain view of the enemy, that is at deployment, before the roll-off."""
    b = K.battle([K.unit("m", (0, 0), ["rifle*4"], quality="untrained", leadership=2)], [FAR],
                 deploy_dice=[2], map=K.OPEN)
    rolls = K.rolls(b.setup_events)
    assert rolls[0][:2] == (4, 2) and "panic test" in rolls[0][2] and "first sight" in rolls[0][2]
    assert "roll-off" in rolls[1][2]
    m = b.state.units["m"]
    assert m.seen_enemy and m.panicked, "2 does not beat leadership 2: the unit panics before turn 1"


def test_experienced_test_on_first_sight_of_terror_and_veterans_never():
    """Morale: Panic; Terror. Experienced units test the first time they see an enemy that provokes
    terror; veterans do not."""
    monster = K.unit("x", (12, 0), ["rifle*2"], terror=True)
    red = [K.unit("e", (0, 0), ["rifle*4"]), K.unit("v", (0, 2), ["rifle*4"], quality="veteran")]
    b = K.battle(red, [monster], dice=[3, 5], map=K.SCREENED_COLUMN)
    ev = b.submit(C.Move("e", K.hx(2, 0)))
    rolls = K.rolls(ev)
    assert len(rolls) == 2 and "terror" in rolls[1][2] and rolls[1][0] == 8
    assert b.state.units["e"].panic_passed and not b.state.units["v"].panic_passed


# ---------------------------------------------------------------------------------------------
# Death of a Leader
# ---------------------------------------------------------------------------------------------


def kill(c, uid, fid):
    c.emit(E.FigureChanged(unit=uid, figure=fid, status=KILLED, wounds=2, reason="test set-up"))


def test_death_of_a_leader_tests_at_once_and_leaves_the_unit_leaderless():
    """Morale: Death of a Leader. When a unit leader becomes a casualty the unit immediately takes a
    confidence test (medium: 2 + leadership 2 = 4), and must reorganise at its next activation."""
    b, u = one()
    c = K.ctx(b, [4])
    kill(c, "a", "a.1")
    checks.leader_losses(c, ["a"])
    sides, result, purpose = only_roll(c.events)
    assert (sides, result) == (8, 4) and "must beat 4" in purpose
    assert u.leaderless and u.confidence == STEADY
    c = K.ctx(b)
    checks.leader_losses(c, ["a"])  # already known: not again
    assert K.rolls(c.events) == []


def test_a_wounded_leader_is_a_casualty_too():
    b, u = one()
    c = K.ctx(b, [8])
    c.emit(E.FigureChanged(unit="a", figure="a.1", status=UNTREATED, wounds=1, reason="test set-up"))
    checks.leader_losses(c, ["a"])
    assert u.leaderless and len(K.rolls(c.events)) == 1


def test_no_test_while_the_leader_stands():
    b, u = one()
    c = K.ctx(b)
    kill(c, "a", "a.3")
    checks.leader_losses(c, ["a"])
    assert K.rolls(c.events) == [] and not u.leaderless


def company():
    red = [K.unit("CO", (0, 0), ["commander:rifle", "rifle*2"], kind="command", level=2, leadership=1),
           K.unit("HQ", (3, 0), ["commander:rifle", "rifle*2"], kind="command", commander="CO", leadership=1),
           K.unit("A", (6, 0), ["leader:rifle", "rifle*5"], commander="HQ", leadership=2),
           K.unit("B", (9, 0), ["leader:rifle", "rifle*5"], commander="CO", leadership=3)]
    return K.battle(red, [FAR])


def test_death_of_a_commander_tests_every_subordinate_at_plus_one():
    """Morale: Death of a Leader. If a commander becomes a casualty, all subordinate units must
    immediately take a confidence test with +1 to the target number (the leader-casualty row,
    medium 2). This game reads "all" as every unit under him, through lower headquarters too."""
    b = company()
    c = K.ctx(b, [8, 8, 8, 8])
    kill(c, "CO", "CO.1")
    checks.leader_losses(c, ["CO"])
    rolls = K.rolls(c.events)
    assert [r[0] for r in rolls] == [8, 8, 8, 8]
    purposes = [r[2] for r in rolls]
    assert "must beat 3" in purposes[0]                                         # CO itself: 2 + 1
    assert "must beat 4" in purposes[1] and "commander fell" in purposes[1]    # HQ: 2 + 1 + 1
    assert "must beat 5" in purposes[2]                                          # A: 2 + 2 + 1
    assert "must beat 6" in purposes[3]                                          # B: 2 + 3 + 1
    assert [e.unit for e in c.events if isinstance(e, E.LeaderLost)] == ["CO"]


def test_subordinates_test_even_when_the_whole_headquarters_is_destroyed():
    """Morale: Death of a Leader. The subordinates test though nobody of the headquarters is left
    to test itself."""
    b = company()
    c = K.ctx(b, [2, 8, 8])
    for f in ("HQ.1", "HQ.2", "HQ.3"):
        kill(c, "HQ", f)
    checks.leader_losses(c, ["HQ"])
    rolls = K.rolls(c.events)
    assert len(rolls) == 1 and "must beat 5" in rolls[0][2]  # only A is under HQ
    assert b.state.units["A"].confidence == STEADY


# ---------------------------------------------------------------------------------------------
# Power Armour Troops as Casualties
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("table_roll, status, wounds", [
    (1, "killed", 0), (2, "stabilised", 1), (4, "stabilised", 1), (5, "disabled", 0), (6, "fit", 0),
])
def test_power_armour_rolls_its_casualty_table_as_soon_as_it_is_hit(table_roll, status, wounds):
    """Medical Treatment: Power Armour Troops as Casualties. A hit that beats the suit's armour is not
    a wound or a kill: a D6 at once, 1 killed, 2-4 stabilised (a wound marker), 5 unhurt but the suit
    wrecked (disabled), 6 patched up by the suit and back to duty."""
    b = K.battle([K.unit("pa", (0, 0), ["leader:rifle", "rifle*3"], armour="light_power")], [FAR])
    u = b.state.units["pa"]
    f = u.figures[1]
    assert f.power and f.armour == 10
    c = K.ctx(b, [12, 2, table_roll])  # impact D12 rolls 12 against armour D10 rolling 2: "a kill" for others
    result = checks.impact_on(c, u, f, 12, 0, False, "Shoot Action: Resolve Impact")
    assert [r[:2] for r in K.rolls(c.events)] == [(12, 12), (10, 2), (6, table_roll)]
    assert "power armour casualty table" in K.rolls(c.events)[2][2]
    assert f.status == status and f.wounds == wounds
    assert result == {"killed": "kill", "fit": "none"}.get(status, "wound")


def test_a_hit_that_does_not_beat_the_suit_needs_no_table():
    b = K.battle([K.unit("pa", (0, 0), ["leader:rifle", "rifle*3"], armour="heavy_power")], [FAR])
    u = b.state.units["pa"]
    c = K.ctx(b, [5, 9])
    assert checks.impact_on(c, u, u.figures[1], 6, 0, False, "Shoot Action: Resolve Impact") == "none"
    assert len(K.rolls(c.events)) == 2 and u.figures[1].status == "fit"
