"""The phases of a round, once the orders are revealed: movement, shooting, grenades, melee, miscellaneous, and the
grenades bursting at the end of the round (how a hit is then applied is :mod:`.hits`).

Same-phase actions are simultaneous: each stage rolls every die of its phase against the state as the phase
began (hits are only queued in ``state.hits``), and the queued hits are applied once the phase's rolls are done.
"""

from __future__ import annotations

from hexfront.engine.core.hexes import Hex
from hexfront.engine.core.resolution import Resolution

from . import events as E
from .data import Shelling
from .dice import attack, keep, passes, wound
from .ground import band_effect, can_see, gassed, hunkering, in_cover, layer, run_options, sight, smoke_indoors
from .state import OUT, Character, Order, SkirmishState

AUTO_SHOTS = 6  # Automatic Fire
AUTO_DAMAGE = 2
AUTO_BONUS = (AUTO_DAMAGE, "automatic fire", "Automatic Fire")  # the damage die's bonus, named
THROW_BACK_LUCK = 2
REACH_ORDER = {"unarmed": 0, "short": 1, "medium": 2, "long": 3}
HEAVY_ARTILLERY = "heavy_artillery"  # the weapon named on a shell's hits
HEAVY_RULE = "Attacks and Damage: heavy artillery"
#: the option (off by default: not the book's rule) under which an unskilled burst keeps its advantage
UNSKILLED_BURST_CANCELS = "unskilled_burst_cancels"


# ---------------------------------------------------------------------------
# Dice
# ---------------------------------------------------------------------------

def combine(for_reasons: list[str], against_reasons: list[str]) -> str:
    """Advantage and disadvantage cancel out: with reasons for both, the roll is normal (Cover and Movement)."""
    if for_reasons and against_reasons:
        return "normal"
    if for_reasons:
        return "advantage"
    if against_reasons:
        return "disadvantage"
    return "normal"


# The book's section behind each reason for advantage or disadvantage (the dice name them with it)
REASON_SECTIONS = {
    "target in cover": "Cover and Movement",
    "stationary target in the open": "Cover and Movement",
    "shooting after moving": "Cover and Movement",
    "aimed last round": "Miscellaneous",
    "automatic fire": "Automatic Fire",
    "automatic fire without the Shooting skill": "Automatic Fire",
    "smoke indoors": "Smoke",
    "ambush surprise round": "Ambushes",
    "short weapon against the unarmed": "Melee",
    "short weapon against reach": "Melee",
    "medium weapon against a longer one": "Melee",
}


def reason_section(reason: str) -> str:
    """The book's section a reason for advantage or disadvantage comes from ("medium range": the range table)."""
    if reason.endswith(" range"):
        return "Weapon Range Limits"
    return REASON_SECTIONS.get(reason, "Attacks and Damage")


def roll_modifiers(skill_name: str, skill: int, for_reasons: list[str], against_reasons: list[str],
                   damage_bonus: int = 0, bonus_why: str = "", bonus_section: str = "") -> tuple[str, ...]:
    """Every modifier of a 2d6 + skill roll in words, each with the book's section it comes from: the skill
    added, each reason for advantage (3d6, the two highest kept) or disadvantage (the two lowest kept), the two
    cancelling out, and a bonus to the damage die. The dice of the roll carry these; the order's preview shows
    the same lines."""
    out = [f"+{skill} to the total: {skill_name} skill (Attacks and Damage)" if skill
           else f"+0 to the total: no {skill_name} skill (Attacks and Damage)"]
    out += [f"advantage, 3d6 keep the two highest: {r} ({reason_section(r)})" for r in for_reasons]
    out += [f"disadvantage, 3d6 keep the two lowest: {r} ({reason_section(r)})" for r in against_reasons]
    if for_reasons and against_reasons:
        out.append("advantage and disadvantage cancel: a plain 2d6 (Cover and Movement)")
    if damage_bonus:
        out.append(f"+{damage_bonus} to the damage die: {bonus_why} ({bonus_section})")
    return tuple(out)


