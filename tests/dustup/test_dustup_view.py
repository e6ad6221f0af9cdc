"""What a Dustup player sees: dice-log lines, the map and its pieces, who acts, the order editor's filing,
the exact odds before an order, sight, the end of battle, and the rules help.

Positions are (column, row); on row 0 the distance between two units is the difference of their columns.
"""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import attrs
import dustkit as K
import pytest

from hexfront.engine.core.events import DieRolled
from hexfront.engine.core.hexes import Hex
from hexfront.engine.core.system import content_root
from hexfront.engine.core.view import read_help
from hexfront.engine.systems.dustup import SYSTEM, fire, rules, view
from hexfront.engine.systems.dustup import commands as C
from hexfront.engine.systems.dustup import events as E
from hexfront.engine.systems.dustup.describe import Describer
from hexfront.engine.systems.dustup.dice import open_shift
from hexfront.engine.systems.dustup.state import SHAKEN

HIGH = {"commitment": "high"}


def board(row0: str = "", width: int = 16, height: int = 4) -> str:
    rows = [(row0 + "." * width)[:width]] + ["." * width] * (height - 1)
    return "\n".join(rows)


def setf(b, uid: str, field: str, value) -> None:
    K.set_unit(b, uid, **{field: value})


def two_squads(**kw):
    """Alpha Squad (red) at (0,0) and Dog Section (blue) at (8,0), open ground."""
    kw.setdefault("map", board())
    return K.battle(
        red=[K.unit("A", (0, 0), ["leader:rifle", "rifle*2", "lmg"], name="Alpha Squad")],
        blue=[K.unit("d", (8, 0), ["leader:rifle", "rifle*5"], name="Dog Section")],
        red_side=HIGH, blue_side=HIGH, **kw)


# ---------------------------------------------------------------------------------------------
# The dice log
# ---------------------------------------------------------------------------------------------


def test_a_die_roll_reads_die_result_and_purpose():
    b = two_squads()
    ev = DieRolled(sides=10, result=5, purpose="target die D8 -> D10: partial concealment +1, propped +1",
                   rule="Shoot Action: Target Die")
    assert SYSTEM.describe(ev, b.state) == "D10 rolled 5: target die D8 -> D10: partial concealment +1, propped +1"


def test_a_fact_about_a_unit_names_the_unit_what_happened_and_why():
    b = two_squads()
    ev = E.Suppressed(unit="A", markers=1, reason="minor success", rule="Shoot Action")
    assert SYSTEM.describe(ev, b.state) == "Alpha Squad [A]: suppressed: 1 suppression marker (minor success)"
    ev = E.ConfidenceDropped(unit="d", level=SHAKEN, reason="failed a test")
    assert SYSTEM.describe(ev, b.state) == "Dog Section [d]: confidence drops to shaken (failed a test)"


def _sample(t: type, b):
    """An instance of event type ``t`` with plausible values for its fields."""
    values = {}
    for a in attrs.fields(t):
        name = a.name
        if a.type in ("str", str) or "str" in str(a.type):
            values[name] = {"unit": "A", "parent": "A", "other": "d", "side": "red", "winner": "red",
                            "marker": "?1", "figure": "A.2", "field": "suppression", "status": "killed",
                            "kind": "withdraw", "choice": "stand", "by": "order"}.get(name, "x")
        if "Hex" in str(a.type):
            values[name] = Hex(2, 0)
        if "int" in str(a.type) and "str" not in str(a.type):
            values[name] = 1
        if "bool" in str(a.type) and name not in values:
            values[name] = True
        if "tuple" in str(a.type):
            values[name] = (Hex(1, 0), Hex(2, 0)) if name == "path" else ("A.2", "A.3")
    if t is E.AssaultState:
        values["facts"] = ('attackers=["A"]', 'defenders=["d"]', 'stage="courage"')
    return t(**values)


