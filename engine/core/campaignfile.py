"""A campaign's file: one JSON file that embeds the save of each of its battles.

Written atomically like a save; read defensively like one: each embedded battle is a complete save
(engine.core.saves' format, its own content and checkpoints) checked and replayed as a save is, and the
campaign's record (the battles' results, their seeds, who commands each side, what carried over from each
battle) must agree with what the battles replay to. Any problem is one SaveError line and changes nothing.

``{"format": "hexfront-campaign", "format_version": 1, "engine_version", "campaign", "system", "title",
"battles": [scenario, ...], "players": {side: player}, "seed", "options", "undo_policy",
"fought": [{"winner", "reason", "carried", "save"}], "current": save or null}``
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import attrs
from cattrs.gen import make_dict_structure_fn

from .. import ENGINE_VERSION
from .battle import UNDO_POLICIES, Battle
from .campaign import CAMPAIGN_OPTION
from .campaigns import MAX_BATTLES, Campaign, CampaignSpec, Fought, battle_seed
from .carried import CampaignOver
from .errors import HexfrontError, SaveError, UnknownSystem, shown, shown_path
from .files import FileRefused, read_bounded, write_atomic
from .places import is_plain_name
from .players import HUMAN
from .rng import MAX_SEED
from .saves import (
    MAX_SAVE_BYTES,
    battle_from_save,
    battle_to_json,
    check_scenario_name,
    check_text_lengths,
    parse_json_text,
    read_save_text,
    save_from_json,
    structure_checked,
)
from .serial import strict_converter
from .system import get_system

CAMPAIGN_TAG = "hexfront-campaign"
CAMPAIGN_FORMAT_VERSION = 1


@attrs.define
class FoughtRecord:
    winner: str | None
    reason: str
    carried: dict[str, Any]
    save: dict[str, Any]


@attrs.define
class CampaignSave:
    format: str
    format_version: int
    engine_version: str
    campaign: str
    system: str
    title: str
    battles: list[str]
    players: dict[str, str]
    seed: int
    options: dict[str, Any]
    undo_policy: str
    fought: list[FoughtRecord]
    current: dict[str, Any] | None


_converter = strict_converter()
_converter.register_structure_hook(
    CampaignSave, make_dict_structure_fn(CampaignSave, _converter, _cattrs_forbid_extra_keys=True))
_converter.register_structure_hook(
    FoughtRecord, make_dict_structure_fn(FoughtRecord, _converter, _cattrs_forbid_extra_keys=True))


def _json_safe(value: Any) -> Any:
    """``value`` as JSON gives it back (tuples become lists), for comparing what carried over; the order of
    its keys kept (sides in the battle's order, as the screen between battles lists them)."""
    return json.loads(json.dumps(value))


def campaign_to_json(campaign: Campaign) -> dict[str, Any]:
    spec = campaign.spec
    return {
        "format": CAMPAIGN_TAG, "format_version": CAMPAIGN_FORMAT_VERSION, "engine_version": ENGINE_VERSION,
        "campaign": spec.name, "system": spec.system, "title": spec.title, "battles": list(spec.battles),
        "players": dict(campaign.players), "seed": campaign.seed, "options": dict(campaign.options),
        "undo_policy": campaign.undo_policy,
        "fought": [{"winner": f.winner, "reason": f.reason, "carried": _json_safe(f.carried),
                    "save": battle_to_json(f.battle)} for f in campaign.fought],
        "current": battle_to_json(campaign.current) if campaign.current is not None else None,
    }


def campaign_text(campaign: Campaign) -> str:
    return json.dumps(campaign_to_json(campaign), indent=1) + "\n"


def save_campaign(campaign: Campaign, path: Path | str) -> Path:
    """Write the campaign's file atomically (a crash never leaves half a file); SaveError in one line."""
    path = Path(path)
    try:
        write_atomic(path, campaign_text(campaign))
    except FileRefused as exc:
        raise SaveError(exc.message) from None
    except OSError as exc:
        raise SaveError(f"could not write {shown_path(path)}: {exc.strerror or exc}; "
                        f"choose another folder or free space") from exc
    return path


def is_campaign_json(raw: Any) -> bool:
    return isinstance(raw, dict) and raw.get("format") == CAMPAIGN_TAG


def parse_campaign_text(text: str, where: str = "the campaign") -> CampaignSave:
    """Check and structure a campaign file's text (not yet its battles); SaveError in one line."""
    raw = parse_json_text(text, where, "a hexfront campaign")
    if not is_campaign_json(raw):
        raise SaveError(f"{where} is not a hexfront campaign file (no \"format\": \"{CAMPAIGN_TAG}\")")
    version = raw.get("format_version")
    if type(version) is not int or version != CAMPAIGN_FORMAT_VERSION:
        raise SaveError(f"{where} is campaign format {shown(version, 20)}; this hexfront {ENGINE_VERSION} reads "
                        f"campaign format {CAMPAIGN_FORMAT_VERSION}; it is damaged or from another hexfront")
    check_text_lengths(raw, where)
    found = structure_checked(_converter, raw, CampaignSave, where, "a campaign")
    _check_record(found, where)
    return found


def _check_record(found: CampaignSave, where: str) -> None:
    """The campaign's own fields, before any battle is replayed."""
    if not is_plain_name(found.campaign):
        raise SaveError(f"{where} names its campaign '{shown(found.campaign, 40)}', which is no campaign's name; "
                        f"it is damaged or edited by hand")
    if not 2 <= len(found.battles) <= MAX_BATTLES:
        raise SaveError(f"{where} lists {len(found.battles)} battles; a campaign has 2 to {MAX_BATTLES}")
    if not 0 <= found.seed <= MAX_SEED:
        raise SaveError(f"{where} has a seed out of range (0 to {MAX_SEED}); it may be damaged or hostile")
    if found.undo_policy not in UNDO_POLICIES:
        raise SaveError(f"{where} has the undo policy '{shown(found.undo_policy, 20)}'; "
                        f"it is one of: {', '.join(UNDO_POLICIES)}")
    if CAMPAIGN_OPTION in found.options:
        raise SaveError(f"{where} sets the option '{CAMPAIGN_OPTION}' for the whole campaign, which only its battles "
                        f"carry; it is damaged or edited by hand")
    fought = len(found.fought)
    # no battle in play: all fought, or (checked once the battles replay) the campaign ended early
    if (fought > len(found.battles) or (found.current is not None and fought == len(found.battles))
            or (found.current is None and fought == 0)):
        raise SaveError(f"{where} records {fought} battles fought of {len(found.battles)} "
                        f"{'with' if found.current is not None else 'and no'} battle in play; "
                        f"it is damaged or edited by hand")


def campaign_from_save(found: CampaignSave, where: str = "the campaign") -> Campaign:
    """Replay and check every battle of a campaign file; the campaign, ready to play on. SaveError in one line."""
    try:
        system = get_system(found.system)
    except UnknownSystem as exc:
        raise SaveError(f"{where} is for {exc.message}") from None
    rules = system.campaign_rules()
    if rules is None:
        raise SaveError(f"{where} is a campaign of {system.title}, which has no campaigns in this hexfront")
    for scenario in found.battles:
        check_scenario_name(system, scenario, where)
    choices = [HUMAN, *system.computer_players()]
    for side, who in found.players.items():
        if who not in choices:
            raise SaveError(f"{where} gives side '{shown(side, 40)}' to a player this hexfront does not have "
                            f"('{shown(who, 40)}'); players: {', '.join(choices)}")
    spec = CampaignSpec(name=found.campaign, system=system.id, title=shown(found.title, 80),
                        summary="", battles=tuple(found.battles))
    try:
        campaign = Campaign(spec, found.players, found.seed, found.options, found.undo_policy)
    except HexfrontError as exc:
        raise SaveError(f"{where} cannot be played: {exc.message}") from None
    for index, record in enumerate(found.fought):
        battle = _embedded(found, index, record.save, where)
        at = f"{where}, battle {index + 1}"
        outcome = battle.outcome()
        if outcome is None or battle.aftermath_pending():
            raise SaveError(f"{at} is recorded as fought but is not over; it is damaged or edited by hand")
        if (outcome.winner, outcome.reason) != (record.winner, record.reason):
            raise SaveError(f"{at}'s recorded result differs from the battle's own; it is damaged or edited by hand")
        if _json_safe(rules.carry_from(battle.state)) != record.carried:
            raise SaveError(f"{at}: what carried over differs from what the battle's end gives; "
                            f"it is damaged or edited by hand")
        campaign.fought.append(Fought(battle, record.winner, record.reason, record.carried))
    if found.current is not None:
        campaign.current = _embedded(found, len(found.fought), found.current, where)
        campaign.teach = campaign.current.setup.teach
    elif len(found.fought) < len(found.battles):
        _ended_early(campaign, where)
    return campaign


def _ended_early(campaign: Campaign, where: str) -> None:
    """A campaign recorded over before its last battle: what its last battle carried must leave a side nothing
    to field (the runner's CampaignOver), else the record is damaged."""
    index = len(campaign.fought)
    try:
        campaign.carried_into(index, campaign.fought[-1].carried)
    except CampaignOver as over:
        campaign.over = over
        return
    except HexfrontError as exc:
        raise SaveError(f"{where}, battle {index}: what carried over cannot be applied: {exc.message}") from None
    raise SaveError(f"{where} records {index} battles fought of {len(campaign.spec.battles)} and no battle in play, "
                    f"but both sides can fight on; it is damaged or edited by hand")


def _embedded(found: CampaignSave, index: int, raw: dict[str, Any], where: str) -> Battle:
    """Battle ``index`` of the campaign: its embedded save checked and replayed, and matched to the record."""
    at = f"{where}, battle {index + 1}"
    save = save_from_json(raw, at)
    if (save.system, save.scenario) != (found.system, found.battles[index]):
        raise SaveError(f"{at} is a battle of another scenario than the campaign lists; "
                        f"it is damaged or edited by hand")
    system = get_system(found.system)
    options = system.default_options() | found.options | {CAMPAIGN_OPTION: found.campaign}
    if save.options != options or save.seed != battle_seed(found.seed, index):
        raise SaveError(f"{at} is not this campaign's battle (its campaign, options or seed differ); "
                        f"it is damaged or edited by hand")
    if any(found.players.get(side) != who for side, who in save.players.items()):
        raise SaveError(f"{at} gives a side to another player than the campaign; it is damaged or edited by hand")
    if save.undo_policy != found.undo_policy:
        raise SaveError(f"{at} has another undo policy than the campaign; it is damaged or edited by hand")
    try:
        return battle_from_save(save, at, verify=True)
    except SaveError:
        raise
    except HexfrontError as exc:  # a divergence: the battle does not replay to what it recorded
        raise SaveError(f"{at} does not replay as recorded: {exc.message}") from None


def read_campaign_file(path: Path | str) -> tuple[CampaignSave, str]:
    """Read and check a campaign file's record, never changing it; SaveError with one line on any problem."""
    text, where = read_save_text(path, "campaign")
    return parse_campaign_text(text, where), where


def load_campaign(path: Path | str) -> Campaign:
    """A campaign file, every battle replayed and verified; SaveError with one line on any problem."""
    found, where = read_campaign_file(path)
    return campaign_from_save(found, where)


def is_campaign_file(path: Path | str) -> bool:
    """Whether ``path`` is readable JSON saying it is a campaign (its battles are not checked here)."""
    try:
        raw = parse_json_text(read_bounded(path, MAX_SAVE_BYTES, "file").decode("utf-8"), "it")
    except (HexfrontError, UnicodeDecodeError):
        return False
    return is_campaign_json(raw)