def skill_roll(ctx: Resolution, c: Character, purpose: str, skill: int, for_reasons: list[str],
               against_reasons: list[str], rule: str, skill_name: str = "Athletics",
               modifiers: tuple[str, ...] = ()) -> E.SkillRolled:
    """2d6 + skill; with advantage 3d6 keeping the two highest, with disadvantage the two lowest (Shooting).
    Each die carries the roll's modifiers by name (:func:`roll_modifiers`, or ``modifiers`` when given)."""
    mode = combine(for_reasons, against_reasons)
    n = 2 if mode == "normal" else 3
    words = "" if mode == "normal" else f", {mode}: 3d6 keep two"
    named = modifiers or roll_modifiers(skill_name, skill, for_reasons, against_reasons)
    dice = tuple(ctx.roll(6, f"{purpose}{words}", rule, c.id, modifiers=named) for _ in range(n))
    kept = keep(mode, dice)
    event = E.SkillRolled(character=c.id, purpose=purpose, mode=mode, for_reasons=tuple(for_reasons),
                          against_reasons=tuple(against_reasons), dice=dice, kept=kept, skill=skill,
                          total=sum(kept) + skill, success=passes(kept, skill), rule=rule)
    ctx.emit(event)
    return event


def surprise_edge(st: SkirmishState, c: Character) -> list[str]:
    """Ambushes: in the surprise round the ambushers roll every skill roll with advantage."""
    return ["ambush surprise round"] if st.surprise and c.side == st.tables.ambusher else []


# ---------------------------------------------------------------------------
# Movement
# ---------------------------------------------------------------------------

def movement(ctx: Resolution, st: SkirmishState) -> None:
    """Movement: every planned run happens at once. Runs were checked against the board when planned, so each
    path exists; when two runners want the same hex the shorter run gets it (then the lower id: this game's
    reading), and the other stops at the last free hex of its path. A run that ends in a vehicle boards it while
    a seat is free and no able enemy got in first; a passenger's run starts by getting out."""
    from hexfront.engine.core.hexes import shortest_path

    cost = layer(st).cost
    starts = {c.pos: c.id for c in st.chars.values() if c.on_board and not c.aboard}
    vehicle_hexes = {h: vid for vid, h in st.vehicles.items()}
    runs = []
    for cid in sorted(st.plans):
        c = st.chars[cid]
        if not c.able:
            continue
        occupied = {h for h, o in starts.items() if o != cid}
        goal = st.plans[cid]

        def step(_a: Hex, b: Hex, occupied: set[Hex] = occupied, goal: Hex = goal) -> int | None:
            if b in occupied or (b in vehicle_hexes and b != goal):
                return None
            return cost.get(b)

        path = shortest_path(c.pos, goal, step, budget=15, min_cost=3)
        if path is None:  # cannot happen with a checked plan; kept as a plain refusal to move
            ctx.emit(E.ActionLapsed(character=cid, action="run", reason="the way is blocked"))
            continue
        runs.append((sum(cost[h] or 0 for h in path[1:]), cid, path))
    taken: set[Hex] = set()
    seats = {vid: st.tables.vehicles[vid].seats - len(st.passengers(vid)) for vid in st.vehicles}
    inside = {vid: {p.side for p in st.passengers(vid) if p.able} for vid in st.vehicles}
    for _, cid, path in sorted(runs):
        c = st.chars[cid]
        end = len(path) - 1
        while end > 0:
            h = path[end]
            vid = vehicle_hexes.get(h)
            if vid is not None:
                if seats[vid] > 0 and inside[vid] <= {c.side}:
                    break
            elif h not in taken and not (h in starts and starts[h] != cid):
                break
            end -= 1
        boards = vehicle_hexes.get(path[end]) if end > 0 else None
        if boards is not None:
            seats[boards] -= 1
            inside[boards].add(c.side)
        else:
            taken.add(path[end])
        if c.aboard and end > 0:
            ctx.emit(E.Disembarked(character=cid, vehicle=c.aboard))
        ctx.emit(E.CharacterMoved(character=cid, path=tuple(path[:end + 1]), cut_short=end < len(path) - 1))
        if boards is not None:
            ctx.emit(E.Boarded(character=cid, vehicle=boards))


# ---------------------------------------------------------------------------
# Shooting
# ---------------------------------------------------------------------------