def test_every_event_has_a_line_of_its_own():
    """Every shared event, and every event the action modules add, reads as words, never as a repr."""
    b = two_squads()
    d = Describer(b.state)
    for t in rules.EVENT_TYPES:
        ev = _sample(t, b)
        line = SYSTEM.describe(ev, b.state)
        assert line and not line.startswith(t.__name__ + "(") and "Hex(" not in line, (t, line)
        if t in E.EVENT_TYPES:
            assert line != d.generic(ev), f"{t.__name__} is described only generically: {line}"


def test_an_unknown_event_gets_a_readable_generic_line():
    @attrs.frozen(kw_only=True)
    class CourageTested:
        unit: str
        defender: str
        at: Hex
        result: str
        rule: str = "Assault Action: Courage Test"

    b = two_squads()
    line = SYSTEM.describe(CourageTested(unit="A", defender="d", at=K.hx(3, 0), result="withdraw"), b.state)
    assert line == "Alpha Squad [A]: courage tested - defender Dog Section [d], at (3,0), result withdraw"


def test_a_hidden_unit_marker_is_placed_without_saying_what_is_under_it():
    b = K.battle(red=[K.unit("A", (0, 0), ["rifle*3"])],
                 blue=[K.unit("d", (8, 0), ["rifle*3"], name="Dog Section", hidden=True)],
                 map=board("........,"))
    placed = [e for e in b.setup_events if isinstance(e, E.MarkerPlaced)]
    assert placed and placed[0].unit == "d"
    line = SYSTEM.describe(placed[0], b.state)
    assert "hidden-unit marker" in line and "Dog" not in line and "[d]" not in line


def test_every_order_is_described_in_words():
    b = two_squads()
    d = Describer(b.state)
    assert d.command(C.Shoot("A", "d")) == "Alpha Squad [A]: shoot at Dog Section [d] (all weapons)"
    assert d.command(C.Shoot("A", "d", figures=("A.4",))) == \
        "Alpha Squad [A]: shoot at Dog Section [d] (LMG alone)"
    assert d.command(C.Shoot("A", "d", figures=("A.1", "A.2", "A.3"))).endswith("(small arms only)")
    assert d.command(C.Shoot("A", "d", grenades=2)).endswith("(all weapons, +2 grenades)")
    assert d.command(C.Shoot("A", "d", suppressive=True)).endswith("(all weapons, suppressive)")
    assert d.command(C.Move("A", K.hx(3, 0))) == "Alpha Squad [A]: move toward (3,0)"
    assert d.command(C.Assault("A", "d")) == "Alpha Squad [A]: assault Dog Section [d]"
    for t in C.COMMAND_TYPES:
        text = d.command(one_of_each()[t])
        assert text and not text.startswith(t.__name__ + "(") and "Hex(" not in text, (t, text)


def one_of_each() -> dict[type, object]:
    """A sample of every kind of order, for Alpha Squad [A] against Dog Section [d]."""
    out = {C.ChooseFirst: C.ChooseFirst(True), C.Pass: C.Pass(), C.EndActivation: C.EndActivation(),
           C.Move: C.Move("A", K.hx(2, 0)), C.Prop: C.Prop("A"), C.Unprop: C.Unprop("A"),
           C.Shoot: C.Shoot("A", "d"), C.Assault: C.Assault("A", "d"), C.Decide: C.Decide("stand"),
           C.Recover: C.Recover("A"), C.Reorganise: C.Reorganise("A", "travel"), C.Order: C.Order("A", "d"),
           C.CombinedAssault: C.CombinedAssault("A", "d", "d", "d"), C.Rally: C.Rally("A", "d"),
           C.Detach: C.Detach("A", ("A.4",)), C.ActivateDetachment: C.ActivateDetachment("A", "d"),
           C.Regroup: C.Regroup("A", "d", K.hx(1, 0)), C.Treat: C.Treat("A", "A"), C.Detect: C.Detect("A", "?1"),
           C.Rouse: C.Rouse("A"), C.Withdraw: C.Withdraw("A")}
    for t in C.COMMAND_TYPES:  # orders added since (Hold): their unit is their only field
        if t not in out:
            out[t] = t("A")
    return out


# ---------------------------------------------------------------------------------------------
# The map
# ---------------------------------------------------------------------------------------------


