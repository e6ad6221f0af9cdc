"""Content schemas: every table of every content file is read through attrs classes with cattrs, unknown
keys refused. A misspelt key, or a value of the wrong type, is one line naming the file, the table, the
key and what was expected (engine.core.content.structure_content)."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import attrs
import pytest

from hexfront.engine.core.battle import Battle
from hexfront.engine.core.campaigns import read_campaign
from hexfront.engine.core.content import ContentProblem, between, one_of, structure_content
from hexfront.engine.core.errors import ContentError, SaveError
from hexfront.engine.core.saves import load_battle, save_battle
from hexfront.engine.core.system import all_systems, content_root

HEADER = re.compile(r"^\s*(\[\[?)([A-Za-z0-9_.\-]+)\]\]?\s*(#.*)?$")


def _content_files() -> list[tuple[str, str]]:
    out = []
    for system in sorted(all_systems()):
        for path in sorted((content_root() / system).rglob("*.toml")):
            out.append((system, str(path.relative_to(content_root() / system))))
    return out


FILES = [pytest.param(s, f, id=f"{s}/{f}") for s, f in _content_files()]


def _with_key(text: str, line: str) -> tuple[str, str]:
    """``text`` with ``line`` added to its first table, and that table as an error names it."""
    lines = text.splitlines(keepends=True)
    for n, row in enumerate(lines):
        m = HEADER.match(row)
        if m:
            table = m.group(2) + ("#1" if m.group(1) == "[[" else "")
            return "".join(lines[:n + 1] + [line + "\n"] + lines[n + 1:]), table
    return line + "\n" + text, "top level"


def _copy(system: str, relative: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of content/ that the game reads (HEXFRONT_CONTENT), and the path of one file in it."""
    root = tmp_path / "content"
    shutil.copytree(content_root(), root)
    monkeypatch.setenv("HEXFRONT_CONTENT", str(root))
    return root / system / relative


def _refused(system: str, path: Path) -> str:
    """The one line a scenario that reads ``path`` is refused with."""
    rules = all_systems()[system]
    scenario = path.stem if path.parent.name == "scenarios" else rules.scenario_names()[0]
    with pytest.raises(ContentError) as err:
        if path.parent.name == "campaigns":  # a campaign's file is read when the campaign is
            read_campaign(rules, path.stem)
        else:
            rules.load_content(scenario)
    assert "\n" not in err.value.message
    return err.value.message


@pytest.mark.parametrize("system, relative", FILES)
def test_a_misspelt_key_is_refused_naming_file_table_and_key(system, relative, tmp_path, monkeypatch):
    path = _copy(system, relative, tmp_path, monkeypatch)
    text, table = _with_key(path.read_text(encoding="utf-8"), "efective = 99")
    path.write_text(text, encoding="utf-8")
    message = _refused(system, path)
    assert message.startswith(f"{path}: "), message
    where = "top level" if table == "top level" else f"table [{table}]"
    assert f"{where}: unknown key 'efective' (expected one of: " in message, message


@pytest.mark.parametrize("system, relative", FILES)
def test_a_wrong_type_names_the_expected_type(system, relative, tmp_path, monkeypatch):
    """The first plain ``key = value`` of a file, given a table instead: refused, naming what it must be."""
    root = content_root() / system / relative
    lines = root.read_text(encoding="utf-8").splitlines()
    first = next((re.match(r"^([a-z_]+) = ", row) for row in lines if re.match(r"^([a-z_]+) = ", row)), None)
    if first is None:
        pytest.skip("the file has no plain key = value line")
    key = first.group(1)
    path = _copy(system, relative, tmp_path, monkeypatch)
    text = path.read_text(encoding="utf-8")
    path.write_text(re.sub(rf"(?m)^{key} = .*$", f"{key} = {{ wrong = 1 }}", text, count=1), encoding="utf-8")
    message = _refused(system, path)
    assert message.startswith(f"{path}: ")
    assert f"key '{key}' must be " in message and "found a table" in message, message


