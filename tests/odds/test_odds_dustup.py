"""Dustup: the odds an order's preview shows against the engine's own dice (oddskit).

Each situation is resolved 20,000 times from one state with fresh seeded dice; the outcome of every
run is read back by ``outcome_of`` and its frequency must match the shown probability within sampling
error. The situations:

- **Shoot in the open** (Shoot Action: Target Die; Resolving Direct Fire; Determine Casualties): Alpha
  Squad fires on Dog Section 8 hexes away on open ground, beyond short range: an unshifted D8 target
  die against quality D8, small arms D4 and an LMG D8. Shows no effect, a minor success and a major
  success with each number of hits.
- **Shoot into scrub at a propped target, with additional hits** (Die Shifts; Concealment; Optional
  Additional Hits): Dog Section, propped in light scrub 5 hexes away: short range -1, partial
  concealment +1, propped +1, so a D10 target die; the optional rule rolls the target die again for
  one more hit on the remainder. Shows that the shifts and the extra roll are priced as the engine
  rolls them.
- **Recover Suppression** (Recover Suppression Action): the suppressed squad's quality D8 must beat
  its leadership 2: an unopposed test.
- **Rally with the optional doubles** (Rally Action): the platoon commander, out of voice range, must
  get the message through (D8 against the worse leadership) before the shaken squad rolls against
  both leaderships, rising two levels over double and dropping one under half.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "dustup"))

import dustkit as K  # noqa: E402
import oddskit  # noqa: E402

from hexfront.engine.systems.dustup import commands as C  # noqa: E402
from hexfront.engine.systems.dustup.state import SHAKEN  # noqa: E402

SYSTEM = K.SYSTEM
HIGH = {"commitment": "high"}


def _board(row0: str = "", width: int = 16, height: int = 4) -> str:
    return "\n".join([(row0 + "." * width)[:width]] + ["." * width] * (height - 1))


def _set(b, uid: str, field: str, value) -> None:
    K.set_unit(b, uid, **{field: value})


def _squads(dog_at=(8, 0), **kw):
    kw.setdefault("map", _board())
    return K.battle(red=[K.unit("A", (0, 0), ["leader:rifle", "rifle*2", "lmg"], name="Alpha Squad")],
                    blue=[K.unit("d", dog_at, ["leader:rifle", "rifle*5"], name="Dog Section")],
                    red_side=HIGH, blue_side=HIGH, **kw)


def _check(b, cmd):
    return oddskit.check_exact_odds(SYSTEM, b.state, cmd)


def test_a_shot_in_the_open_matches_the_engine():
    b = _squads()
    preview, counts = _check(b, C.Shoot("A", "d"))
    assert preview.modifiers[0] == "target die D8: no shifts"
    assert preview.value_unit == "hits"
    assert sum(1 for c in preview.odds if c.outcome.startswith("major success")) >= 2  # one outcome per number of hits
    assert sum(v for k, v in counts.items() if k.startswith("major success")) > 0


def test_a_shot_into_scrub_at_a_propped_target_with_additional_hits_matches_the_engine():
    b = _squads(dog_at=(5, 0), map=_board(".....,"), options={"additional_hits": True})
    _set(b, "d", "propped", True)
    preview, _ = _check(b, C.Shoot("A", "d"))
    assert preview.modifiers[0].startswith("target die D8 -> D10")
    assert "partial concealment +1" in preview.modifiers[0] and "propped +1" in preview.modifiers[0]
    assert any("additional hits" in m for m in preview.modifiers)


def test_the_recover_suppression_test_matches_the_engine():
    b = _squads()
    _set(b, "A", "suppression", 1)
    preview, counts = _check(b, C.Recover("A"))
    assert {c.outcome for c in preview.odds} == set(counts)
    assert preview.odds[0].probability == 6 / 8  # D8 over leadership 2


def test_a_rally_with_the_optional_doubles_matches_the_engine():
    b = K.battle(red=[K.unit("H", (0, 0), ["commander:rifle", "rifle"], kind="command", level=1, name="Platoon HQ",
                             leadership=1),
                      K.unit("A", (9, 0), ["leader:rifle", "rifle*4"], name="Alpha Squad", commander="H",
                             leadership=2, quality="veteran")],
                 blue=[K.unit("d", (15, 3), ["rifle*4"], name="Dog Section")],
                 red_side=HIGH, blue_side=HIGH, map=_board(), options={"rally_doubles": True})
    _set(b, "A", "confidence", SHAKEN)
    cmd = C.Rally("H", "A")
    assert SYSTEM.validate(b.state, cmd) is None, SYSTEM.validate(b.state, cmd)
    preview, counts = _check(b, cmd)
    assert "the message fails" not in {c.outcome for c in preview.odds}  # a failed message is "no change"
    assert len(counts) >= 3