def test_the_board_has_this_maps_terrain_with_its_effects_in_words():
    b = two_squads(map=board("..**.,"))
    bv = SYSTEM.board(b.state)
    assert (bv.cols, bv.rows) == (16, 4)
    assert bv.terrain[K.hx(2, 0)] == "*" and bv.terrain[K.hx(0, 1)] == "."
    legend = {k.glyph: k for k in bv.legend}
    assert set(legend) == {".", "*", ","}  # only what is on this map
    assert legend["*"].effect == ("2 points a hex, soft cover (armour die +1), partial concealment "
                                  "(target die +1), blocks sight, units may hide here")
    assert legend["."].effect == "1 point a hex, no cover, clear sight"


def test_a_piece_carries_its_letter_marks_and_details():
    b = K.battle(red=[K.unit("HQ", (0, 0), ["commander:rifle", "rifle"], name="Platoon HQ", kind="command"),
                      K.unit("A", (2, 0), ["leader:rifle", "rifle*4", "lmg"], name="Alpha Squad", commander="HQ"),
                      K.unit("F", (4, 0), ["rifle"], name="Sniper")],
                 blue=[K.unit("d", (12, 0), ["rifle*3"])], map=board())
    setf(b, "A", "suppression", 2)
    setf(b, "A", "propped", True)
    setf(b, "A", "confidence", SHAKEN)
    pieces = {p.id: p for p in SYSTEM.board(b.state).pieces}
    assert (pieces["HQ"].glyph, pieces["A"].glyph, pieces["F"].glyph) == ("H", "S", "F")
    a = pieces["A"]
    assert a.marks == "2kp"  # the most urgent first: the map shows one
    assert a.state == "2 suppression markers, shaken, propped"
    details = "\n".join(a.details)
    for words in ("D8 experienced", "leadership 2 average", "shaken (was confident)", "6 figures: 6 fit",
                  "5 rifle FP1/D8", "1 LMG D8/D10", "armour D4", "move D6", "under Platoon HQ [HQ]"):
        assert words in details, words
    setf(b, "A", "panicked", True)
    setf(b, "A", "travel", True)
    assert SYSTEM.board(b.state).pieces[1].marks == "!2kpt"


def test_hidden_units_and_dummies_are_the_same_question_mark():
    b = K.battle(red=[K.unit("A", (0, 0), ["rifle*3"])],
                 blue=[K.unit("d", (8, 0), ["leader:rifle", "rifle*5"], name="Dog Section", hidden=True)],
                 map=board("........,.,"), blue_side={"dummies": [[10, 0]]})
    bv = SYSTEM.board(b.state)
    ids = {p.id for p in bv.pieces}
    assert "d" not in ids
    marks = [p for p in bv.pieces if p.glyph == "?"]
    assert len(marks) == 2
    real, dummy = sorted(marks, key=lambda p: p.at.q)
    assert real.at == K.hx(8, 0) and dummy.at == K.hx(10, 0)
    strip = lambda p: (p.side, p.glyph, p.marks, p.state,  # noqa: E731
                       tuple(line.replace(p.id, "#").replace(re.sub(r"\D", "", p.id), "#")
                             .replace("(8,0)", "@").replace("(10,0)", "@") for line in p.details))
    assert strip(real) == strip(dummy)
    assert not any("Dog" in line for p in marks for line in p.details + (p.name, p.state))


def test_a_hidden_units_orders_are_filed_under_its_marker():
    b = K.battle(red=[K.unit("A", (0, 0), ["rifle*3"])],
                 blue=[K.unit("d", (8, 0), ["leader:rifle", "rifle*5"], name="Dog Section", hidden=True)],
                 map=board("........,"), first=False)
    marker = next(iter(b.state.markers))
    parts = [SYSTEM.order_parts(b.state, c) for c in b.legal_commands()]
    units = {p.unit for p in parts}
    assert marker in units and "d" not in units
    assert any(p.action == "Prop (Dog Section)" for p in parts if p.unit == marker)


# ---------------------------------------------------------------------------------------------
# Who acts
# ---------------------------------------------------------------------------------------------


