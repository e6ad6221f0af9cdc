"""Two of the book's worked examples reproduced with scripted dice, and the courage test's "half" as the game
reads it (issue 20, item 7).

- Assault Action: Casualties: "if the armour die rolled a 4. A roll of 5 or more on the impact die will cause a
  wound, a roll of 9 or more will cause a kill, while a roll of 4 or less will have no effect."
- Assault Action: Final Defensive Fire: "if an experienced unit, with leadership 2, had 2 suppression markers
  they would roll a D8 and need to score higher than a 4 to pass."
- Assault Action: Courage Test: the text's "fails to score at least half" against the summary box's
  "Attacker <= defender / 2" (option courage_half; the rules help says which the game plays by default); and
  the optional rally by doubles, whose text and summary disagree the same way.

Positions are odd-r offsets (col, row); on row 4, (5,4) and (6,4) are neighbours (The Two Inch Rule: contact at
once) and (3,4) is three hexes from (6,4).
"""

from __future__ import annotations

import dustkit as K
import pytest

from hexfront.engine.systems.dustup import commands as C
from hexfront.engine.systems.dustup import events as E
from hexfront.engine.systems.dustup.dice import HALF_SUMMARY, HALF_TEXT, courage_under_half, impact_result
from hexfront.engine.systems.dustup.state import BROKEN, CONFIDENT, FIT, KILLED, SHAKEN, STEADY, UNTREATED


def squad(uid: str, at, n: int, **kw):
    kw.setdefault("name", uid.upper())
    return K.unit(uid, at, [f"rifle*{n}"], **kw)


def fight(red, blue, dice=(), **kw):
    """A battle with a spare unit on each side, far away, so that the turn and the battle go on."""
    return K.battle(red=red + [squad("rr", (15, 0), 2)], blue=blue + [squad("bb", (0, 9), 2)], dice=dice, **kw)


def notes(events) -> list[str]:
    return [e.text for e in events if isinstance(e, E.Note)]


# -- Assault Action: Casualties, the armour die that rolled a 4 ----------------------------------------------------

def test_an_armour_roll_of_4_every_impact_score():
    """Assault Action: Casualties: "For example: if the armour die rolled a 4. A roll of 5 or more on the impact
    die will cause a wound, a roll of 9 or more will cause a kill, while a roll of 4 or less will have no effect."
    Every face of a D12 impact die against an armour roll of 4, through the rule the game rolls by."""
    assert [impact_result(impact, 4) for impact in range(1, 13)] == ["none"] * 4 + ["wound"] * 4 + ["kill"] * 4


def test_the_armour_die_4_example_in_close_combat():
    """Assault Action: Casualties: "if the armour die rolled a 4. A roll of 5 or more on the impact die will cause
    a wound, a roll of 9 or more will cause a kill, while a roll of 4 or less will have no effect."

    Four raiders whose close combat impact is a D10 (so that a 9 can come up) strike four green pickets in
    partial light armour (D6) from the next hex (The Two Inch Rule). Round 1: the pickets' target die D6 rolls 1;
    the raiders' D8 quality die 8 and D4 strike die 4 both beat it: a major success, (8 + 4) x 2 = 24, divided by
    D6: 4 hits, one on each picket. Every armour die rolls 4 and the impact dice 4, 5, 8 and 9: no effect, a
    wound, a wound, a kill, as the book says."""
    script = [1, 8, 4,  # round 1: the pickets' target die D6, the raiders' quality D8 and strike D4
              1, 2, 3, 4,  # the four hits allocated with a D4, one to each picket
              4, 4, 5, 4, 8, 4, 9, 4,  # impact D10 against armour D6: 4 v 4, 5 v 4, 8 v 4, 9 v 4
              8, 1, 1,  # round 2: the raiders' target die 8; the pickets' 1 and 1: no success
              9, 3,  # the outcome: the raiders win by more than double
              5, 5]  # the pickets withdraw (movement die) and test their confidence for the wounded left behind
    b = fight(red=[squad("a", (5, 4), 4, cc_impact=10, name="Raiders")],
              blue=[squad("d", (6, 4), 4, quality="green", armour="partial_light", name="Pickets")], dice=script)
    events = b.submit(C.Assault("a", "d"))
    pairs = [(s, r) for s, r, p in K.rolls(events) if p.startswith(("impact die", "armour die"))]
    assert pairs == [(10, 4), (6, 4), (10, 5), (6, 4), (10, 8), (6, 4), (10, 9), (6, 4)]
    assert "8 + 4 doubled for a major success = 24; divided by D6: 4 hits" in notes(events)
    assert "Leader d.1: impact 4 against armour 4, no effect" in notes(events)
    changed = [(e.figure, e.status, e.reason) for e in events if isinstance(e, E.FigureChanged)][:3]
    assert changed == [("d.2", UNTREATED, "impact 5 beats armour 4: wounded"),
                       ("d.3", UNTREATED, "impact 8 beats armour 4: wounded"),
                       ("d.4", KILLED, "impact 9 against armour 4: more than double, killed")]
    assert b.state.units["d"].figures[0].status == FIT
    assert K.script_used(b) == 2 + len(script)  # the turn's roll-off first


