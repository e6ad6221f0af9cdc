"""What the player sees: facing on the map, AP pool, phase and section damage, the order editor's
filing, and the exact odds of an attack with every modifier named."""

from __future__ import annotations

from fractions import Fraction

import pytest

from hexfront.engine.systems.minutemissions import SYSTEM
from hexfront.engine.systems.minutemissions.odds import attack_odds


def _duel(kit, dice=(6,)):
    return kit.battle([kit.unit("M2", "longbow", (4, 4), facing=0)],
                      [kit.unit("A2", "lancer", (8, 4), facing=3)], list(dice))


def test_pieces_carry_their_facing_and_details_show_ap_phase_and_sections(kit):
    b = _duel(kit)
    b.submit(kit.C.Activate("M2"))
    board = SYSTEM.board(b.state)
    assert (board.cols, board.rows) == (13, 16)
    pieces = {p.id: p for p in board.pieces}
    assert pieces["M2"].facing == 0 and pieces["A2"].facing == 3
    assert pieces["M2"].glyph == "L"
    text = "\n".join(pieces["M2"].details)
    assert "AP pool 9, movement phase" in text
    assert "torso 14/14" in text and "left leg 8/8" in text
    act = SYSTEM.activation(b.state)
    assert "AP pool 9" in act.now and "movement phase" in act.now
    assert any(line.startswith("Sections: head 5/5") for line in act.lines)


def test_section_damage_shows_as_defence_points_left(kit):
    b = _duel(kit, [6, 3, 1, 1])
    b.submit(kit.C.Activate("M2"))
    b.submit(kit.C.Attack("M2", "M2.longrifle", "A2", "r_arm"))
    a2 = next(p for p in SYSTEM.board(b.state).pieces if p.id == "A2")
    assert "right arm 2/7" in "\n".join(a2.details)


def test_attack_odds_enumerate_every_d8_exactly():
    """Accuracy 3+ (long rifle +1), a natural 8 cannot be evaded; evasion 6+; a counter 6+ after an
    evasion; a critical on 8. Worked by hand over 8 x 8 x 8 outcomes."""
    odds = attack_odds(3, 0, 6, 6)
    assert odds.miss == Fraction(128, 512)
    assert odds.evaded == Fraction(120, 512) and odds.countered == Fraction(45, 512)
    assert odds.hit == Fraction(231, 512) and odds.critical == Fraction(33, 512)


def test_attack_preview_names_every_modifier_and_gives_the_odds(kit):
    b = _duel(kit)
    b.submit(kit.C.Activate("M2"))
    p = SYSTEM.preview(b.state, kit.C.Attack("M2", "M2.longrifle", "A2", "torso"))
    assert p.cost == "3 AP of 9"
    text = "\n".join(p.modifiers)
    for part in ("accuracy 4+ on the datasheet", "+1 to Accuracy: Long rifle (Modified Stats & Rolls)",
                 "accuracy roll needs 3+",
                 "target evasion 6+", "counter roll 6+ with Shoulder cannon for 6", "critical roll 8: +3",
                 "this ends the movement phase"):
        assert part in text, part
    got = {c.outcome: c.probability for c in p.odds}
    assert got["miss"] == pytest.approx(128 / 512)
    assert got["evaded"] == pytest.approx(75 / 512)
    assert got["evaded and countered: 6 to your torso"] == pytest.approx(45 / 512)
    assert got["hit: 5 to torso"] == pytest.approx(231 / 512)
    assert got["critical hit: 8 to torso"] == pytest.approx(33 / 512)
    assert sum(got.values()) == pytest.approx(1.0)


def test_kneeling_shows_as_a_roll_modifier_and_a_kneeling_target_has_no_evasion(kit):
    b = _duel(kit, [6])
    b.submit(kit.C.Activate("M2"))
    b.submit(kit.C.Kneel("M2"))
    p = SYSTEM.preview(b.state, kit.C.Attack("M2", "M2.longrifle", "A2", "torso"))
    assert "+1 to the accuracy roll: kneeling (Command Actions: Kneeling Position)" in p.modifiers
    assert {c.outcome: c.probability for c in p.odds}["miss"] == pytest.approx(1 / 8)


def test_orders_are_filed_by_unit_action_and_target_hex(kit):
    b = _duel(kit)
    b.submit(kit.C.Activate("M2"))
    parts = [SYSTEM.order_parts(b.state, c) for c in b.legal_commands()]
    actions = {p.action for p in parts}
    assert {"Move", "Turn", "End movement phase", "End turn", "Press on", "Kneel",
            "Attack: Long rifle [2H]", "Attack: Missile pod"} <= actions
    attack = next(p for p in parts if p.action == "Attack: Long rifle [2H]" and p.label.endswith("torso"))
    assert attack.target == kit.hx(8, 4)


def test_the_sight_highlight_is_the_front_arc_in_line_of_sight(kit):
    b = _duel(kit)
    seen = SYSTEM.visible_hexes(b.state, "M2")
    assert kit.hx(8, 4) in seen and kit.hx(1, 4) not in seen
