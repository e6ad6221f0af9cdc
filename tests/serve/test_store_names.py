"""Display names: checked before any other player can see them, bound to the key on its first visit."""

from __future__ import annotations

import pytest
from storekit import keyed, private_saves

from hexfront.tui.serve.store import NAME_MAX, NameRefused, StoreError, check_name, open_store

pytestmark = pytest.mark.usefixtures(private_saves.__name__)  # each test its own saves folder


@pytest.mark.parametrize("typed", [
    "\x1b[31mred\x1b[0m",  # a terminal escape
    "bell\x07",
    "tab\there",
    "two\nlines",
    "[bold]loud[/bold]",  # Rich markup
    "zero\u200bwidth",  # an invisible format character
    "right\u202eleft",  # a bidirectional override
    "x" * 10_000,
    "x",
    "   ",
    "-dash-first",
    "double  space",
])
def test_a_name_with_escapes_markup_or_the_wrong_length_is_refused(typed):
    with pytest.raises(NameRefused) as refused:
        check_name(typed)
    line = refused.value.message
    assert "\n" not in line and "\x1b" not in line and len(line) < 200  # one line, nothing of the escape


def test_ten_thousand_characters_are_refused_in_one_short_line(tmp_path):
    store = open_store(tmp_path)
    with pytest.raises(NameRefused, match=f"at most {NAME_MAX} characters; this one has 10000"):
        store.bind_name("SHA256:somekey", "y" * 10_000)
    assert store.player_for_key("SHA256:somekey") is None


@pytest.mark.parametrize("typed", ["Alice", "bob_2", "J. Smith-Jones", "  padded  "])
def test_plain_names_are_taken(typed):
    assert check_name(typed) == typed.strip()


def test_a_name_is_bound_to_its_key_and_kept(tmp_path):
    store = open_store(tmp_path)
    alice = store.bind_name("SHA256:alicekey", "Alice")
    assert store.player_for_key("SHA256:alicekey") == alice
    assert store.bind_name("SHA256:alicekey", "Mallory") == alice  # a key keeps its first name
    with pytest.raises(NameRefused, match="taken"):
        store.bind_name("SHA256:otherkey", "alice")  # names differ by more than case
    keyed(store, "Bob")
    with pytest.raises(StoreError, match="fingerprint"):
        store.bind_name("../../etc/passwd", "Eve")
