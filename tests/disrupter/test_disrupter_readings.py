"""Where the book's text is garbled or ambiguous, the reading this game takes, played with scripted dice, and the
rules help stating it (issue 20, items 5 and 6).

Rule 11's initiative list says "Successful NCO goes first" in the step where the two COs roll, and its Group 2
list repeats the Group 1 list word for word; Rule 16's table says "Inflict Wounds-1" without saying whose wounds
lose the one. The d100s are scripted as the numbers they read (tests/disrupter/diskit.py).
"""

from __future__ import annotations

import diskit as K
from diskit import C, E

from hexfront.engine.systems.disrupter import OPTION_WORDS, SYSTEM
from hexfront.engine.systems.disrupter.ai import DefaultPlayer

GROUP_OPTION = "saved_hit_one_less_per_group"
BOT_AT_2 = {"red-a3": (6, 5), "blue-bot": (6, 3)}  # marksman + rifle (2 wounds each at Medium) at two walker bots


def help_text(title: str) -> str:
    """A section of the rules help as the player reads it in the rules browser, on one line."""
    return " ".join(next(s.text for s in SYSTEM.help_sections() if s.title == title).split())


# -- Rule 11: "Successful NCO goes first" ---------------------------------------------------------------------

def test_the_cos_check_wins_the_initiative_whatever_the_ncos_roll():
    """Rule 11 - Initiative Phase: "2. Both COs make an Instinct Check * Successful NCO goes first". The step is
    the COs' check, so "NCO" is read as the CO. Red's CO fails (90) and Blue's succeeds (30); then both red NCOs
    succeed (10, 10) and both blue NCOs fail (90, 90): Blue goes first all the same, and only the squads' groups
    follow the NCOs' rolls."""
    b = K.battle(init=(90, 30), groups=(10, 10, 90, 90))
    inits = K.of(b.all_events(), E.InitiativeWon)
    assert [(e.side, e.order) for e in inits] == [("blue", ("blue", "red"))]
    assert b.state.order == ("blue", "red")
    groups = {q: b.state.squads[q].group for q in ("red-a", "red-b", "blue-a", "blue-b")}
    assert groups == {"red-a": 1, "red-b": 1, "blue-a": 2, "blue-b": 2}
    assert K.used_all(b)


# -- Rule 11: the Group 2 list that repeats Group 1 -----------------------------------------------------------

def test_group_2_is_the_squads_whose_nco_failed_acting_after_group_1():
    """Rule 11 - Action Phase: the book's Group 2 list reads "1. CO 1 - Group 1 - Movement and Reaction Fire
    2. CO 1 - Group 1 - Battlefield Actions ...", a copy of Group 1's. Read as Group 2's own list: the NCO checks
    10, 90, 90, 10 put red Alpha and blue Bravo in Group 1, red Bravo and blue Alpha in Group 2; Group 2's
    segments come after Group 1's, in the same pattern (first side's movement, its battlefield actions, then the
    other side's), and hold only the Group 2 squads' teams: red Bravo cannot move while Group 1 moves."""
    b = K.battle(groups=(10, 90, 90, 10))
    segs = b.state.segments
    g1 = [seg for seg in segs if seg[0] == "g1"]
    g2 = [seg for seg in segs if seg[0] == "g2"]
    assert segs.index(g2[0]) > segs.index(g1[-1])
    assert [seg[1:] for seg in g2] == [seg[1:] for seg in g1] == [("red", "move"), ("red", "ba"),
                                                                    ("blue", "move"), ("blue", "ba")]
    teams = {seg: {t.squad for t in K.rules.segment_teams(b.state, seg)} for seg in g1 + g2}
    assert teams[("g1", "red", "move")] == {"red-a"} and teams[("g2", "red", "move")] == {"red-b"}
    assert teams[("g1", "blue", "ba")] == {"blue-b"} and teams[("g2", "blue", "ba")] == {"blue-a"}
    K.goto(b, "g1", "red", "move")
    alpha, bravo = K.team(b, "red-a1"), K.team(b, "red-b1")
    assert alpha.pos is not None and bravo.pos is not None
    assert b.refusal(C.Move("red-a1", (alpha.pos + K.Hex(0, -1),))) is None
    assert b.refusal(C.Move("red-b1", (bravo.pos + K.Hex(0, -1),))) == \
        "Bravo lead does not act in this segment (Group 1 - Red Platoon movement)"


def test_the_help_states_both_rule_11_readings_as_readings():
    """The rules browser's Rule 11 section says the book's text differs and which reading the game plays: the CO's
    check for "Successful NCO goes first", and the second list as Group 2's own for the copied Group 1 list."""
    text = help_text("Rule 11 - Turn Structure")
    assert text.count("hexfront reading: the book's text differs") == 2
    assert 'says the successful "NCO" goes first' in text and "This game reads it as the CO" in text
    assert "no NCO's roll ever decides who goes first" in text
    assert 'Its list for Group 2 repeats the Group 1 list word for word, "Group 1" included' in text
    assert "reads the second list as Group 2's own" in text