# -- Final Defensive Fire: leadership 2 and 2 suppression markers --------------------------------------------------

@pytest.mark.parametrize("roll, fires", [(4, False), (5, True)])
def test_defensive_fire_with_two_suppression_markers_needs_more_than_4_on_a_d8(roll, fires):
    """Assault Action: Final Defensive Fire: "If the defender is suppressed, they must pass a suppression test by
    rolling their quality die and exceeding the unit's leadership plus the number of suppression markers. Note,
    the suppression markers are NOT removed. For example, if an experienced unit, with leadership 2, had 2
    suppression markers they would roll a D8 and need to score higher than a 4 to pass."

    An experienced squad of leadership 2 with 2 suppression markers is assaulted from three hexes off. The
    courage test goes to the attacker (5 against 3), whose move die (2) leaves it short; the defender's D8
    suppression test then rolls 4 (no defensive fire) or 5 (it fires: target die 6, its quality 1 and small arms
    1, no success). Either way its 2 markers stay, and the attacker may press on."""
    dice = [5, 3, 2, roll] + ([6, 1, 1] if fires else [])
    b = fight(red=[squad("a", (3, 4), 6)], blue=[squad("d", (6, 4), 4, quality="experienced", leadership=2)],
              dice=dice)
    K.set_unit(b, "d", suppression=2)
    b.submit(C.Assault("a", "d"))
    events = b.submit(C.Decide("stand"))
    test = [(s, r, p) for s, r, p in K.rolls(events) if "suppression test" in p]
    assert test == [(8, roll, "D is suppressed: suppression test to fire, D8 must beat leadership 2 + 2 markers = 4")]
    said = notes(events)
    if fires:
        assert "D passes (5 > 4) and fires; its markers stay" in said
        assert any(p.startswith("D fires: quality die D8") for _, _, p in K.rolls(events))
    else:
        assert "D stays pinned (4 against 4): no defensive fire" in said
        assert not any(p.startswith("D fires") for _, _, p in K.rolls(events))
    assert b.state.units["d"].suppression == 2
    assert b.state.pending is not None and b.state.pending.kind == "press"
    assert K.script_used(b) == 2 + len(dice)  # the turn's roll-off first


# -- Courage Test: "half" ----------------------------------------------------------------------------------------

def test_half_is_read_one_way_by_default_and_the_other_under_the_option():
    """Assault Action: Courage Test: "If the attacker fails to score at least half of the defender's score, the
    attack fails and the attacker loses both of their actions"; the summary box: "Attacker <= defender / 2". At
    exactly half (3 against 6) the text's attacker has scored half (a plain failure), the summary's fails badly;
    below half (2 against 6) both fail badly, above it (4 against 6) neither does."""
    assert [courage_under_half(a, 6) for a in (2, 3, 4)] == [True, False, False]
    assert [courage_under_half(a, 6, HALF_TEXT) for a in (2, 3, 4)] == [True, False, False]
    assert [courage_under_half(a, 6, HALF_SUMMARY) for a in (2, 3, 4)] == [True, True, False]
    assert {o.name: o.default for o in K.SYSTEM.options}["courage_half"] == HALF_TEXT