def test_the_activation_view_says_who_acts_and_who_is_left():
    b = two_squads()
    av = SYSTEM.activation(b.state)
    assert av.now == "Turn 1 - Red to activate a unit"
    assert "Red went first this turn" in av.lines
    assert "Red: 0 of 1 activated; to act: Alpha Squad" in av.lines
    assert av.waiting == {"A"} and not av.acted
    b.submit(C.Prop("A"))
    av = SYSTEM.activation(b.state)
    assert av.now == "Turn 1 - Red: Alpha Squad [A] acting, 1 action left"
    assert av.acted == {"A"} and av.waiting == {"A"}
    b.submit(C.EndActivation())
    av = SYSTEM.activation(b.state)
    assert av.now == "Turn 1 - Blue to activate a unit" and av.waiting == {"d"}
    assert "Red: 1 of 1 activated" in av.lines


def test_a_decision_is_the_now_line():
    content_battle = K.battle(red=[K.unit("A", (0, 0), ["rifle*3"])], blue=[K.unit("d", (8, 0), ["rifle*3"])],
                              map=board(), dice=[])
    b = content_battle
    b.undo()  # back to the roll-off winner's question
    av = SYSTEM.activation(b.state)
    assert av.now == "Turn 1 - Red: go first or second this turn?"
    parts = {SYSTEM.order_parts(b.state, c).action for c in b.legal_commands()}
    assert parts == {"Go first", "Go second"}


# ---------------------------------------------------------------------------------------------
# The order editor's filing
# ---------------------------------------------------------------------------------------------


def test_every_legal_order_is_filed_with_a_label_unique_among_its_fellows():
    b = K.battle(red=[K.unit("HQ", (0, 0), ["commander:rifle", "rifle"], kind="command"),
                      K.unit("A", (2, 0), ["leader:rifle", "rifle*4", "lmg"], commander="HQ",
                             grenades="hand_grenade")],
                 blue=[K.unit("d", (5, 0), ["rifle*3"]), K.unit("e", (9, 0), ["rifle*3"])], map=board())
    b.submit(C.Prop("A"))
    seen = {}
    for cmd in b.legal_commands():
        p = SYSTEM.order_parts(b.state, cmd)
        key = (p.unit, p.action, p.target, p.label)
        assert key not in seen, (cmd, seen.get(key))
        seen[key] = cmd
        if isinstance(cmd, C.Shoot):
            assert p.target == b.state.units[cmd.target].pos and p.action == "Shoot"
    labels = {p[3] for p in seen if p[1] == "Shoot" and p[2] == K.hx(5, 0)}
    assert {"at d [d]: all weapons", "at d [d]: small arms only", "at d [d]: LMG alone",
            "at d [d]: all weapons, +2 grenades", "at d [d]: all weapons, suppressive"} <= labels
    assert ("A", "End activation", None) in {p[:3] for p in seen}


def test_every_kind_of_order_has_an_action_name():
    b = two_squads()
    for t, cmd in one_of_each().items():
        if t in (C.ChooseFirst, C.Decide, C.Pass, C.EndActivation):
            continue
        p = SYSTEM.order_parts(b.state, cmd)
        assert p.unit == "A" and p.action and p.action[0].isupper() and p.label, (t, p)
    assert SYSTEM.order_parts(b.state, C.Pass()) == \
        view.OrderParts(None, "Pass", None, "pass: let the other side activate")


# ---------------------------------------------------------------------------------------------
# The odds
# ---------------------------------------------------------------------------------------------


def brute_volley(target: int, dice: tuple[int, ...]) -> tuple[float, float, float, float]:
    """Every face of every die, one by one: P(no success), P(one), P(two or more), expected hits."""
    none = one = major = hits = 0
    n = 0
    for t in range(1, target + 1):
        for faces in itertools.product(*(range(1, d + 1) for d in dice)):
            n += 1
            wins = sum(1 for f in faces if f > t)
            if wins == 0:
                none += 1
            elif wins == 1:
                one += 1
            else:
                major += 1
                hits += sum(faces) // target
    return none / n, one / n, major / n, hits / n