def burst_reasons(st: SkirmishState, shooter: Character) -> tuple[list[str], list[str]]:
    """Automatic Fire: (reasons for advantage, for disadvantage) a burst brings. A burst rolls with advantage;
    "however", one fired without the Shooting skill rolls with disadvantage instead: the burst brings no
    advantage of its own then, and only another reason for advantage (range, aim, a stationary target) cancels
    the disadvantage. Under the option :data:`UNSKILLED_BURST_CANCELS` (not the book's) the unskilled burst
    keeps its advantage as well, and the two cancel."""
    if shooter.shooting > 0:
        return ["automatic fire"], []
    unskilled = ["automatic fire without the Shooting skill"]
    return (["automatic fire"] if st.options.get(UNSKILLED_BURST_CANCELS) else []), unskilled


def shot_reasons(st: SkirmishState, shooter: Character, weapon: str, target: Character, auto: bool,
                 at: Hex | None = None, moved: bool | None = None) -> tuple[str, str, list[str], list[str]]:
    """(band, band effect, reasons for advantage, reasons for disadvantage) of a shot, as things stand now
    (or with the shooter at ``at``, having run or not, for the odds of an order with a planned run)."""
    at = shooter.pos if at is None else at
    moved = shooter.moved if moved is None else moved
    band, effect = band_effect(st, weapon, at.distance(target.pos))
    pro: list[str] = []
    con: list[str] = []
    if effect == "advantage":
        pro.append(f"{band} range")
    elif effect == "disadvantage":
        con.append(f"{band} range")
    covered = in_cover(st, target.pos, at)
    if covered:
        con.append("target in cover")
    elif not target.moved:
        pro.append("stationary target in the open")
    if moved:
        con.append("shooting after moving")
    if shooter.aimed == st.round:
        pro.append("aimed last round")
    pro_auto, con_auto = burst_reasons(st, shooter) if auto else ([], [])
    pro += pro_auto
    con += con_auto
    if smoke_indoors(st, at, target.pos):
        con.append("smoke indoors")
    pro += surprise_edge(st, shooter)
    return band, effect, pro, con


def shooting(ctx: Resolution, st: SkirmishState) -> None:
    for cid, order in sorted(st.orders.items()):
        if order.action == "shoot":
            shoot(ctx, st, st.chars[cid], order)


def shoot(ctx: Resolution, st: SkirmishState, c: Character, order: Order) -> None:
    rule = "Shooting"
    if not c.able:
        return
    target = st.chars[order.target or ""]
    weapon = st.tables.firearms[order.item]
    lapse = None
    if c.no_shoot == st.round:
        lapse = "still diving clear of a grenade: cannot shoot this round"
    elif gassed(st, c):
        lapse = "coughing in tear gas: cannot shoot"
    elif not target.able:
        lapse = f"{target.name} is already down"
    elif not can_see(st, c.pos, target.pos):
        lapse = f"no line of sight to {target.name}"
    elif hunkering(st, target, c.pos):
        lapse = f"{target.name} is hunkering down in cover: nobody has a line of sight to shoot"
    shots = AUTO_SHOTS if order.auto else 1
    if lapse is None and c.loaded.get(weapon.id, 0) < shots:
        lapse = "not enough rounds in the magazine"
    if lapse is not None:
        ctx.emit(E.ActionLapsed(character=c.id, action="shoot", reason=lapse))
        return
    band, effect, pro, con = shot_reasons(st, c, weapon.id, target, order.auto)
    ctx.emit(E.AmmoSpent(character=c.id, weapon=weapon.id, rounds=shots, left=c.loaded[weapon.id] - shots))
    if effect == "miss":
        ctx.emit(E.ActionLapsed(character=c.id, action="shoot",
                                reason=f"{target.name} is out of the {weapon.name}'s reach ({band}): a certain miss"))
        return
    mods = roll_modifiers("Shooting", c.shooting, pro, con, *AUTO_BONUS if order.auto else (0, "", ""))
    roll = skill_roll(ctx, c, f"{c.name} shoots {target.name} with the {weapon.name}"
                      + (" (automatic)" if order.auto else ""), c.shooting, pro, con, rule, modifiers=mods)
    if not roll.success:
        return
    if weapon.burst:
        ctx.emit(E.BurstLanded(character=c.id, weapon=weapon.id, at=target.pos, grenade=weapon.burst))
        blast(ctx, st, target.pos, weapon.burst, c.id)
        return
    hit = attack(roll.kept, c.shooting, AUTO_DAMAGE if order.auto else 0)
    assert hit is not None  # the roll succeeded
    ctx.emit(E.HitScored(target=target.id, source=c.id, weapon=weapon.id, location=hit.location,
                         damage=hit.damage, projectile=True, breaks_armour=weapon.breaks_armour))


