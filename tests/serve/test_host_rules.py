"""The host's rules on their own, without a network: the key gate's rate, the connection counts, the
folder a key gives, the allow-list's format, the window and terminal a client may ask for."""

from __future__ import annotations

import os
import pty
import signal
import subprocess
import sys

import asyncssh
import pytest

from hexfront.engine.core.errors import HexfrontError
from hexfront.tui.cli import main
from hexfront.tui.serve.keys import AllowList, fingerprint, player_folder
from hexfront.tui.serve.limits import ConnectionGate, HostLimits, KeyGate, OrderGate, address_group
from hexfront.tui.serve.relay import confined_command, game_environment, terminal_type, window_size


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_the_key_gate_lets_a_burst_through_then_the_rate_and_drops_whole_chunks_past_the_queue():
    clock = Clock()
    gate = KeyGate(rate=10, burst=20, clock=clock)
    assert gate.offer(b"a" * 15) and gate.take() == b"a" * 15  # within the burst: at once
    assert gate.offer(b"\x1b[A" * 5)  # 15 bytes queued, 5 tokens left
    assert gate.take() == b"\x1b[A\x1b["  # the rest waits for tokens (a chunk's tail, never reordered)
    assert not gate.offer(b"x" * 11)  # 10 queued + 11 > 20: the whole chunk is dropped
    assert gate.dropped == 11
    assert gate.wait() == pytest.approx(0.1)
    clock.now += 1.0  # ten more tokens
    assert gate.take() == b"A" + b"\x1b[A" * 3
    assert gate.passed == 15 + 5 + 10 and gate.queued == 0
    flood = KeyGate(rate=100, burst=400, clock=clock)
    for _ in range(1000):
        flood.offer(b"x" * 100)
    clock.now += 10.0
    given = flood.take()
    assert len(given) == 400 and flood.dropped == 100_000 - 400  # the queue holds a burst; tokens cap at a burst


def test_the_order_gate_lets_a_seconds_worth_through_at_once_then_the_rate():
    clock = Clock()
    gate = OrderGate(rate=3, clock=clock)
    assert [gate.allow() for _ in range(4)] == [True, True, True, False]
    assert gate.refused == 1 and "3 a second" in gate.refusal() and "again" in gate.refusal()
    clock.now += 0.34  # one more order's worth
    assert gate.allow() and not gate.allow()
    clock.now += 60.0  # a long pause fills it to a second's worth, no more
    assert [gate.allow() for _ in range(4)] == [True, True, True, False]


def test_connections_are_counted_per_address_group_and_in_total():
    gate = ConnectionGate(HostLimits(max_connections=10, max_per_address=2))
    assert gate.admit("10.0.0.1") is None and gate.admit("::ffff:10.0.0.1") is None  # one address, twice
    assert gate.admit("10.0.0.1") == "too many connections from your address"
    assert gate.admit("2001:db8::1") is None and gate.admit("2001:db8::2") is None
    assert gate.admit("2001:db8::3") == "too many connections from your address"  # the same /64
    assert gate.admit("2001:db8:0:1::1") is None  # the next /64
    gate.release("10.0.0.1")
    assert gate.admit("10.0.0.1") is None
    assert gate.total == 5 and gate.refused == 2
    small = ConnectionGate(HostLimits(max_connections=2, max_per_address=2))
    assert small.admit("192.0.2.1") is None and small.admit("192.0.2.2") is None
    assert small.admit("192.0.2.3") == "the host is full; try again later"
    assert address_group("2001:db8:0:0:abcd::1") == "2001:db8::/64"
    assert address_group("fe80::1%eth0") == "fe80::/64"


def test_limits_out_of_range_are_one_line_naming_the_option():
    with pytest.raises(HexfrontError, match="--idle-seconds 1 is out of range"):
        HostLimits(idle_seconds=1).check()
    with pytest.raises(HexfrontError, match="--max-per-address 9 is more than --max-connections 8"):
        HostLimits(max_connections=8, max_per_address=9).check()


def test_a_player_folder_comes_from_the_fingerprint_alone():
    key = asyncssh.generate_private_key("ssh-ed25519")
    folder = player_folder(fingerprint(key))
    assert folder.startswith("sha256-") and len(folder) == 7 + 64 and set(folder[7:]) <= set("0123456789abcdef")
    for bad in ("../../etc", "SHA256:" + "A" * 42, "SHA256:" + "/" * 43 + "/..", "MD5:aa:bb", "SHA256:" + "é" * 43):
        with pytest.raises(ValueError):
            player_folder(bad)