def test_the_shot_preview_gives_the_exact_odds_and_names_every_shift():
    """Shoot Action: Target Die. Dog Section in light scrub (partial concealment +1) and propped (+1): a D12.
    Alpha Squad's dice: quality D8, small arms 3 x FP1 = 3 -> D4, LMG D8."""
    b = two_squads(map=board("........,"))
    setf(b, "d", "propped", True)
    cmd = C.Shoot("A", "d")
    pv = SYSTEM.preview(b.state, cmd)
    assert pv.summary == "Alpha Squad [A]: shoot at Dog Section [d] (all weapons)"
    assert pv.modifiers[0] == "target die D8 -> D12: partial concealment +1, propped +1"
    assert any("small arms die D4" in m for m in pv.modifiers)
    assert any("support die D8" in m for m in pv.modifiers)
    none, one, major, hits = brute_volley(12, (8, 4, 8))
    odds = {c.outcome: c.probability for c in pv.odds}
    assert odds["no effect"] == pytest.approx(none, abs=1e-12)
    assert odds["minor success: Dog Section suppressed"] == pytest.approx(one, abs=1e-12)
    majors = {c.outcome: c for c in pv.odds if c.outcome.startswith("major success")}
    assert sum(c.probability for c in majors.values()) == pytest.approx(major, abs=1e-12)
    # each number of hits is its own outcome, worth its hits: their mean is the brute-force expectation
    assert sum(c.probability * c.value for c in majors.values()) == pytest.approx(hits, abs=1e-12)
    assert pv.value_unit == "hits" and not pv.estimate
    assert f"expected hits {hits:.2f}" in pv.note
    assert pv.cost == "activates the unit: 1 of its 2 actions"


def test_suppressive_fire_odds_only_suppress():
    b = two_squads()
    pv = SYSTEM.preview(b.state, C.Shoot("A", "d", suppressive=True))
    assert "suppressive fire -1" in pv.modifiers[0]
    assert [c.outcome for c in pv.odds] == ["no effect", "Dog Section suppressed (no hits: suppressive fire)"]
    none, one, major, _ = brute_volley(6, (8, 4, 8))
    assert pv.odds[1].probability == pytest.approx(one + major, abs=1e-12)


def test_recover_odds_are_the_quality_die_over_leadership():
    b = two_squads()
    setf(b, "A", "suppression", 1)
    pv = SYSTEM.preview(b.state, C.Recover("A"))
    assert pv.odds[0].outcome == "one suppression marker removed"
    assert pv.odds[0].probability == pytest.approx(6 / 8)  # a D8 over leadership 2


def test_move_odds_are_the_chance_to_roll_the_cost():
    """Move Action: 3 hexes of open ground need a 3 or better on the D6: 4 chances in 6."""
    b = two_squads()
    pv = SYSTEM.preview(b.state, C.Move("A", K.hx(3, 0)))
    assert pv.odds[0].outcome == "reaches (3,0)" and pv.odds[0].probability == pytest.approx(4 / 6)
    assert "movement die D6" in pv.modifiers[0] and "3 movement points needed" in pv.modifiers[1]


def test_move_odds_count_the_terrain():
    """Terrain Effects on Movement: woods cost 2 a hex; 2 open then 1 wood = 4 points: 3 chances in 6."""
    b = two_squads(map=board("...*"))
    pv = SYSTEM.preview(b.state, C.Move("A", K.hx(3, 0)))
    assert pv.odds[0].probability == pytest.approx(3 / 6)
    assert "ends in woods" in pv.modifiers[2]