# ---------------------------------------------------------------------------
# Grenades
# ---------------------------------------------------------------------------

def grenades(ctx: Resolution, st: SkirmishState) -> None:
    for cid, order in sorted(st.orders.items()):
        if order.action == "throw" and st.chars[cid].able:
            throw(ctx, st, st.chars[cid], order)


def throw(ctx: Resolution, st: SkirmishState, c: Character, order: Order) -> None:
    """Grenades: cook it and throw: 2d6 + Athletics; on 8+ it reaches the hex, else it goes off harmlessly."""
    at = order.at
    assert at is not None
    g = st.tables.grenades[order.item]
    if at.distance(c.pos) > st.tables.throw_range or not can_see(st, c.pos, at):
        ctx.emit(E.ActionLapsed(character=c.id, action="throw", reason="the target hex is out of reach from here"))
        return
    roll = skill_roll(ctx, c, f"{c.name} throws a {g.name}", c.athletics, surprise_edge(st, c), [], "Grenades")
    live = g.kind == "blast" and roll.success
    ctx.emit(E.GrenadeThrown(character=c.id, grenade=g.id, at=at, landed=roll.success,
                             id=st.next_grenade if live else 0))
    if not roll.success:
        return
    if g.kind == "flash":
        flash(ctx, st, c, at)
    elif g.kind in ("smoke", "gas"):
        ctx.emit(E.CloudFormed(kind=g.kind, grenade=g.id, at=at, radius=g.radius, until=st.round + g.rounds - 1))


def flash(ctx: Resolution, st: SkirmishState, thrower: Character, at: Hex) -> None:
    """Flashbang: it goes off at once; enemies within short range who can see it roll 2d6 + Athletics to shield
    their eyes, and one who fails without ear protection forfeits the next round (this game's reading of
    "forfeit a round"). Those with ear protection are not troubled, so they do not roll."""
    short = st.tables.bands[0]
    for v in sorted(st.chars.values(), key=lambda x: x.id):
        if v.side == thrower.side or not v.able or v.pos.distance(at) > short or not can_see(st, at, v.pos):
            continue
        if v.ear_protection:
            ctx.emit(E.Sheltered(character=v.id, reason="ear protection", rule="Grenades: Flashbang"))
            continue
        roll = skill_roll(ctx, v, f"{v.name} shields their eyes from the flashbang", v.athletics,
                          surprise_edge(st, v), [], "Grenades: Flashbang")
        if not roll.success:
            ctx.emit(E.TurnLost(character=v.id, round=st.round + 1, reason="dazzled and deafened by a flashbang",
                                rule="Grenades: Flashbang"))