@pytest.mark.parametrize("reading, confidence, actions", [(HALF_TEXT, CONFIDENT, 1), (HALF_SUMMARY, STEADY, None)])
def test_a_courage_test_at_exactly_half_played_under_each_reading(reading, confidence, actions):
    """Assault Action: Courage Test: "If the attacker failed to beat the defender's score, then the attack does
    not take place and the attacker loses their first action" and "If the attacker fails to score at least half
    of the defender's score, the attack fails and the attacker loses both of their actions this turn.
    Additionally, if the defender is not suppressed, ... [the attacker] must immediately drop one confidence
    level." The attacker's D8 rolls 3 against the defender's 6: by the text (the default) the first action only is
    lost; by the summary box ("Attacker <= defender / 2") both actions and a confidence level."""
    b = fight(red=[squad("a", (3, 4), 6)], blue=[squad("d", (6, 4), 4)], dice=[3, 6],
              options={"courage_half": reading})
    b.submit(C.Assault("a", "d"))
    b.submit(C.Decide("stand"))
    assert b.state.units["a"].confidence == confidence
    assert (b.state.active.actions if b.state.active else None) == actions


def test_the_help_states_the_reading_of_half_and_that_the_odds_use_it():
    """The rules browser says which reading of "half" the game plays by default, where the book's two texts
    differ, and that the odds and the computer player count the same one; and which the optional rally by
    doubles follows."""
    text = " ".join(next(s.text for s in K.SYSTEM.help_sections() if s.title == "This Game's Readings").split())
    assert "the book disagrees with itself about a courage test at exactly half" in text
    assert 'The option courage_half picks one: "text" (the default) or "summary"' in text
    assert "3 against 6" in text and "the odds shown before an assault and the computer player" in text
    assert "the optional rally by doubles and halves has the same quarrel" in text
    assert "This game follows the text: against a number of 4, a roll of 2 changes nothing" in text


# -- Rally Action, optional doubles: "half" ------------------------------------------------------------------------

def _rally(roll: int):
    """A platoon HQ (leadership 1) rallies Alpha Squad (leadership 3, veteran D10, shaken) two hexes off, in
    sight: the message needs no roll, the number to beat is 3 + 1 = 4, and Alpha's D10 rolls ``roll``."""
    b = K.battle(red=[K.unit("H", (0, 0), ["commander:rifle", "rifle"], kind="command", level=1, name="Platoon HQ",
                             leadership=1),
                      K.unit("A", (2, 0), ["leader:rifle", "rifle*4"], name="Alpha Squad", commander="H",
                             leadership=3, quality="veteran")],
                 blue=[K.unit("d", (15, 3), ["rifle*4"], name="Dog Section")],
                 red_side={"commitment": "high"}, blue_side={"commitment": "high"}, dice=[roll],
                 options={"rally_doubles": True})
    K.set_unit(b, "A", confidence=SHAKEN)
    return b, b.submit(C.Rally("H", "A"))


@pytest.mark.parametrize("roll, confidence", [(2, SHAKEN), (1, BROKEN)])
def test_a_rally_at_exactly_half_follows_the_text(roll, confidence):
    """Rally Action (optional): "if the roll is less than half the target number, the unit's confidence drops one
    level", where the summary says "If result <= half target number, drop confidence by one". This game follows
    the text: against 4, a 2 (exactly half) changes nothing, a 1 drops Alpha from shaken to broken."""
    b, events = _rally(roll)
    rally = [(s, r) for s, r, p in K.rolls(events) if p.startswith("rally: D10 must beat 4")]
    assert rally == [(10, roll)]
    assert b.state.units["A"].confidence == confidence
