"""Content TOML damaged at random: ``hexfront systems`` and ``hexfront new`` give one line, never a
traceback or an internal error, whatever a table or scenario file of any system holds.

Seeded: case ``i`` damages one file of a copy of content/ (truncated, bytes flipped, a line dropped or
doubled, a value of another type or kind), runs the commands, and puts the file back.
"""

from __future__ import annotations

import random

from hostile import hexfront, one_error_line

SEED = 18
CASES = 120
_VALUES = ('"x"', "-1", "0", "99999999999999999999", "1.5", "nan", "inf", "true", "[]", "[[1], [2]]", "{}",
           '"\\u001b[2J"', '"' + "W" * 100_000 + '"', "[" * 500 + "]" * 500)


def _damage(rng: random.Random, text: str) -> str:
    lines = text.splitlines(keepends=True) or [""]
    how = rng.randrange(6)
    if how == 0:
        return text[: rng.randrange(len(text) + 1)]
    if how == 1:
        raw = bytearray(text.encode("utf-8"))
        for _ in range(rng.randint(1, 6)):
            raw[rng.randrange(len(raw))] ^= 1 << rng.randrange(8)
        return raw.decode("utf-8", "replace")
    i = rng.randrange(len(lines))
    if how == 2:
        del lines[i]
    elif how == 3:
        lines.insert(i, lines[i])
    else:
        assigned = [n for n, line in enumerate(lines) if " = " in line and not line.lstrip().startswith("#")]
        if assigned:
            n = rng.choice(assigned)
            key = lines[n].split(" = ", 1)[0]
            lines[n] = f"{key} = {rng.choice(_VALUES)}\n"
    return "".join(lines)


def test_damaged_content_is_one_line_or_a_battle(capsys, tmp_path, content_copy):
    from hexfront.engine.core.system import all_systems

    files = sorted(p for p in content_copy.rglob("*.toml"))
    assert {p.relative_to(content_copy).parts[0] for p in files} == set(all_systems())
    failures = []
    refused = {"systems": 0, "new": 0}
    for index in range(CASES):
        rng = random.Random(SEED * 1_000_003 + index)
        path = rng.choice(files)
        system = path.relative_to(content_copy).parts[0]
        scenario = path.stem if path.parent.name == "scenarios" else None
        original = path.read_text(encoding="utf-8")
        path.write_text(_damage(rng, original), encoding="utf-8")
        out = tmp_path / f"case-{index}.json"
        try:
            for argv in (["systems"], ["new", system, *(["--scenario", scenario] if scenario else []),
                                       "--out", str(out), "--players", "default,default"]):
                code, _, err = hexfront(capsys, *argv)
                if code != 0:
                    refused[argv[0]] += 1
                    try:
                        one_error_line(err)
                    except AssertionError:
                        failures.append((index, str(path.relative_to(content_copy)), argv[0], err[:300]))
                    if argv[0] == "new" and out.exists():
                        failures.append((index, str(path.relative_to(content_copy)), "wrote after refusing", ""))
        finally:
            path.write_text(original, encoding="utf-8")
    assert not failures, failures[:5]
    # the damage is real: many cases are refused, by new above all (systems reads only titles)
    assert refused["new"] > CASES // 4 and refused["systems"] > 0, refused