def blast(ctx: Resolution, st: SkirmishState, at: Hex, grenade: str, source: str, *,
          shell: Shelling | None = None) -> None:
    """Fragmentation and High Explosive: those within short range of the burst and not behind cover roll
    2d6 + Athletics; a failure takes the full hit (this game's reading: a fresh 2d6, the lower die for the
    location, the higher for the damage, plus the grenade's own bonus); a success avoids it but may not shoot
    next round. Walls between the burst and a character shelter it. A heavy artillery ``shell`` (a scenario's
    shelling) bursts the same way with its own damage bonus, and breaks the armour it hits."""
    if shell is not None:
        name, bonus, breaks, rule, weapon = "shell", shell.damage_bonus, True, HEAVY_RULE, HEAVY_ARTILLERY
    else:
        g = st.tables.grenades[grenade]
        name, bonus, breaks, rule, weapon = g.name, g.damage_bonus, False, "Grenades", grenade
    short = st.tables.bands[0]
    for v in sorted(st.chars.values(), key=lambda x: x.id):
        if not v.able or v.pos.distance(at) > short:
            continue
        if not can_see(st, at, v.pos):
            ctx.emit(E.Sheltered(character=v.id, reason="a wall between", rule=rule))
            continue
        if v.pos != at and in_cover(st, v.pos, at):
            ctx.emit(E.Sheltered(character=v.id, reason="behind cover", rule=rule))
            continue
        roll = skill_roll(ctx, v, f"{v.name} dives clear of the {name}", v.athletics, surprise_edge(st, v), [], rule)
        if roll.success:
            ctx.emit(E.ShootingBarred(character=v.id, round=st.round + 1,
                                      reason="dived clear of a " + ("shell" if shell is not None else "grenade"),
                                      rule=rule))
            continue
        section = "Heavy artillery" if shell is not None else "Fragmentation and High Explosive"
        named = (f"+{bonus} to the damage (the higher die): the {name}'s own bonus ({section})",) if bonus else ()
        a = ctx.roll(6, f"{name} hit on {v.name}: first die", rule, v.id, modifiers=named)
        b = ctx.roll(6, f"{name} hit on {v.name}: second die", rule, v.id, modifiers=named)
        hit = wound(keep("normal", (a, b)), bonus)
        ctx.emit(E.HitScored(target=v.id, source=source, weapon=weapon, location=hit.location,
                             damage=hit.damage, projectile=True, breaks_armour=breaks, rule=rule))


def reaction_chances(st: SkirmishState) -> tuple[int, str, tuple[str, ...]] | None:
    """The next live grenade that someone may still deal with: (grenade id, side, characters).

    This game's reading of "the opponent must commit a miscellaneous action": once a grenade lands, the enemies of
    its thrower standing on it or next to it may give up an action that has not been carried out yet (one for the
    melee or miscellaneous phase, or a chosen hold) to throw it away or, for a player character, back. Surprised
    characters cannot (an ambush allows no reprisals), and a grenade thrown back cannot be dealt with again.
    """
    busy = {o.character for o in st.orders.values() if o.action in ("throw_away", "throw_back")}
    for g in st.live:
        if g.returned or g.id in st.offered:
            continue
        side = st.other(g.side)
        if st.surprise and side != st.tables.ambusher:
            continue
        chars = []
        for c in sorted(st.chars.values(), key=lambda x: x.id):
            if c.side != side or not c.able or c.pos.distance(g.at) > 1 or c.id in busy:
                continue
            order = st.orders.get(c.id)
            if order is None or order.forced or order.action in ("shoot", "throw"):
                continue
            chars.append(c.id)
        if chars:
            return g.id, side, tuple(chars)
    return None


# ---------------------------------------------------------------------------
# Melee
# ---------------------------------------------------------------------------

def reach_reasons(st: SkirmishState, attacker: Character, defender: Character) -> tuple[list[str], list[str]]:
    """Melee: short weapons have advantage only against the unarmed and disadvantage against weapons with reach;
    medium weapons have disadvantage against longer ones. Every other pairing is even (this game's reading)."""
    mine = st.tables.melee[attacker.melee_weapon].reach
    theirs = st.tables.melee[defender.melee_weapon].reach
    pro: list[str] = []
    con: list[str] = []
    if mine == "short" and theirs == "unarmed":
        pro.append("short weapon against the unarmed")
    elif mine == "short" and theirs in ("medium", "long"):
        con.append("short weapon against reach")
    elif mine == "medium" and theirs == "long":
        con.append("medium weapon against a longer one")
    if smoke_indoors(st, attacker.pos, defender.pos):
        con.append("smoke indoors")
    pro += surprise_edge(st, attacker)
    return pro, con


