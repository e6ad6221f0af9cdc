"""Every d8 carries, by name, the modifiers and die shifts that went into it (Modified Stats & Rolls):
"+1 to a stat" changes the target number, "+1 to a roll" shifts the die; each is named with the rule it
comes from, and the die's purpose still says what it is for. Scripted dice throughout."""

from __future__ import annotations

from hexfront.engine.core.events import DieRolled


def _dice(events):
    return [e for e in events if type(e) is DieRolled]


def test_a_kneeling_shot_into_woods_names_the_stat_change_the_die_shift_and_the_cover(kit):
    """Modified Stats & Rolls: the long rifle's "+1 to Accuracy" lowers the target number; kneeling's
    "+1 to Accuracy Rolls" (Command Actions: Kneeling Position) shifts the die. The lancer in woods has
    "+1 to Evasion" (Terrain, this game's table). Critical and counter dice have no modifiers."""
    C = kit.C
    b = kit.battle([kit.unit("M2", "longbow", (4, 4), facing=0)], [kit.unit("A2", "lancer", (8, 4), facing=3)],
                   [6, 3, 2, 8], terrain={(8, 4): "*"})
    b.submit(C.Activate("M2"))
    b.submit(C.Kneel("M2"))
    attack, evasion, critical = _dice(b.submit(C.Attack("M2", "M2.longrifle", "A2", "torso")))
    assert attack.purpose == "accuracy roll with Long rifle: needs 3+, +1 to the roll"
    assert attack.modifiers == ("+1 to Accuracy: Long rifle (Modified Stats & Rolls)",
                                "+1 to the accuracy roll: kneeling (Command Actions: Kneeling Position)")
    assert evasion.purpose == "evasion roll: needs 5+"
    assert evasion.modifiers == ("+1 to Evasion: in woods (Terrain)",)
    assert critical.purpose.startswith("critical roll") and critical.modifiers == ()


def test_lost_sections_worsen_the_stat_up_to_the_srm_and_the_die_says_so(kit):
    """Status Effects (ours): a destroyed arm is -1 to Assault. Break Grapple's assault roll (Command
    Actions) names it; the AP roll (base + d8) has no modifiers at all."""
    C = kit.C

    def tweak(content):
        content["core_types"]["heavy"]["sections"]["r_arm"] = 1

    # the crusher's claw (assault 5, evasion 1, critical 1) takes off the ironfist's weakened right arm and
    # grapples it; the ironfist's AP roll is 6, its break-grapple roll 7
    b = kit.battle([kit.unit("M1", "ironfist", (5, 4), facing=0)], [kit.unit("A1", "crusher", (6, 4), facing=3)],
                   [6, 5, 1, 1, 6, 7], first="ashen", tweak=tweak)
    b.submit(C.Activate("A1"))
    ev = b.submit(C.Attack("A1", "A1.claw", "M1", "r_arm"))
    assert b.state.units["M1"].sections["r_arm"] == 0 and b.state.units["M1"].grappled_by == "A1"
    b.submit(C.EndTurn("A1"))
    (ap,) = _dice(b.submit(C.Activate("M1")))
    assert ap.purpose == "action points: 2 base AP + d8" and ap.modifiers == ()
    (roll,) = _dice(b.submit(C.BreakGrapple("M1")))
    assert roll.purpose == "assault roll to break the grapple: needs 4+"
    assert roll.modifiers == ("-1 to Assault: right arm destroyed (Status Effects)",)
    assert roll.rule == "Command Actions: Break Grapple"
    assert b.state.units["M1"].grappled_by is None  # a 7 beats 4+
    assert _dice(ev)[0].purpose.startswith("assault roll with Grapple claw") and _dice(ev)[0].modifiers == ()