@pytest.mark.parametrize("half", ["text", "summary"])
def test_the_courage_test_odds_follow_the_open_shifts_and_the_half_option(half):
    """Assault Action: Courage Test. Alpha (6 able) against Dog (3 able, suppressed once, in woods):
    Dog is outnumbered 2:1 (-1), suppressed (-1), in cover (+1): D8 -> D6 against Alpha's D8."""
    b = K.battle(red=[K.unit("A", (0, 0), ["leader:rifle", "rifle*5"], name="Alpha Squad")],
                 blue=[K.unit("d", (4, 0), ["leader:rifle", "rifle*2"], name="Dog Section")],
                 map=board("....*"), options={"courage_half": half})
    setf(b, "d", "suppression", 1)
    cmd = C.Assault("A", "d")
    assert b.refusal(cmd) is None
    pv = SYSTEM.preview(b.state, cmd)
    assert pv.modifiers[0] == "courage test: Alpha Squad D8 -> D8 against Dog Section D8 -> D6 (open shifts)"
    assert any(m.startswith("Dog Section: outnumbered 2:1") and m.endswith("-1") for m in pv.modifiers)
    assert "Dog Section: each suppression marker -1" in pv.modifiers
    assert "Dog Section: defender in cover or propped +1" in pv.modifiers
    a, d = open_shift(8, 0, 8, -1)
    assert (a, d) == (8, 6)
    pairs = list(itertools.product(range(1, 9), range(1, 7)))
    bad = [x for x, y in pairs if x <= y and ((2 * x < y) if half == "text" else (2 * x <= y))]
    expect = [sum(1 for x, y in pairs if x > 2 * y), sum(1 for x, y in pairs if y < x <= 2 * y),
              sum(1 for x, y in pairs if x <= y) - len(bad), len(bad)]
    assert [c.probability for c in pv.odds] == pytest.approx([e / 48 for e in expect])
    assert pv.odds[3].outcome == "the attack fails: both actions lost"  # Dog is suppressed: no nerves


def test_the_two_inch_rule_needs_no_courage_test():
    b = K.battle(red=[K.unit("A", (0, 0), ["rifle*4"])], blue=[K.unit("d", (1, 0), ["rifle*2"])], map=board())
    cmd = C.Assault("A", "d")
    assert b.refusal(cmd) is None
    pv = SYSTEM.preview(b.state, cmd)
    assert [(c.outcome, c.probability) for c in pv.odds] == [("contact: close combat at once", 1.0)]


def test_rally_odds_need_the_message_and_the_roll():
    """Rally Action: the HQ 5 hexes off (beyond 3): a message, D8 over the worse leadership 2 (6/8); then the
    squad's D8 over 2 + 1 = 3 (5/8)."""
    b = K.battle(red=[K.unit("HQ", (0, 0), ["commander:rifle", "rifle"], kind="command", leadership=1),
                      K.unit("A", (5, 0), ["leader:rifle", "rifle*4"], commander="HQ")],
                 blue=[K.unit("d", (15, 3), ["rifle*3"])], map=board())
    setf(b, "A", "confidence", SHAKEN)
    pv = SYSTEM.preview(b.state, C.Rally("HQ", "A"))
    assert pv.odds[0].outcome == "up one confidence level"
    assert pv.odds[0].probability == pytest.approx(6 / 8 * 5 / 8)


def test_the_end_of_battle_counts_the_dead_and_wounded():
    b = two_squads()
    ctx = K.ctx(b)
    ctx.emit(E.FigureChanged(unit="d", figure="d.2", status="killed", wounds=1))
    ctx.emit(E.FigureChanged(unit="d", figure="d.3", status="untreated", wounds=1))
    s = SYSTEM.summary(b.state)
    assert s.casualties == {"red": 0, "blue": 2} and s.turns == 1
    assert "Blue: 1 killed, 1 wounded; 1 unit still fighting" in s.lines


def test_sight_is_blocked_by_woods():
    """Shoot Action: Line of Sight. Woods block; the hexes next to the unit are always seen."""
    b = two_squads(map=board("..*"))
    seen = SYSTEM.visible_hexes(b.state, "A")
    assert K.hx(1, 0) in seen and K.hx(2, 0) in seen and K.hx(3, 0) not in seen and K.hx(0, 3) in seen


def test_the_shift_words_are_the_fire_rules_own():
    """The preview and the shot roll one die: what the preview names is what the dice log will say."""
    b = two_squads(map=board("........,"))
    die, shifts = fire.target_die_for(b.state, b.state.units["A"], b.state.units["d"])
    assert SYSTEM.preview(b.state, C.Shoot("A", "d")).modifiers[0] == fire.describe_target_die(die, shifts)
    ev = b.submit(C.Shoot("A", "d"))
    first = next(e for e in ev if isinstance(e, DieRolled))
    assert first.purpose == fire.describe_target_die(die, shifts)