def melee(ctx: Resolution, st: SkirmishState) -> None:
    """Melee is simultaneous. This game's reading: every blow is rolled against the phase's starting state, and a
    character attacked in melee strikes back at its first attacker in the same exchange unless it is striking
    someone itself (surprised characters do not strike back in the surprise round)."""
    strikes: list[tuple[Character, Character]] = []
    striking = set()
    for cid, order in sorted(st.orders.items()):
        c = st.chars[cid]
        if order.action != "melee" or not c.able:
            continue
        target = st.chars[order.target or ""]
        if not target.able or target.pos.distance(c.pos) != 1:
            ctx.emit(E.ActionLapsed(character=cid, action="melee",
                                    reason=f"{target.name} is not within arm's reach" if target.able
                                    else f"{target.name} is already down"))
            continue
        strikes.append((c, target))
        striking.add(cid)
    answered = set()
    for attacker, defender in list(strikes):
        if defender.id in striking or defender.id in answered:
            continue
        if st.surprise and defender.side != st.tables.ambusher:
            continue
        answered.add(defender.id)
        strikes.append((defender, attacker))
    for attacker, defender in strikes:
        pro, con = reach_reasons(st, attacker, defender)
        weapon = st.tables.melee[attacker.melee_weapon]
        roll = skill_roll(ctx, attacker, f"{attacker.name} strikes {defender.name} ({weapon.name})", attacker.melee,
                          pro, con, "Melee", skill_name="Melee")
        hit = attack(roll.kept, attacker.melee)
        if hit is not None:
            ctx.emit(E.HitScored(target=defender.id, source=attacker.id, weapon=weapon.id, location=hit.location,
                                 damage=hit.damage, projectile=False, breaks_armour=False, rule="Melee"))


# ---------------------------------------------------------------------------
# Miscellaneous
# ---------------------------------------------------------------------------

def misc(ctx: Resolution, st: SkirmishState) -> None:
    driven: set[str] = set()
    for cid, order in sorted(st.orders.items()):
        c = st.chars[cid]
        if not c.able:
            continue
        act = order.action
        if act == "operate":
            operate(ctx, st, c, order)
        elif act == "drive":
            drive(ctx, st, c, order, driven)
        elif act == "reload":
            w = st.tables.firearms[order.item]
            if c.spares.get(w.id, 0) < 1:
                ctx.emit(E.ActionLapsed(character=cid, action="reload", reason="no spare magazine"))
                continue
            ctx.emit(E.Reloaded(character=cid, weapon=w.id, rounds=w.magazine, spares_left=c.spares[w.id] - 1))
        elif act == "aim":
            ctx.emit(E.Aimed(character=cid, round=st.round + 1))
        elif act == "aid":
            patient = st.chars[order.target or ""]
            if patient.status != OUT or patient.stabilised or patient.pos.distance(c.pos) > 1:
                ctx.emit(E.ActionLapsed(character=cid, action="first aid",
                                        reason=f"{patient.name} is out of reach or needs no first aid"))
                continue
            ctx.emit(E.Stabilised(character=patient.id, medic=cid))
        elif act == "communicate":
            ctx.emit(E.Communicated(character=cid))
        elif act == "throw_away":
            ctx.emit(E.GrenadeDisposed(grenade=order.grenade, character=cid,
                                       reason="thrown away out of anyone's range"))
        elif act == "throw_back":
            throw_back(ctx, st, c, order.grenade)


def operate(ctx: Resolution, st: SkirmishState, c: Character, order: Order) -> None:
    """Miscellaneous: "Operate machinery". This game's reading: a character next to a machine (or in its hex)
    sets it open or shut; a machine does not shut on anyone or anything standing in its hex."""
    m = st.tables.machines[order.item]
    want = order.target == "open"
    lapse = None
    if c.pos.distance(m.at) > 1:
        lapse = f"the {m.name} is out of reach"
    elif st.machines[m.id] == want:
        lapse = f"the {m.name} is already {'open' if want else 'shut'}"
    elif not want and (m.at in st.occupant or m.at in st.vehicles.values() or c.pos == m.at):
        lapse = f"someone or something is in the way of the {m.name}"
    if lapse is not None:
        ctx.emit(E.ActionLapsed(character=c.id, action="operate", reason=lapse))
        return
    ctx.emit(E.MachineSet(machine=m.id, open=want, character=c.id))


