"""Hostile saves made from real ones: the fuzz cases every reader of a save must survive.

:func:`mutated_saves` starts from the released saves of every system (tests/fixtures/saves/) and damages
each one way: truncation, flipped bytes, values of the wrong type, huge numbers and strings, NaN and
Infinity, deep nesting, control characters and escapes in string fields, tampered commands, checkpoints
and embedded content, path-like names, unknown players, duplicate keys, other format versions. The same
seed gives the same cases, byte for byte, whatever PYTHONHASHSEED is (nothing here iterates a set).

Any reader can reuse the cases (the command line, the load list, ``play --continue`` in the TUI)::

    for kind, data in mutated_saves(seed=1, count=300):
        path.write_bytes(data)
        ...
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from functools import lru_cache
from pathlib import Path
from typing import Any

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "saves"

#: A path-like name that must never become a file: checked by the fuzz runner after every case.
ESCAPE_NAME = "hexfront-fuzz-escape"

#: Names that would climb out of the saves folder or are no name at all.
PATH_NAMES = (
    f"../../../../tmp/{ESCAPE_NAME}", f"/tmp/{ESCAPE_NAME}", "..", ".", "", "a/b", "saves/../../x",
    "~/x", "C:\\Windows\\x", "x\x00y", "../" * 200 + ESCAPE_NAME, "village/../../../tmp/" + ESCAPE_NAME,
    "village\n", " village", "VILLAGE", "\u2024\u2024/x",
)

#: What a hostile string carries: terminal escapes (retitle, clear, colour, CSI in one byte), line
#: breaks, NUL, a lone surrogate, a right-to-left override.
PAYLOADS = (
    "\x1b]0;PWNED\x07", "\x1b[2J\x1b[H", "\x1b[31m", "\x9b2J", "\r", "\n", "\x00", "\ud800", "\u202e",
    "\t", "\x7f", "\x1bP+q\x1b\\",
)

_HUGE_NUMBERS = ("1" + "0" * 19, "-" + "9" * 30, "1" + "0" * 400, "7" * 5000, "1e400", "-1e999",
                 "123456789012345678901234567890.5", "0." + "0" * 5000 + "1")
_NOT_NUMBERS = ("NaN", "Infinity", "-Infinity", "1e999")
_PLACEHOLDER = "\u0000__fuzz__\u0000"


@lru_cache(maxsize=1)
def sources() -> tuple[tuple[str, bytes], ...]:
    """The released saves to start from: (file name, bytes), every system and format, in name order."""
    files = sorted(FIXTURES.glob("*/*.json"))
    if not files:
        raise FileNotFoundError(f"no released saves under {FIXTURES}")
    return tuple((f"{p.parent.name}/{p.name}", p.read_bytes()) for p in files)


# -- walking a parsed save -------------------------------------------------------------------

def _slots(node: Any, under: tuple[Any, ...] = ()) -> list[tuple[Any, Any, tuple[Any, ...]]]:
    """Every (container, key, path) under ``node``, in document order."""
    out: list[tuple[Any, Any, tuple[Any, ...]]] = []
    if isinstance(node, dict):
        items: Any = list(node.items())
    elif isinstance(node, list):
        items = list(enumerate(node))
    else:
        return out
    for key, value in items:
        out.append((node, key, under + (key,)))
        out.extend(_slots(value, under + (key,)))
    return out


def _pick(rng: random.Random, data: Any, want: Callable[[Any], bool] = lambda v: True,
          within: str | None = None) -> tuple[Any, Any] | None:
    root = data[within] if within is not None else data
    slots = [(c, k) for c, k, _ in _slots(root) if want(c[k])]
    return rng.choice(slots) if slots else None


def _dump(data: Any, rng: random.Random) -> str:
    return json.dumps(data, indent=rng.choice((None, 1)), ensure_ascii=True)


def _encode(text: str) -> bytes:
    return text.encode("utf-8", "surrogatepass")


def _with_token(rng: random.Random, data: Any, tokens: tuple[str, ...], within: str | None = None) -> bytes:
    """Put a raw JSON token (a number JSON can write but Python should not take) in place of a value."""
    slot = _pick(rng, data, within=within) or _pick(rng, data)
    assert slot is not None
    container, key = slot
    container[key] = _PLACEHOLDER
    text = _dump(data, rng)
    return _encode(text.replace(json.dumps(_PLACEHOLDER), rng.choice(tokens), 1))


# -- the mutations -----------------------------------------------------------------------------

def truncate(rng: random.Random, raw: bytes, data: Any) -> bytes:
    return raw[: rng.randrange(len(raw))]


def byte_flip(rng: random.Random, raw: bytes, data: Any) -> bytes:
    out = bytearray(raw)
    for _ in range(rng.randint(1, 8)):
        out[rng.randrange(len(out))] ^= 1 << rng.randrange(8)
    return bytes(out)


def wrong_type(rng: random.Random, raw: bytes, data: Any) -> bytes:
    others: tuple[Any, ...] = (None, True, False, 0, -1, 1.5, "x", "", [], {}, [1, "a"], {"a": 1})
    for _ in range(rng.randint(1, 3)):
        slot = _pick(rng, data)
        assert slot is not None
        container, key = slot
        current = type(container[key])
        container[key] = rng.choice([v for v in others if type(v) is not current])
    return _encode(_dump(data, rng))


def huge_number(rng: random.Random, raw: bytes, data: Any) -> bytes:
    within = rng.choice((None, "content", "commands"))
    slot_filter = data if within is None else data[within]
    has_number = any(type(c[k]) in (int, float) for c, k, _ in _slots(slot_filter))
    if has_number:
        container, key = _pick(rng, data, lambda v: type(v) in (int, float), within) or (data, "seed")
        container[key] = _PLACEHOLDER
        return _encode(_dump(data, rng).replace(json.dumps(_PLACEHOLDER), rng.choice(_HUGE_NUMBERS), 1))
    return _with_token(rng, data, _HUGE_NUMBERS, within)


def huge_string(rng: random.Random, raw: bytes, data: Any) -> bytes:
    size = rng.choice((300, 5_000, 100_000, 2_000_000))
    text = rng.choice(("A", "\x1b[2J", "é", "../")) * (size // 4 + 1)
    within = rng.choice(("content", "content", None))
    shown = [(c, k) for c, k, _ in _slots(data["content"]) if _shown_string(c, k)]
    slot = (rng.choice(shown) if shown and rng.random() < 0.5
            else _pick(rng, data, lambda v: isinstance(v, str), within)
            or _pick(rng, data, lambda v: isinstance(v, str)))
    assert slot is not None
    container, key = slot
    if isinstance(container, dict) and rng.random() < 0.3:  # the key instead of the value
        container[text[:size]] = container.pop(key)
    else:
        container[key] = text[:size]
    return _encode(_dump(data, rng))


def nan_infinity(rng: random.Random, raw: bytes, data: Any) -> bytes:
    return _with_token(rng, data, _NOT_NUMBERS, rng.choice((None, "content", "commands")))


def deep_nesting(rng: random.Random, raw: bytes, data: Any) -> bytes:
    depth = rng.choice((60, 900, 5_000, 200_000))
    nested = rng.choice(("[" * depth + "]" * depth, '{"a":' * depth + "0" + "}" * depth))
    return _with_token(rng, data, (nested,), rng.choice((None, "content", "content", "commands")))


#: Keys of the strings a player reads (names of units, sides, weapons, scenarios; titles; prompts).
_SHOWN_KEYS = ("name", "title", "summary", "label", "text", "intro", "finish", "prompt", "description")


def _shown_string(container: Any, key: Any) -> bool:
    return isinstance(key, str) and any(word in key for word in _SHOWN_KEYS) and isinstance(container[key], str)


def control_chars(rng: random.Random, raw: bytes, data: Any) -> bytes:
    share = rng.choice((0.05, 0.3, 1.0, "shown"))  # some strings, every string field, or the names shown
    for container, key, path in _slots(data):
        value = container[key]
        if share == "shown":
            if path[0] == "content" and _shown_string(container, key):
                container[key] = value + rng.choice(PAYLOADS) + rng.choice(PAYLOADS)
            continue
        if isinstance(value, str) and rng.random() < share:
            payload = rng.choice(PAYLOADS)
            container[key] = rng.choice((value + payload, payload + value, payload))
        if isinstance(container, dict) and isinstance(key, str) and rng.random() < share / 10:
            container[key + rng.choice(PAYLOADS)] = container.pop(key)
    text = _dump(data, rng)
    if rng.random() < 0.2:  # raw, unescaped in the file: not valid JSON, or not UTF-8
        text = json.dumps(data, ensure_ascii=False)
    return _encode(text)


def tampered_command(rng: random.Random, raw: bytes, data: Any) -> bytes:
    commands = data["commands"]
    if not commands:
        commands.append({"command": {"type": "Pass"}, "check": {"hash": "0" * 16, "draws": 0}})
    i = rng.randrange(len(commands))
    entry = commands[i]
    how = rng.randrange(7)
    if how == 0:
        del commands[i]
    elif how == 1:
        commands.insert(i, json.loads(json.dumps(entry)))
    elif how == 2 and len(commands) > 1:
        j = rng.randrange(len(commands))
        commands[i], commands[j] = commands[j], commands[i]
    elif how == 3:
        entry["command"]["type"] = rng.choice(("Nuke", "", "Battle", "object", "__class__",
                                               commands[rng.randrange(len(commands))]["command"].get("type", "")))
    elif how == 4:
        entry["command"][rng.choice(("extra", "type2", "\x1b[2J"))] = 1
    else:
        fields = [k for k in entry["command"] if k != "type"]
        if fields:
            key = rng.choice(fields)
            value = entry["command"][key]
            if isinstance(value, bool):
                entry["command"][key] = not value
            elif isinstance(value, int):
                entry["command"][key] = value + rng.choice((-1, 1, 1000, -(10**12)))
            elif isinstance(value, str):
                entry["command"][key] = rng.choice(("", value + "x", "R1", "B1", "../x", value[::-1]))
            else:
                del entry["command"][key]
        else:
            entry["command"]["unit"] = "R1"
    return _encode(_dump(data, rng))


def tampered_checkpoint(rng: random.Random, raw: bytes, data: Any) -> bytes:
    checks = [data["setup_check"]] + [c["check"] for c in data["commands"]]
    check = rng.choice(checks)
    how = rng.randrange(6)
    if how == 0:
        check["hash"] = f"{rng.getrandbits(64):016x}"
    elif how == 1:
        check["hash"] = rng.choice(("", "zz" * 8, check["hash"] * 2, check["hash"].upper(), "\x1b[2J" * 4))
    elif how == 2:
        check["draws"] += rng.choice((1, -1, 7))
    elif how == 3:
        check["draws"] = rng.choice((-1, 2**64, 10**30))
    elif how == 4:
        check["hash"] = f"{rng.getrandbits(64):016x}"
        check["draws"] += 1
    else:
        del check[rng.choice(("hash", "draws"))]
    return _encode(_dump(data, rng))


def tampered_content(rng: random.Random, raw: bytes, data: Any) -> bytes:
    for _ in range(rng.randint(1, 3)):
        slot = _pick(rng, data, within="content")
        if slot is None:
            break
        container, key = slot
        value = container[key]
        how = rng.randrange(5)
        if how == 0:
            del container[key]
        elif how == 1 and isinstance(value, bool):
            container[key] = not value
        elif how == 1 and isinstance(value, (int, float)):
            container[key] = rng.choice((0, -1, value + 1, value * 100, -value, 10**6))
        elif how == 2 and isinstance(value, str):
            container[key] = rng.choice(("", "R1", value + value, "none", "\x1b[2J"))
        elif how == 3 and isinstance(value, list):
            container[key] = value + value if rng.random() < 0.5 else []
        elif how == 4 and isinstance(container, dict):
            container[rng.choice(("extra", "id", "name", "units", "map"))] = rng.choice((1, "x", [], {}))
        else:
            container[key] = rng.choice((None, 0, "x", [], {}))
    return _encode(_dump(data, rng))


def path_name(rng: random.Random, raw: bytes, data: Any) -> bytes:
    field = rng.choice(("scenario", "scenario", "system", "both"))
    for name in (("system", "scenario") if field == "both" else (field,)):
        data[name] = rng.choice(PATH_NAMES)
    return _encode(_dump(data, rng))


def unknown_player(rng: random.Random, raw: bytes, data: Any) -> bytes:
    players = data["players"]
    sides = list(players) or ["red"]
    how = rng.randrange(3)
    if how == 0 or not players:
        players[rng.choice(sides)] = rng.choice(("cheater", "Default", "human ", "", "../x", "\x1b[2J",
                                                  "__import__", "a" * 1000))
    elif how == 1:
        players[rng.choice(("nobody", "", "\x1b[2J", "../x"))] = "default"
    else:
        side = rng.choice(sides)
        players[side + rng.choice(("x", "\x00"))] = players.pop(side)
    return _encode(_dump(data, rng))


def duplicate_key(rng: random.Random, raw: bytes, data: Any) -> bytes:
    objects = [data] + [c[k] for c, k, _ in _slots(data) if isinstance(c[k], dict) and c[k]]
    target = data if rng.random() < 0.4 else rng.choice(objects)
    key = rng.choice(list(target))
    marker = _PLACEHOLDER + "key"
    twin = target[key] if rng.random() < 0.5 else rng.choice((None, 0, [], "x"))
    items = list(target.items())
    items.insert(rng.randrange(len(items) + 1), (marker, twin))
    target.clear()
    target.update(items)
    return _encode(_dump(data, rng).replace(json.dumps(marker), json.dumps(key), 1))


def format_version(rng: random.Random, raw: bytes, data: Any) -> bytes:
    value = rng.choice((0, -1, 3, 999, "2", "1", None, 1.0, 2.0, True, 2**70, [2], {"v": 2}, "missing"))
    if value == "missing":
        del data["format_version"]
    else:
        data["format_version"] = value
    return _encode(_dump(data, rng))


#: Every mutation, by kind. The fuzz runner knows which of these no reader may accept as they are.
MUTATIONS: dict[str, Callable[[random.Random, bytes, Any], bytes]] = {
    "truncate": truncate, "byte_flip": byte_flip, "wrong_type": wrong_type, "huge_number": huge_number,
    "huge_string": huge_string, "nan_infinity": nan_infinity, "deep_nesting": deep_nesting,
    "control_chars": control_chars, "tampered_command": tampered_command,
    "tampered_checkpoint": tampered_checkpoint, "tampered_content": tampered_content, "path_name": path_name,
    "unknown_player": unknown_player, "duplicate_key": duplicate_key, "format_version": format_version,
}
KINDS = tuple(MUTATIONS)


def mutated_save(seed: int, index: int) -> tuple[str, str, bytes]:
    """Case ``index`` of seed ``seed``: (kind, the released save it came from, the damaged bytes)."""
    rng = random.Random(seed * 1_000_003 + index)
    kind = KINDS[index % len(KINDS)]
    name, raw = rng.choice(sources())
    return kind, name, MUTATIONS[kind](rng, raw, json.loads(raw))


def mutated_saves(seed: int, count: int) -> Iterator[tuple[str, bytes]]:
    """``count`` hostile saves, (kind, bytes), every kind in turn; the same seed gives the same bytes."""
    for index in range(count):
        kind, _, data = mutated_save(seed, index)
        yield kind, data
