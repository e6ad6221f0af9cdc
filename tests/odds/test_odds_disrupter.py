"""Disrupter: the odds an order's preview shows, against the engine resolving that order 20,000 times.

Every chance in Disrupter is a d100 roll-under check or save (Rule 7 - Checks and Saves): under the stat
succeeds, doubles are criticals, [+] rolls two d100 and keeps the better, [-] the worse. The preview
enumerates every face (and every pair of faces under [+] or [-]) exactly; here the engine rolls the same
order with 20,000 seeded generators from one state, ``outcome_of`` names what each roll gave, and
``oddskit.assert_odds_match`` checks the shown chances against the counts.

The situations, set up on the rule-book tests' open 16 x 10 ground (tests/disrupter/diskit.py), each in
Group 1's battlefield-action step of turn 1 with Red to act:

1. ``test_marksmen_at_walker_bots_in_the_open``: Rule 16 - Firing, the plain four-way table: two soldiers
   (one Instinct 60 check, no modifier) at two walker bots (one Armor 55 save) two hexes off.
2. ``test_marksmen_at_walker_bots_both_under_cover``: Rule 13 - Cover on both sides of the same shot: the
   firers are under cover (their check has [-]: two d100, the worse kept) and so is the target (its save has
   [+]: two d100, the better kept).
3. ``test_alpha_lead_at_a_mixed_team``: Rule 16 - Firing with several groups and Rule 9's officer [+]: the
   NCO's Instinct 80 check is plain, his two soldiers' Instinct 60 check has [+] from him; the target team
   has two Armor values (15 and 35), so two saves; three firer/armour pairings, the wounds added up.
4. ``test_spotting_from_cover``: Rule 16 - Spotting, a single Instinct check with [-] (under cover), with its
   four results (critical success, success, failure, critical failure) shown apart.
"""

from __future__ import annotations

import sys
from pathlib import Path

import oddskit

sys.path.insert(0, str(Path(__file__).parents[1] / "disrupter"))

import diskit as K  # noqa: E402
from diskit import C, E  # noqa: E402

# forest (light cover) at (6,3) and (6,5), open between them: sight into and out of cover is not blocked
COVER_MAP = "\n".join(["." * 16] * 3 + ["......%........."] + ["." * 16] + ["......%........."] + ["." * 16] * 4)


def at_red_ba(place, map: str = K.OPEN, orders=None):
    b = K.battle(place, map=map, orders=orders)
    K.goto(b, "g1", "red", "ba")
    return b


def take_cover(b, *teams: str) -> None:
    c = K.ctx(b)
    for t in teams:
        c.emit(E.CoverChanged(team=t, cover=True, reason="test"))


def check(b, command, shown: set[str] | None = None):
    preview, counts = oddskit.check_exact_odds(K.SYSTEM, b.state, command)
    if shown is not None:
        assert {c.outcome for c in preview.odds} == shown, preview.odds
    return preview, counts


def test_marksmen_at_walker_bots_in_the_open():
    b = at_red_ba({"red-a3": (6, 5), "blue-bot": (6, 3)})
    preview, _ = check(b, C.Fire("red-a3", "blue-bot"),
                       {"hit: 4 wounds", "hit, saved: 2 wounds", "miss, saved: firer [-] next turn",
                        "miss: no effect"})
    assert preview.modifiers == ()
    by = {c.outcome: c.probability for c in preview.odds}
    assert abs(by["hit: 4 wounds"] - 0.60 * 0.45) < 1e-9


def test_marksmen_at_walker_bots_both_under_cover():
    b = at_red_ba({"red-a3": (6, 5), "blue-bot": (6, 3)}, map=COVER_MAP)
    take_cover(b, "red-a3", "blue-bot")
    preview, _ = check(b, C.Fire("red-a3", "blue-bot"))
    assert any("[-] under cover" in m for m in preview.modifiers), preview.modifiers
    assert any("[+] under cover" in m for m in preview.modifiers), preview.modifiers
    by = {c.outcome: c.probability for c in preview.odds}
    assert abs(by["hit: 4 wounds"] - 0.6 ** 2 * 0.45 ** 2) < 0.01  # [-]: both under 60; [+]: both saves fail


def test_alpha_lead_at_a_mixed_team():
    b = at_red_ba({"red-a1": (6, 5), "blue-b3": (6, 3)})
    preview, counts = check(b, C.Fire("red-a1", "blue-b3"))
    assert any(m.startswith("firer I60: [+] officer within Close") for m in preview.modifiers), preview.modifiers
    assert not any(m.startswith("firer I80: [+]") for m in preview.modifiers), preview.modifiers
    assert len(preview.odds) > 4 and len(counts) > 4  # pairings add up to more outcomes than one table row


def test_spotting_from_cover():
    # Alpha's orders say to spot: the unled marksmen may then spot (Rule 9 - Leading)
    b = at_red_ba({"red-a3": (6, 5), "blue-bot": (6, 3)}, map=COVER_MAP, orders={"red-a": ("hold", None, "spot")})
    take_cover(b, "red-a3")
    preview, _ = check(b, C.Spot("red-a3", "blue-bot"),
                       {"critical success", "success", "failure", "critical failure"})
    assert "[-] under cover (Rule 13)" in preview.modifiers