def drive(ctx: Resolution, st: SkirmishState, c: Character, order: Order, driven: set[str]) -> None:
    """Miscellaneous: "drive a vehicle". This game's reading: the driver (inside by now: boarding is a run into
    the vehicle's hex) moves it up to its speed in hexes over the terrains it drives on, around characters on foot
    and other vehicles, by the shortest way; everyone aboard rides along. When someone stands in the way now, the
    vehicle stops at the last clear hex before it. One driver a vehicle a round."""
    from hexfront.engine.core.hexes import shortest_path

    vid, goal = order.item, order.at
    assert goal is not None
    if c.aboard != vid:
        ctx.emit(E.ActionLapsed(character=c.id, action="drive", reason="not in the vehicle"))
        return
    if vid in driven:
        ctx.emit(E.ActionLapsed(character=c.id, action="drive", reason="someone else is at the wheel"))
        return
    v = st.tables.vehicles[vid]
    lay = layer(st)
    ground = set(v.ground)
    start = st.vehicles[vid]
    others = {h for k, h in st.vehicles.items() if k != vid}

    def free(_a: Hex, b: Hex) -> int | None:
        if lay.terrain.get(b) not in ground or b in others or b in st.occupant:
            return None
        return 1

    def ground_only(_a: Hex, b: Hex) -> int | None:
        return 1 if lay.terrain.get(b) in ground else None

    cut = False
    path = shortest_path(start, goal, free, budget=v.speed)
    if path is None:
        path = shortest_path(start, goal, ground_only, budget=v.speed) or [start]
        end = 0
        while end + 1 < len(path) and free(path[end], path[end + 1]) is not None:
            end += 1
        path, cut = path[:end + 1], True
    if len(path) < 2:
        ctx.emit(E.ActionLapsed(character=c.id, action="drive", reason="the way is blocked"))
        return
    driven.add(vid)
    riders = tuple(p.id for p in st.passengers(vid) if p.id != c.id)
    ctx.emit(E.VehicleDriven(vehicle=vid, driver=c.id, path=tuple(path), riders=riders, cut_short=cut))


def shelling(ctx: Resolution, st: SkirmishState) -> None:
    """Heavy artillery (this game's reading; the book gives it no rules but that it breaks armour outright):
    at the end of each scheduled round every shell of the scenario's shelling lands on a hex of its area picked
    by two dice (one for the column, one for the row) and bursts like a high-explosive grenade; its hits
    break any armour they strike (Attacks and Damage)."""
    for sh in st.tables.shelling:
        if st.round not in sh.rounds:
            continue
        for n in range(sh.shells):
            col = ctx.roll(sh.width, f"{sh.name}: shell {n + 1}, column of the area", HEAVY_RULE)
            row = ctx.roll(sh.height, f"{sh.name}: shell {n + 1}, row of the area", HEAVY_RULE)
            at = sh.hex_at(col, row)
            ctx.emit(E.ShellLanded(name=sh.name, at=at))
            blast(ctx, st, at, "", "", shell=sh)


def throw_back(ctx: Resolution, st: SkirmishState, c: Character, grenade_id: int) -> None:
    """Grenades: a player spends 2 luck and rolls 2d6 + Athletics; on a success the grenade lands back by its
    thrower (whose side must now dive clear), on a failure it goes off out of range of anyone."""
    g = next(x for x in st.live if x.id == grenade_id)
    ctx.emit(E.ThrowBackLuck(character=c.id, points=THROW_BACK_LUCK))
    roll = skill_roll(ctx, c, f"{c.name} throws the grenade back", c.athletics, surprise_edge(st, c), [],
                      "Grenades")
    thrower = st.chars[g.thrower]
    if roll.success:
        ctx.emit(E.GrenadeReturned(grenade=g.id, character=c.id, at=thrower.pos))
    else:
        ctx.emit(E.GrenadeDisposed(grenade=g.id, character=c.id, reason="fumbled: it goes off out of range of anyone"))


def hold(ctx: Resolution, st: SkirmishState) -> None:
    """Those who forfeit their action in cover hunker down (reported so the log shows why shots were held)."""


def detonation(ctx: Resolution, st: SkirmishState) -> None:
    """End of the round: every live grenade bursts."""
    for g in list(st.live):
        ctx.emit(E.GrenadeBurst(grenade=g.id, at=g.at))
        blast(ctx, st, g.at, g.grenade, g.thrower)


STAGE_RUNNERS = {
    "movement": movement, "shooting": shooting, "grenades": grenades, "melee": melee, "misc": misc,
    "detonation": detonation, "shelling": shelling,
}

__all__ = ["STAGE_RUNNERS", "reaction_chances", "run_options", "sight"]