def test_the_allow_list_reads_keys_with_options_and_comments_and_names_a_bad_line(tmp_path):
    one, two = (asyncssh.generate_private_key("ssh-ed25519") for _ in range(2))
    path = tmp_path / "keys"
    path.write_text(f"# friends\n\n{one.export_public_key().decode()}"
                    f'from="10.0.0.0/8",no-pty {two.export_public_key().decode()}')
    allow = AllowList(path)
    assert allow.allows(one) and allow.allows(two)
    assert not allow.allows(asyncssh.generate_private_key("ssh-ed25519"))
    path.write_text("ssh-ed25519\n")
    with pytest.raises(HexfrontError, match="line 1 of the allow-list .* holds no public key"):
        AllowList(path)
    path.write_bytes(b"\0" * (2 * 1024 * 1024))
    with pytest.raises(HexfrontError, match="more than"):
        AllowList(path)


def test_a_client_names_no_path_no_odd_terminal_and_no_huge_window(tmp_path):
    assert terminal_type("xterm-256color") == "xterm-256color"
    for hostile in ("../../../tmp/x", "xterm\x1b]0;x\x07", "a" * 100, "", None):
        assert terminal_type(hostile) == "xterm-256color"
    assert window_size(0, 0) == (80, 24) and window_size(2**32 - 1, 2**32 - 1) == (1000, 500)
    env = game_environment("xterm", tmp_path / "saves", tmp_path, {})
    assert set(env) == {"TERM", "HEXFRONT_SAVES", "HOME", "LANG", "PATH", "PYTHONSAFEPATH", "PYTHONDONTWRITEBYTECODE"}
    operator = {"HEXFRONT_SYSTEMS": "mine.system", "LD_PRELOAD": "x.so", "HEXFRONT_SAVES": "/etc", "HOME": "/root"}
    env = game_environment("xterm", tmp_path / "saves", tmp_path, operator)
    assert env["HEXFRONT_SYSTEMS"] == "mine.system" and "LD_PRELOAD" not in env
    assert env["HEXFRONT_SAVES"] == str(tmp_path / "saves") and env["HOME"] == str(tmp_path)


def test_export_refuses_a_bad_battle_id_or_a_missing_record_in_one_line(tmp_path, capsys):
    """--export takes a battle id from outside: anything but ten hex digits, or a host with no record, is
    one line and writes nothing."""
    assert main(["serve", "--data", str(tmp_path / "data"), "--export", "../../etc/passwd"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "is not a battle id" in err
    assert main(["serve", "--data", str(tmp_path / "data"), "--export", "0123456789",
                 "--out", str(tmp_path / "b.json")]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no host record" in err
    assert not (tmp_path / "data").exists() and not (tmp_path / "b.json").exists()


def _confined(limits: HostLimits, code: str) -> subprocess.CompletedProcess[bytes]:
    """``python -c code`` started as the host starts a game: through confine.py, on a pseudo-terminal of
    its own, in a new session."""
    master, slave = pty.openpty()
    try:
        return subprocess.run(confined_command([sys.executable, "-c", code], limits), stdin=slave, stdout=slave,
                              stderr=slave, start_new_session=True, timeout=30)
    finally:
        os.close(slave)
        os.close(master)


def test_a_game_past_its_memory_is_ended_and_only_it():
    code = "import sys; x = bytearray(400 * 1024 * 1024); sys.exit(0)"
    assert _confined(HostLimits(memory_mb=256), code).returncode == 1  # MemoryError ends it
    assert _confined(HostLimits(memory_mb=1024), code).returncode == 0  # the same with room enough


def test_a_game_past_its_processor_time_is_ended():
    ended = _confined(HostLimits(cpu_seconds=10), "import resource, sys\n"
                      "soft, hard = resource.getrlimit(resource.RLIMIT_CPU)\n"
                      "core = resource.getrlimit(resource.RLIMIT_CORE)\n"
                      "sys.exit(0 if (soft, hard, core) == (10, 15, (0, 0)) else 3)")
    assert ended.returncode == 0
    spin = _confined(HostLimits(cpu_seconds=10), "import resource\n"
                     "resource.setrlimit(resource.RLIMIT_CPU, (1, 15))\n"  # a game may only lower it
                     "while True: pass")
    assert spin.returncode == -signal.SIGXCPU


def test_a_game_has_its_terminal_as_its_controlling_terminal():
    code = "import os, sys; sys.exit(0 if os.tcgetpgrp(0) == os.getpgrp() == os.getsid(0) == os.getpid() else 3)"
    assert _confined(HostLimits(), code).returncode == 0