@pytest.mark.parametrize("system", sorted(all_systems()))
def test_the_real_content_loads_and_has_a_schema(system):
    rules = all_systems()[system]
    for name in rules.scenario_names():
        assert rules.load_content(name)["scenario"]
    folder = Path(__import__(type(rules).__module__, fromlist=["_"]).__file__).parent
    assert (folder / "schema.py").is_file()


@attrs.frozen
class _Gun:
    name: str
    range: int = attrs.field(default=1, validator=between(1, 24))
    kind: str = attrs.field(default="rifle", validator=one_of(("rifle", "pistol")))
    firepower: float = 1.0


@attrs.frozen
class _Armoury:
    guns: dict[str, _Gun]
    crews: list[_Gun] = attrs.field(factory=list)


@pytest.mark.parametrize("raw, says", [
    ({"guns": {"rifle": {"name": "r", "efective": 2}}},
     "f.toml: table [guns.rifle]: unknown key 'efective' (expected one of: name, range, kind, firepower)"),
    ({"guns": {"rifle": {"name": "r", "range": "long"}}},
     "f.toml: table [guns.rifle]: key 'range' must be a whole number, found text"),
    ({"guns": {"rifle": {"name": "r", "range": True}}},
     "f.toml: table [guns.rifle]: key 'range' must be a whole number, found true/false"),
    ({"guns": {"rifle": {"name": "r", "range": 99}}}, "f.toml: table [guns.rifle]: key 'range' must be from 1 to 24"),
    ({"guns": {"rifle": {"name": "r", "kind": "bow"}}}, "key 'kind' must be one of rifle, pistol, found 'bow'"),
    ({"guns": {"rifle": {"range": 2}}}, "f.toml: table [guns.rifle]: missing key 'name'"),
    ({"guns": {"rifle": 3}}, "f.toml: table [guns]: key 'rifle' must be a table, found a number"),
    ({"guns": {}, "crews": [{"name": "a"}, {"name": "b", "firepower": "x"}]},
     "f.toml: table [crews#2]: key 'firepower' must be a number, found text"),
    ({"guns": {}, "extra": 1}, "f.toml: top level: unknown key 'extra'"),
    ({"guns": {"r\x1b[2J": {"name": "r", "e\nvil": 1}}}, "unknown key 'e\\nvil'"),
])
def test_a_mistake_is_one_line_naming_file_table_key_and_what_was_expected(raw, says):
    with pytest.raises(ContentError) as err:
        structure_content(raw, _Armoury, "f.toml")
    assert says in err.value.message and "\n" not in err.value.message and "\x1b" not in err.value.message


def test_a_whole_number_is_read_as_a_float_and_defaults_fill_in():
    got = structure_content({"guns": {"r": {"name": "r", "firepower": 2}}}, _Armoury, "f.toml")
    assert got.guns["r"] == _Gun("r", 1, "rifle", 2.0) and type(got.guns["r"].firepower) is float


def test_a_validator_problem_names_its_key():
    problem = ContentProblem("size", "must be from 1 to 5")
    assert problem.key == "size" and str(problem) == "must be from 1 to 5"


@pytest.mark.parametrize("system", sorted(all_systems()))
def test_content_embedded_in_a_save_is_checked_by_the_same_schema(system, tmp_path):
    """A save embeds the content it was played with; an unknown key slipped into it is refused when the save
    is loaded, in one SaveError line naming the save, the table and the key (and the file is untouched)."""
    rules = all_systems()[system]
    battle = Battle.new(system, rules.scenario_names()[0], seed=3)
    path = save_battle(battle, tmp_path / "b.json")
    load_battle(path)  # the untouched save loads
    data = json.loads(path.read_text(encoding="utf-8"))
    data["content"]["scenario"]["efective"] = 99
    raw = json.dumps(data).encode("utf-8")
    path.write_bytes(raw)
    with pytest.raises(SaveError) as refused:
        load_battle(path)
    message = refused.value.message
    assert "\n" not in message and message.startswith(str(path))
    assert "top level: unknown key 'efective'" in message, message
    assert path.read_bytes() == raw