# ---------------------------------------------------------------------------------------------
# The rules help
# ---------------------------------------------------------------------------------------------

BOOK = Path("/work/shared/seeds/004_a87feaff72370b06.txt")
HELP = content_root() / "dustup" / "help.md"
OWN_SECTIONS = {"scale and map", "optional rules", "this game's readings"}
REQUIRED = ["Core Mechanic", "Die Shifts", "Turn Sequence", "Unit Activation", "Move Action", "Prop Action",
            "Shoot Action", "Assault Action", "Recover Suppression Action", "Reorganise Action",
            "Communicate Action", "Order Action", "Rally Action", "Detach Element Action",
            "Medical Treatment Action", "Regroup Action", "Detect Action", "Morale", "Optional Rules",
            "Scale and Map", "This Game's Readings"]


def book_text() -> str:
    if not BOOK.is_file():
        pytest.skip(f"the rule book is not at {BOOK}")
    return BOOK.read_text(encoding="utf-8")


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower().replace("\u2019", "").replace("'", ""))


def ngrams(text: str, n: int = 8) -> set[tuple[str, ...]]:
    w = words(text)
    return {tuple(w[i:i + n]) for i in range(len(w) - n + 1)}


def heading(line: str) -> str:
    """A book line as a heading: markdown marks and underline tags taken off, lower case."""
    line = re.sub(r"</?u>|\*\*|^#+", "", line.strip())
    return line.strip().rstrip(".").strip().lower()


def sections() -> dict[str, str]:
    return {s.title: s.text for s in read_help(HELP.read_text(encoding="utf-8"))}


def test_the_help_has_a_section_for_every_book_section_asked_for():
    found = sections()
    assert list(found)[:2] == ["Scale and Map", "Forces"]
    missing = [t for t in REQUIRED if t not in found]
    assert not missing, missing
    assert all(text for text in found.values())


def test_every_help_title_is_a_heading_of_the_book_or_one_of_ours():
    book = {heading(line) for line in book_text().splitlines() if line.strip()}
    odd = [t for t in sections() if t.lower() not in book and t.lower() not in OWN_SECTIONS]
    assert not odd, odd


def test_no_eight_word_run_is_copied_from_the_book():
    copied = ngrams(HELP.read_text(encoding="utf-8")) & ngrams(book_text())
    assert not copied, "copied from the book: " + "; ".join(" ".join(g) for g in sorted(copied))


def test_the_help_is_plain_ascii_within_76_columns():
    raw = HELP.read_bytes()
    assert raw.isascii() and b"\t" not in raw
    long = [n for n, line in enumerate(raw.decode().splitlines(), 1) if len(line) > 76]
    assert not long, long


def test_the_readings_are_stated():
    s = sections()
    readings = s["This Game's Readings"]
    assert "courage test table is a reconstruction" in readings
    assert "courage_half" in readings and '"text" (the default)' in readings and '"summary"' in readings
    assert "uses\nthe armour die" in readings or "uses the armour die" in readings.replace("\n", " ")
    assert "one hex is 2 inches" in s["Scale and Map"]
    # the rebuilt table: one line per row of morale.toml, with its shift, in the book's order
    rows = [line for line in readings.splitlines() if re.match(r"^- [+-]\d ", line)]
    tables = SYSTEM.new_state(SYSTEM.load_content("meeting"), SYSTEM.default_options()).tables
    assert [int(line.split()[1]) for line in rows] == [r.shift for r in tables.courage]


def test_every_optional_rule_switch_is_in_the_help():
    text = sections()["Optional Rules"]
    for option in SYSTEM.options:
        assert f"- {option.name}:" in text, option.name


def test_the_system_serves_the_help_and_the_marks_legend():
    assert SYSTEM.help_sections() == read_help(HELP.read_text(encoding="utf-8"))
    legend = " ".join(SYSTEM.marks_legend)
    for mark in ("S squad", "H headquarters", "? hidden unit or dummy", "1-3 suppression", "p propped"):
        assert mark in legend
