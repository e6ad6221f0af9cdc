"""Skirmishes on the one contract (issue 19): every order type registers its check, offers, resolution, preview,
words and order-editor parts in the rulebook, the orders with dice their outcome too, and every event type its fold
and its line in the dice log; nothing of these is looked up anywhere else."""

from __future__ import annotations

from hexfront.engine.core.hexes import Hex
from hexfront.engine.systems.skirmishes import SYSTEM, view
from hexfront.engine.systems.skirmishes import commands as C
from hexfront.engine.systems.skirmishes.rulebook import RULEBOOK

#: the orders whose outcome turns on dice (Attacks and Damage, Grenades)
WITH_DICE = {C.Shoot, C.Melee, C.Throw, C.ThrowBack}


def test_every_order_type_registers_all_it_shows() -> None:
    for kind in SYSTEM.command_types:
        rule = RULEBOOK.rule_for(object.__new__(kind))  # a blank order of the type: only its type is read
        assert rule is not None, kind
        assert rule.odds is not None and rule.describe is not None and rule.parts is not None, kind
        assert (rule.outcome is not None) == (kind in WITH_DICE), kind


def test_every_event_type_registers_its_words() -> None:
    assert set(RULEBOOK.event_types) == set(SYSTEM.event_types)
    for kind in SYSTEM.event_types:
        assert RULEBOOK._events[kind].describe is not None, kind  # (the contract reads its rules by type)


def test_nothing_is_found_beside_the_rulebook() -> None:
    """No describer class and no view functions of the names the core would fall back on."""
    assert SYSTEM.parts.describer is None
    for name in ("preview", "outcome_of", "order_parts"):
        assert name not in vars(view), name


def test_a_secret_order_is_described_by_side_only_but_previewed_in_full(kit) -> None:
    """Rounds: orders are secret until the reveal. The log and the status line say only that the side committed
    an order; the preview, read by the side giving it, says what it is."""
    b = kit.battle([kit.ch("R1", (0, 0), "team_lead")], [kit.ch("B1", (8, 0), "thug")])
    shot = C.Shoot("R1", "assault_rifle", "B1")
    run = C.Run("R1", Hex(1, 0))
    assert SYSTEM.describe_command(shot, b.state) == "Red: an order, secret until the reveal"
    assert SYSTEM.describe_command(run, b.state) == "Red: an order, secret until the reveal"
    assert SYSTEM.preview(b.state, shot).summary == "R1 shoots B1 with the Assault rifle"
    assert SYSTEM.preview(b.state, run).summary.startswith("R1 runs to ")
    assert SYSTEM.describe_command(C.Lock("red"), b.state) == "lock Red's orders"
