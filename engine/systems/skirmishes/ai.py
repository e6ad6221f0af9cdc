"""Skirmishes' own computer player ("default"): it knows only what its side knows, and prices its orders with the
rules' own odds.

It works on ``view.side_view(state, side)`` alone: before the reveal the enemy's runs and orders are not in it,
so nothing it does can depend on them (a test checks that its choice is the same whatever the enemy committed).

Commitment (one character at a time; the run, if any, first, then the action it was planned with). For every
hex the character could stand on this round (where it is, or the end of any run open to it) it scores the best
action from there and the ground itself, and takes the best pair:
- shooting: the hit chance (``dice.success_chance`` on the mode ``combat.shot_reasons`` gives, running included)
  times what the hit is worth: the location and damage dice enumerated, armour that stops a hit (a lost turn for
  the target), the target's luck, and a target put out of the fight worth most; a burst (6 rounds, advantage,
  +2 damage; at disadvantage without the Shooting skill, as ``combat.burst_reasons`` says) when the magazine
  allows and it is worth more; a grenade launcher's burst priced like a grenade;
  shots friends already committed to on a target make another shot at it worth less;
- grenades: frag/HE at the enemy standing most bunched, priced on the throw roll, each exposed enemy's dive roll
  and the hit a failed dive takes, discounted because the enemy may run or throw it away; never where a friend
  (where it stands, where it runs, where the thrower will stand) is in the burst, and friends keep out of a burst
  already ordered; flashbangs on enemies without ear protection; tear gas where no unmasked friend is near;
- melee when adjacent, weighing its own reach against the enemy's (``combat.reach_reasons``) and the blow back;
- reload when a magazine is empty or low and the weapon would be useful; aim when an aimed shot next round is
  worth more than the shot now plus an ordinary one next round; first aid on a friend out of the fight when
  adjacent; hold (hunker down) when in cover and nothing is worth doing;
- the ground: the fire the enemies who see the hex could bring on it (their best weapon, cover, standing still in
  the open or running, hunkering when holding in cover), and the scenario's objective read from its victory
  conditions: the escaping side runs for the exit edge by the cheapest path, its enemy stands and shoots; the side
  clearing a building closes in on the enemies inside, the side holding it never leaves it; otherwise both close
  in when nothing is in reach.
Luck: spent when a hit would put the character out of the fight (or kill it, or take a limb) and enough luck can
stop it, and spent to the full when it is going down anyway; kept otherwise.
Live grenades: thrown back by a player character with the luck to spare when enemies stand by the thrower, else
thrown away by whoever's own order is worth least, unless nobody of its side is in the burst.
It uses no dice of its own: its choices are fixed by the state (the seed is taken for the common interface).
"""

from __future__ import annotations

from typing import Any

from hexfront.engine.core.hexes import Hex

from . import combat, rules
from . import commands as C
from .ai_vehicles import ESCAPE_BONUS, PROGRESS_WEIGHT, VehicleOrders
from .data import Grenade
from .ground import band_effect, can_see, in_cover, layer, run_options, smoke_indoors
from .hits import OUT_OF_COMBAT
from .pricing import PLAIN_2D6, cost_map, exit_map, expected_hit, hit_dice, p_roll
from .state import COMMIT, LUCK, OUT, REACT, Character, SkirmishState
from .view import side_view

APPROACH_WEIGHT = 0.35  # per round of running towards the nearest enemy, when nothing is in reach
CLEAR_APPROACH_WEIGHT = 0.5
POTENTIAL_WEIGHT = 0.3  # the best shot from a hex next round
THREAT_WEIGHT = 1.0
OUTDOORS_PENALTY = 3.0  # the side holding a building leaving it
GRENADE_DISCOUNT = 0.55  # the enemy may run off or throw it away
AIM_DISCOUNT = 0.8
MIN_ACTION = 0.02
RUNNER_WORTH = 1.4  # an enemy that wins by running off the board, to the side that must stop it
SHELL_WEIGHT = 1.0  # the scheduled shelling's expected harm at the end of the round