# -- Rule 16: "Inflict Wounds-1" --------------------------------------------------------------------------------

def _saved_hit(options: dict | None = None, dice: tuple[int, ...] = (10, 20)):
    """Rule 16 - Firing: red Alpha's marksmen (one Instinct 60 check for the two of them, 10: a success) fire at
    blue's two walker bots (one Armor 55 save, 20: a success) two hexes off, in Group 1's battlefield actions."""
    b = K.battle(BOT_AT_2, dice, options=options)
    K.goto(b, "g1", "red", "ba")
    return b


def test_a_saved_hit_takes_one_wound_off_each_firers_weapon_by_default():
    """Rule 16 - Firing: Attacker "Success", Target "Success": "Inflict Wounds-1"; "Resolve actions ... one Unit
    at a time" and "The number of Wounds inflicted with a Successful attack is listed for each range for each
    Weapon". The book's default here: each firer's weapon loses one. Marksman 2 - 1 and rifle 2 - 1: 2 wounds,
    one on each bot; the preview named that outcome with its 2 wounds before the dice."""
    b = _saved_hit()
    assert SYSTEM.default_options()[GROUP_OPTION] is False
    preview = SYSTEM.preview(b.state, C.Fire("red-a3", "blue-bot"))
    assert {c.outcome: c.value for c in preview.odds}["hit, saved: 2 wounds"] == 2.0
    res = K.of(b.submit(C.Fire("red-a3", "blue-bot")), E.FireResolved)
    assert [(len(r.firers), r.wounds, r.effect) for r in res] == [(2, 2, "Wounds - 1")]
    assert tuple(u.wounds for u in K.team(b, "blue-bot").units) == (1, 1)
    assert K.used_all(b)


def test_under_the_option_a_saved_hit_takes_one_wound_off_the_groups_total():
    """Rule 16 - Firing: "Inflict Wounds-1", read under the option saved_hit_one_less_per_group as one wound off
    the firing group's total: the same marksmen (2 + 2) deal 4 - 1 = 3, and "the total number of Wounds landed is
    divided evenly amongst the Units in the Team. Randomly assign Wounds if they don't split evenly": one each,
    and the odd one to the bot a d4 picks (2: the second). The preview and the odds panel's modifiers say so."""
    b = _saved_hit({GROUP_OPTION: True}, (10, 20, 2))
    preview = SYSTEM.preview(b.state, C.Fire("red-a3", "blue-bot"))
    assert {c.outcome: c.value for c in preview.odds}["hit, saved: 3 wounds"] == 3.0
    assert any(GROUP_OPTION in m for m in preview.modifiers), preview.modifiers
    res = K.of(b.submit(C.Fire("red-a3", "blue-bot")), E.FireResolved)
    assert [(len(r.firers), r.wounds, r.effect) for r in res] == [(2, 3, "the group's Wounds - 1")]
    assert tuple(u.wounds for u in K.team(b, "blue-bot").units) == (1, 2)
    assert K.used_all(b)


def test_the_computer_player_prices_the_shot_by_the_battles_reading():
    """The computer player's worth of the marksmen's shot comes from the same plan (fireplan.FirePlan.rows): it
    is worth more when a saved hit costs the group one wound rather than each firer one (Rule 16, "Wounds-1")."""
    worth = {}
    for on in (False, True):
        b = _saved_hit({GROUP_OPTION: on})
        s = b.state
        worth[on] = DefaultPlayer(0)._fire_value(s, s.teams["red-a3"], s.teams["blue-bot"], None)
    assert worth[True] > worth[False] > 0


def test_the_help_states_the_wounds_less_one_reading_and_its_default():
    """The rules browser's Rule 16 - Firing section marks "Wounds-1" as a reading, says the default (one off each
    firer's weapon) and why, and names the option by the label the new-battle form shows; the Options section
    says that switch is a reading, off by default."""
    label = OPTION_WORDS[GROUP_OPTION][0]
    text = help_text("Rule 16 - Firing")
    assert 'hexfront reading: the book\'s table says only "Wounds-1"' in text
    assert "By default this game takes one wound off each firing unit's weapon" in text
    assert "the book resolves fire one unit at a time" in text
    assert f'"{label}" ({GROUP_OPTION})' in text and "the same two rifles deal 3" in text
    options = help_text("Options")
    assert f"{GROUP_OPTION}, off by default" in options
    assert {o.name: o.default for o in SYSTEM.options}[GROUP_OPTION] is False