class DefaultPlayer(VehicleOrders):
    name = "default"

    def __init__(self, seed: int) -> None:
        """It plays the same way every time; the seed is taken for the common player interface."""
        self.seed = seed
        # the action planned with a run, for the call after the run
        self._intent: dict[tuple[int, int, str, Hex, Hex | None], Any] = {}
        self._pending_action: Any = None

    # ------------------------------------------------------------------------
    def choose(self, system: Any, state: SkirmishState) -> Any:
        side = rules.side_to_act(state)
        if side is None:  # pragma: no cover - nobody to act for
            return None
        st = side_view(state, side)
        if st.step == LUCK:
            return self._luck(st)
        if st.step == REACT:
            return self._react(st, side)
        if st.step != COMMIT:  # pragma: no cover
            return C.Lock(side)
        return self._commit(system, st, side)

    # ------------------------------------------------------------------------
    # Luck
    # ------------------------------------------------------------------------
    @staticmethod
    def _luck(st: SkirmishState) -> Any:
        hit = st.hits[0]
        c = st.chars[hit.target]
        top = min(c.luck, hit.damage)
        loc = c.damage.get(hit.location, 0)
        limit = OUT_OF_COMBAT - 1
        need = max(0, hit.damage - max(0, limit - c.total_damage), hit.damage - max(0, limit - loc))
        if need == 0:
            return C.SpendLuck(c.id, 0)
        if need <= top:
            return C.SpendLuck(c.id, need)
        # going down anyway: luck is no use afterwards, so it takes what it can off the wound
        return C.SpendLuck(c.id, top)

    # ------------------------------------------------------------------------
    # Live grenades
    # ------------------------------------------------------------------------
    def _react(self, st: SkirmishState, side: str) -> Any:
        offer = st.offer
        assert offer is not None  # asked only while a live grenade is offered (REACT)
        g = next(x for x in st.live if x.id == offer.grenade)
        short = st.tables.bands[0]
        exposed = [v for v in st.chars.values() if v.side == side and v.able and self._in_burst(st, g.at, v.pos, short)]
        if not exposed:
            return C.LetItLie(g.id)
        thrower = st.chars[g.thrower]
        foes_by = [v for v in st.chars.values() if v.side != side and v.able
                   and self._in_burst(st, thrower.pos, v.pos, short)]
        friends_by = [v for v in st.chars.values() if v.side == side and v.able
                      and self._in_burst(st, thrower.pos, v.pos, short)]
        rank = {"hold": 0, "communicate": 0, "aim": 1, "reload": 2, "aid": 2, "melee": 3}

        def cost(cid: str) -> tuple[int, str]:
            o = st.orders.get(cid)
            return (rank.get(o.action if o else "hold", 4), cid)

        who = sorted(offer.characters, key=cost)
        if foes_by and not friends_by:
            backs = [cid for cid in who if st.chars[cid].player
                     and st.chars[cid].luck >= combat.THROW_BACK_LUCK + (0 if len(foes_by) > 1 else 1)]
            if backs:
                return C.ThrowBack(backs[0], g.id)
        return C.ThrowAway(who[0], g.id)

    @staticmethod
    def _in_burst(st: SkirmishState, at: Hex, pos: Hex, short: int) -> bool:
        if pos.distance(at) > short or not can_see(st, at, pos):
            return False
        return pos == at or not in_cover(st, pos, at)

    # ------------------------------------------------------------------------
    # Commitment
    # ------------------------------------------------------------------------
    def _commit(self, system: Any, st: SkirmishState, side: str) -> Any:
        todo = sorted(rules.to_order(st, side), key=lambda c: c.id)
        if not todo:
            return C.Lock(side)
        c = todo[0]
        key = (id(st.tables), st.round, c.id, c.pos, st.plans.get(c.id))
        cmd = self._intent.pop(key, None)
        if cmd is None or system.validate(st, cmd) is not None:
            cmd = self._plan(st, side, c)
        if type(cmd) is C.Run:
            after = (id(st.tables), st.round, c.id, c.pos, cmd.to)
            self._intent.clear()
            self._intent[after] = self._pending_action
        if system.validate(st, cmd) is not None:  # pragma: no cover - a safety net
            cmd = C.Hold(c.id)
        return cmd

    # -- the whole picture, once per character ---------------------------------
    def _setup(self, st: SkirmishState, side: str) -> None:
        self.st = st
        self.side = side
        # prices worked out once per plan (the state does not change while one character's order is planned)
        self._hit_memo: dict[tuple[str, int, int, bool], float] = {}
        self._reach_memo: dict[tuple[str, Hex, bool], float] = {}
        self.foes = [e for e in st.chars.values() if e.side != side and e.able]
        self.friends = [f for f in st.chars.values() if f.side == side and f.able]
        v = st.tables.victory
        self.exit_me = v.exit_side == side
        self.exit_foe = bool(v.exit_side) and v.exit_side != side
        self.clearing = v.clear_side == side
        self.holding = bool(v.clear_side) and v.clear_side != side
        # where friends will stand (own runs are known), and the bursts friends have ordered
        self.friend_spots = {f.id: rules.position(st, f) for f in self.friends}
        self.own_bursts: list[Hex] = []
        self.committed_on: dict[str, float] = {}
        for cid, o in st.orders.items():
            f = st.chars[cid]
            if f.side != side or o.forced:
                continue
            if o.action == "throw" and o.at is not None and st.tables.grenades[o.item].kind == "blast":
                self.own_bursts.append(o.at)
            if o.action == "shoot" and o.target in st.chars:
                if st.tables.firearms[o.item].burst:
                    self.own_bursts.append(st.chars[o.target].pos)
                else:
                    t = st.chars[o.target]
                    p = p_roll(self._shot_mode(f, o.item, t, self.friend_spots[f.id], o.auto), f.shooting)
                    self.committed_on[o.target] = 1 - (1 - self.committed_on.get(o.target, 0.0)) * (1 - 0.7 * p)
        # how many of us each enemy can see (its fire is shared among them)
        self.seen_by: dict[str, int] = {}
        for e in self.foes:
            self.seen_by[e.id] = max(1, sum(1 for f in self.friends if can_see(st, e.pos, f.pos)))
        if self.exit_me:
            self.exit_dist = exit_map(st)
        if self.clearing:
            inside = [e for e in self.foes if e.pos in layer(st).indoors]
            self.targets_to_close = inside or self.foes
        else:
            self.targets_to_close = self.foes
        self.close_maps = [cost_map(st, (e.pos,)) for e in self.targets_to_close]

    def _worth(self, t: Character) -> float:
        w = 1.0
        if self.clearing and t.pos not in layer(self.st).indoors:
            w = 0.6
        if self.exit_foe:  # every round a runner is left alone brings it nearer its way out
            w = RUNNER_WORTH
        return w * (1.0 - self.committed_on.get(t.id, 0.0))

    # -- odds ------------------------------------------------------------------
    def _expected(self, t: Character, throws: tuple[tuple[float, int, int], ...], bonus: int, breaks: bool) -> float:
        """``pricing.expected_hit``, worked out once per plan for each target and dice (``throws`` come from
        ``hit_dice``'s cache or are PLAIN_2D6, so the same dice are the same object)."""
        key = (t.id, id(throws), bonus, breaks)
        got = self._hit_memo.get(key)
        if got is None:
            got = self._hit_memo[key] = expected_hit(t, throws, bonus, breaks)
        return got

    def _shot_mode(self, c: Character, weapon: str, t: Character, at: Hex, auto: bool) -> str:
        _band, effect, pro, con = combat.shot_reasons(self.st, c, weapon, t, auto, at=at, moved=at != c.pos)
        if effect == "miss":
            return "miss"
        return combat.combine(pro, con)

    def _shot_value(self, c: Character, weapon: str, t: Character, at: Hex, auto: bool,
                    stay: bool | None = None, aimed: bool = False) -> float:
        st = self.st
        f = st.tables.firearms[weapon]
        moved = (at != c.pos) if stay is None else not stay
        _band, effect, pro, con = combat.shot_reasons(st, c, weapon, t, auto, at=at, moved=moved)
        if effect == "miss":
            return 0.0
        if aimed and "aimed last round" not in pro:
            pro = pro + ["aimed"]
        mode = combat.combine(pro, con)
        if f.burst:
            p = p_roll(mode, c.shooting)
            return p * self._burst_value(t.pos, st.tables.grenades[f.burst], c, at)
        throws = hit_dice(mode, c.shooting)
        v = self._expected(t, throws, combat.AUTO_DAMAGE if auto else 0, f.breaks_armour) * self._worth(t)
        if auto:
            v -= 0.03
        return v

    def _burst_value(self, at: Hex, g: Grenade, thrower: Character, thrower_at: Hex) -> float:
        """A frag/HE burst at ``at`` (it is known to land): the exposed enemies' failed dives, the divers kept
        from shooting; minus infinity-ish when a friend would be in it."""
        st = self.st
        short = st.tables.bands[0]
        for f in self.friends:
            spots = {self.friend_spots[f.id], f.pos}
            if f.id == thrower.id:
                spots = {thrower_at}
            if any(self._in_burst(st, at, s, short) or s.distance(at) <= 1 for s in spots):
                return -5.0
        v = 0.0
        for e in self.foes:
            if not self._in_burst(st, at, e.pos, short):
                continue
            dive = p_roll("normal", e.athletics)
            v += ((1 - dive) * self._expected(e, PLAIN_2D6, g.damage_bonus, False) + dive * 0.1) * self._worth(e)
        return v

    def _throw_value(self, c: Character, gid: str, at: Hex, spot: Hex) -> float:
        st = self.st
        g = st.tables.grenades[gid]
        pro = combat.surprise_edge(st, c)
        p = p_roll(combat.combine(pro, []), c.athletics)
        short = st.tables.bands[0]
        if g.kind == "blast":
            return p * GRENADE_DISCOUNT * self._burst_value(at, g, c, spot)
        if g.kind == "flash":
            v = 0.0
            for e in self.foes:
                if e.ear_protection or e.pos.distance(at) > short or not can_see(st, at, e.pos):
                    continue
                v += (1 - p_roll("normal", e.athletics)) * 0.3 * self._worth(e)
            return p * v
        if g.kind == "gas":
            v = 0.0
            for e in self.foes:
                if not e.gas_mask and e.pos.distance(at) <= g.radius:
                    v += 0.25 * self._worth(e)
            for f in self.friends:
                if not f.gas_mask and min(self.friend_spots[f.id].distance(at),
                                          (spot if f.id == c.id else f.pos).distance(at)) <= g.radius + 2:
                    v -= 0.6
            return p * v
        return 0.0  # smoke: only spoils aim indoors, and both ways

    def _melee_value(self, c: Character, t: Character) -> float:
        st = self.st
        pro, con = combat.reach_reasons(st, c, t)
        mine = self._expected(t, hit_dice(combat.combine(pro, con), c.melee), 0, False) * self._worth(t)
        tpro, tcon = combat.reach_reasons(st, t, c)
        back = self._expected(c, hit_dice(combat.combine(tpro, tcon), t.melee), 0, False)
        return mine - 0.7 * back

    # -- the ground --------------------------------------------------------------
    def _enemy_shot(self, e: Character, c: Character, at: Hex, w: str, covered: bool, moving: bool) -> float:
        """What enemy ``e``'s shot with firearm ``w`` at ``c`` standing at ``at`` is worth to it (0 if it cannot)."""
        st = self.st
        f = st.tables.firearms[w]
        if e.loaded.get(w, 0) < 1:
            return 0.0
        _band, effect = band_effect(st, w, e.pos.distance(at))
        if effect == "miss":
            return 0.0
        pro = ["range"] if effect == "advantage" else []
        con = ["range"] if effect == "disadvantage" else []
        if covered:
            con.append("cover")
        elif not moving:
            pro.append("stationary")
        if self.exit_foe:  # the side that must get away shoots on the run
            con.append("moving")
        if e.aimed == st.round:
            pro.append("aimed")
        if smoke_indoors(st, e.pos, at):
            con.append("smoke")
        pro += combat.surprise_edge(st, e)
        auto = f.auto and e.loaded.get(w, 0) >= combat.AUTO_SHOTS
        if auto:  # Automatic Fire as the resolution reads it (the option on unskilled bursts included)
            pro_auto, con_auto = combat.burst_reasons(st, e)
            pro += pro_auto
            con += con_auto
        mode = combat.combine(pro, con)
        if f.burst:
            return p_roll(mode, e.shooting) * 0.5
        return self._expected(c, hit_dice(mode, e.shooting), combat.AUTO_DAMAGE if auto else 0, f.breaks_armour)

    def _threat(self, c: Character, at: Hex, moving: bool, holding: bool) -> float:
        """The fire enemies who see ``at`` could bring on ``c`` there this round (shared among the friends each
        of them sees); none from those it hunkers from."""
        st = self.st
        total = 0.0
        covered_here = at in layer(st).cover or at in st.vehicles.values()
        for e in self.foes:
            if st.chars[e.id].no_shoot == st.round or not can_see(st, e.pos, at):
                continue
            covered = covered_here or in_cover(st, at, e.pos)
            if holding and covered:
                continue
            best = max((self._enemy_shot(e, c, at, w, covered, moving) for w in e.firearms), default=0.0)
            if e.pos.distance(at) == 1:
                pro, con = combat.reach_reasons(st, e, c)
                best = max(best, self._expected(c, hit_dice(combat.combine(pro, con), e.melee), 0, False))
            total += best / self.seen_by.get(e.id, 1)
        for b in self.own_bursts:
            if self._in_burst(st, b, at, st.tables.bands[0]) or at.distance(b) <= 1:
                total += 3.0
        return total

    def _ground(self, c: Character, at: Hex) -> float:
        st = self.st
        v = 0.0
        if self.exit_me:
            d = self.exit_dist.get(at)
            here = self.exit_dist.get(c.pos, 999)
            if d is not None:
                v -= PROGRESS_WEIGHT * d / 15  # 15 points of running a round
                if d == 0:
                    v += ESCAPE_BONUS
            else:
                v -= PROGRESS_WEIGHT * here / 15 + 1
        if self.holding and at not in layer(st).indoors:
            v -= OUTDOORS_PENALTY
        if st.tables.shelling:
            v -= SHELL_WEIGHT * self._shell_risk(c, at)
        return v

    def _shell_risk(self, c: Character, at: Hex) -> float:
        """The expected harm to ``c`` standing at ``at`` from this round's scheduled shells (known to both sides):
        the share of the area's hexes whose burst would reach it in the open, times a failed dive's hit."""
        st = self.st
        short = st.tables.bands[0]
        risk = 0.0
        for sh in st.tables.shelling:
            if st.round not in sh.rounds:
                continue
            area = sh.area()
            near = sum(1 for h in area if self._in_burst(st, h, at, short))
            if near:
                p = min(1.0, sh.shells * near / len(area))
                dive = p_roll("normal", c.athletics)
                risk += p * (1 - dive) * self._expected(c, PLAIN_2D6, sh.damage_bonus, True)
        return risk

    def _reach_shots(self, c: Character, at: Hex, aimed: bool = False) -> float:
        """The best single shot (or burst) ``c`` could take from ``at`` next round, standing still."""
        key = (c.id, at, aimed)
        got = self._reach_memo.get(key)
        if got is None:
            got = self._reach_memo[key] = self._best_reach_shot(c, at, aimed)
        return got

    def _best_reach_shot(self, c: Character, at: Hex, aimed: bool) -> float:
        st = self.st
        best = 0.0
        for t in self.foes:
            d = at.distance(t.pos)
            if not can_see(st, at, t.pos):
                continue
            for w in c.firearms:
                if c.loaded.get(w, 0) < 1 and c.spares.get(w, 0) < 1:
                    continue
                if band_effect(st, w, d)[1] == "miss":
                    continue
                best = max(best, self._shot_value(c, w, t, at, False, stay=True, aimed=aimed))
                if st.tables.firearms[w].auto and c.loaded.get(w, 0) >= 2 * combat.AUTO_SHOTS:
                    best = max(best, self._shot_value(c, w, t, at, True, stay=True, aimed=aimed))
        return best

    def _approach(self, c: Character, at: Hex, potential: float) -> float:
        if self.exit_me:
            return 0.0
        if potential > 0.05 and not self.clearing:
            return 0.0
        dists = [m[at] for m in self.close_maps if at in m]
        if not dists:
            return 0.0
        w = CLEAR_APPROACH_WEIGHT if self.clearing else APPROACH_WEIGHT
        if self.exit_foe or self.holding:
            w *= 0.3
        return -w * max(0, min(dists) - 3) / 15

    # -- choosing ------------------------------------------------------------------
    def _fire_actions(self, c: Character, at: Hex) -> list[tuple[float, Any]]:
        """(value, order) of every shot from ``at``: each firearm, single or a burst, at each enemy in reach."""
        st = self.st
        out: list[tuple[float, Any]] = []
        gassed_there = not c.gas_mask and any(cl.kind == "gas" and cl.covers(at) for cl in st.clouds)
        if c.no_shoot == st.round or gassed_there:
            return out
        for t in self.foes:
            d = at.distance(t.pos)
            if not can_see(st, at, t.pos):
                continue
            for w in c.firearms:
                f = st.tables.firearms[w]
                if band_effect(st, w, d)[1] == "miss":
                    continue
                if c.loaded.get(w, 0) >= 1:
                    out.append((self._shot_value(c, w, t, at, False), C.Shoot(c.id, w, t.id, False)))
                if f.auto and c.loaded.get(w, 0) >= combat.AUTO_SHOTS:
                    out.append((self._shot_value(c, w, t, at, True), C.Shoot(c.id, w, t.id, True)))
        return out

    def _throw_actions(self, c: Character, at: Hex) -> list[tuple[float, Any]]:
        """(value, order) of every grenade but smoke thrown from ``at`` at an enemy it can see in throwing range."""
        st = self.st
        out: list[tuple[float, Any]] = []
        for gid, n in sorted(c.grenades.items()):
            if n < 1 or st.tables.grenades[gid].kind == "smoke":
                continue
            for t in self.foes:
                d = at.distance(t.pos)
                if 0 < d <= st.tables.throw_range and can_see(st, at, t.pos):
                    out.append((self._throw_value(c, gid, t.pos, at), C.Throw(c.id, gid, t.pos)))
        return out

    def _actions(self, c: Character, at: Hex) -> list[tuple[float, Any]]:
        """(value, order) of every action worth pricing, from ``at``."""
        st = self.st
        out: list[tuple[float, Any]] = []
        out += self._fire_actions(c, at)
        out += self._throw_actions(c, at)
        for t in self.foes:
            if at.distance(t.pos) == 1:
                out.append((self._melee_value(c, t), C.Melee(c.id, t.id)))
        for w in c.firearms:
            f = st.tables.firearms[w]
            if c.spares.get(w, 0) > 0 and c.loaded.get(w, 0) < f.magazine:
                out.append((self._reload_value(c, w, at), C.Reload(c.id, w)))
        # aim: an aimed shot next round against the ordinary one it would have anyway (the shot now is priced
        # on its own, so aiming wins only when the aimed shot beats the shot now plus an ordinary one)
        now = self._reach_shots(c, at)
        aimed = self._reach_shots(c, at, aimed=True)
        out.append((AIM_DISCOUNT * (aimed - now), C.Aim(c.id)))
        for p in st.chars.values():
            if p.side == c.side and p.status == OUT and not p.stabilised and at.distance(p.pos) <= 1 and p.id != c.id:
                out.append((0.5 if p.mortal else 0.3, C.FirstAid(c.id, p.id)))
        out += self._drive_actions(c, at)
        out += self._machine_actions(c, at)
        return out

    def _reload_value(self, c: Character, w: str, at: Hex) -> float:
        f = self.st.tables.firearms[w]
        loaded = c.loaded.get(w, 0)
        if loaded >= f.magazine:
            return 0.0
        use = 0.15
        for t in self.foes:
            d = at.distance(t.pos)
            eff = band_effect(self.st, w, d)[1]
            if eff == "advantage":
                use = max(use, 0.5)
            elif eff != "miss":
                use = max(use, 0.35 if eff == "normal" else 0.2)
        if loaded == 0:
            return 0.8 * use
        if f.auto and loaded < combat.AUTO_SHOTS:
            return 0.4 * use
        short = 1 - loaded / f.magazine
        return 0.15 * use * short * short

    def _plan(self, st: SkirmishState, side: str, c: Character) -> Any:
        self._setup(st, side)
        here = rules.position(st, c)
        if c.id in st.plans:
            dests = [here]
        else:
            taken = {h for fid, h in st.plans.items()}
            full = {h for vid, h in st.vehicles.items()
                    if len(self._riders(vid)) + sum(1 for p in st.passengers(vid) if not p.able)
                    >= st.tables.vehicles[vid].seats}
            dests = [c.pos] + [h for h in sorted(run_options(st, c), key=lambda h: (h.q, h.r))
                               if (h not in taken or h in st.vehicles.values()) and h not in full]
        best: tuple[tuple[float, int], Hex, Any] | None = None
        for at in dests:
            moving = at != c.pos
            pot = self._reach_shots(c, at)
            base = self._ground(c, at) + POTENTIAL_WEIGHT * pot + self._approach(c, at, pot) + self._seat_value(c, at)
            acts = self._actions(c, at)
            val_act, act = max(acts, key=lambda x: x[0], default=(0.0, None))
            t_act = self._threat(c, at, moving, False)
            t_hold = self._threat(c, at, moving, True)
            if act is None or val_act < MIN_ACTION or val_act - THREAT_WEIGHT * t_act < -THREAT_WEIGHT * t_hold:
                score, act = base - THREAT_WEIGHT * t_hold, C.Hold(c.id)
            else:
                score = base + val_act - THREAT_WEIGHT * t_act
            key = (score, -at.distance(c.pos))
            if best is None or key > best[0]:
                best = (key, at, act)
        assert best is not None  # dests holds at least where c stands
        _, at, act = best
        self._pending_action = act
        if at != here:
            return C.Run(c.id, at)
        return act
