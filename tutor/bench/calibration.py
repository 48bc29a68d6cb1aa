"""The calibration of the stated odds: the tracker's (or the play model's) probabilities
against the true deals, by bins, beside the odds on the facts alone (``bench calibration``;
``docs/tracker.md``)."""

from __future__ import annotations

import functools
import math
import random
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from tutor.bench.common import BenchError, _one_of
from tutor.counting.defaults import STATED_SHARE, TRUST_DEFAULT
from tutor.counting.inference import count_view
from tutor.counting.odds import chance_of_card, chance_of_values
from tutor.counting.style import STYLE_PRIOR, StylePriors, carry_styles, check_share, stated_style
from tutor.game.cards import VALUE_MASKS, indexes_of
from tutor.game.i18n import _
from tutor.game.rules import Ruleset, load_ruleset
from tutor.game.state import GameState, random_deal
from tutor.search.analysis import Progress, run_parallel, t_975
from tutor.search.playmodel import ReadOdds, read_odds
from tutor.search.roster import make_player
from tutor.search.simulate import move_seed, play_hand

__all__ = [
    "KIND_STYLE",
    "MIXED",
    "CALIBRATION_PLAYERS",
    "CALIBRATION_MODELS",
    "CALIBRATION_BAR",
    "BIN_LABELS",
    "seat_kinds",
    "Bins",
    "Calibration",
    "bench_calibration",
]


KIND_STYLE = {"random": "careless", "greedy": "grabber", "chitarrella": "careful"}
"""The style of play each computer player is (:data:`tutor.counting.style.STYLES` was measured
on them), for ``bench calibration --styles-stated``."""

MIXED = "mixed"
"""The kind of play whose every seat draws one of :data:`KIND_STYLE`'s for every hand."""

CALIBRATION_PLAYERS = (*KIND_STYLE, MIXED)
"""The kinds of play ``bench calibration`` can deal: the computer players that need no search,
and ``mixed``, each seat's kind drawn at random for every hand (:func:`seat_kinds`)."""


def seat_kinds(rules: Ruleset, specs: Sequence[str], seed: int, hand: int) -> list[str]:
    """Each seat's kind of play in hand ``hand``: one kind for every seat, or one per side; a
    ``mixed`` side's seats each draw random, greedy or chitarrella play, alike and from the
    seed, for every hand: the population of players the tracker's prior over styles describes
    (a third each, :data:`tutor.counting.style.STYLE_PRIOR`).

    >>> from tutor.game.rules import load_ruleset
    >>> seat_kinds(load_ruleset("scopone-scientifico"), ["random", "greedy"], 0, 0)
    ['random', 'greedy', 'random', 'greedy']
    >>> seat_kinds(load_ruleset("scopone-scientifico"), ["mixed"], 0, 1)
    ['random', 'chitarrella', 'chitarrella', 'chitarrella']
    """
    draw = random.Random(f"{seed}:{hand}:kinds")
    computer = list(KIND_STYLE)
    kinds = []
    for seat in range(rules.players):
        spec = specs[rules.side_of(seat) % len(specs)]
        kinds.append(draw.choice(computer) if spec == MIXED else spec)
    return kinds


CALIBRATION_MODELS = ("tracker", "play")
"""Whose odds ``bench calibration`` checks: the tracker's (readings weighed as evidence) or
the search's play model (:func:`tutor.search.playmodel.read_odds`, every play read)."""
PLAY_MODEL_PROPOSALS = 128
"""Deals weighed per seat and play when the play model's odds are checked (beyond the end of
the hand, where every deal is weighed)."""

BIN_LABELS = ("0", *(f"{k / 10:.1f}-{(k + 1) / 10:.1f}" for k in range(10)), "1")
"""Calibration bins: exactly 0, ten bins of width 0.1 (a probability strictly between 0 and
1), exactly 1."""


CALIBRATION_BAR = 0.08
"""The most a bin of 200 or more cases may be off (honest-odds issue, docs/tracker.md)."""


def _rounded(interval: tuple[float, float] | None) -> list[float] | None:
    return None if interval is None else [round(interval[0], 4), round(interval[1], 4)]


def _bin(p: float) -> int:
    if p <= 0.0:
        return 0
    if p >= 1.0:
        return len(BIN_LABELS) - 1
    return 1 + min(int(p * 10), 9)


def _gap_by_hands(
    used: Sequence[tuple[int, float, float]], chance: float
) -> tuple[float, float] | None:
    """The 95% interval of observed - stated over the cases of ``used`` (per hand: the count,
    the stated sum, the observed sum), hands as the independent units; None under two hands.

    The spread is the larger of the hands' own (cluster-robust) and what the outcomes would
    show by chance if the odds stated were right (``chance``: the sum of p(1 - p) over the
    cases): four cases from two hands that all went one way say little, however alike the
    two hands are. The quantile is Student's t over the hands less one. The interval keeps to
    what the gap can be, the share observed lying between 0 and 1 (JSON audit, stop 57: a bin
    of few hands had [-2.55, 1.78]).

    >>> _gap_by_hands([(1, 0.5, 1), (1, 0.5, 0)], 0.5)
    (-0.5, 0.5)
    """
    n = sum(c for c, _, _ in used)
    if n == 0 or len(used) < 2:
        return None
    gap = sum(o - s for _, s, o in used) / n
    spread = sum((o - s - gap * c) ** 2 for c, s, o in used)
    se = math.sqrt(max(len(used) / (len(used) - 1) * spread, chance)) / n
    q = t_975(len(used) - 1)
    stated = sum(s for _, s, _ in used) / n
    return max(-stated, gap - q * se), min(1.0 - stated, gap + q * se)


@dataclass
class Bins:
    """Stated probabilities against outcomes: per bin the count, the sum stated and the
    number that came true, and the sum of squared errors (the Brier score's numerator)."""

    count: list[int] = field(default_factory=lambda: [0] * len(BIN_LABELS))
    stated: list[float] = field(default_factory=lambda: [0.0] * len(BIN_LABELS))
    observed: list[int] = field(default_factory=lambda: [0] * len(BIN_LABELS))
    squares: float = 0.0
    hands: list[tuple[tuple[int, ...], tuple[float, ...], tuple[int, ...]]] = field(
        default_factory=list
    )
    """Per hand merged in, its own (count, stated, observed) by bin: the positions of one hand
    hang together (one deal, seen from every seat), so the intervals count hands, not
    positions."""

    def add(self, p: float, outcome: bool) -> None:
        b = _bin(p)
        self.count[b] += 1
        self.stated[b] += p
        y = 1 if outcome else 0
        self.observed[b] += y
        self.squares += (p - y) ** 2

    def merge(self, other: Bins) -> None:
        for k in range(len(BIN_LABELS)):
            self.count[k] += other.count[k]
            self.stated[k] += other.stated[k]
            self.observed[k] += other.observed[k]
        self.squares += other.squares
        if other.hands:
            self.hands.extend(other.hands)
        elif other.n:
            self.hands.append((tuple(other.count), tuple(other.stated), tuple(other.observed)))

    @property
    def n(self) -> int:
        return sum(self.count)

    @property
    def brier(self) -> float:
        return self.squares / self.n if self.n else 0.0

    @property
    def mean_stated(self) -> float:
        return sum(self.stated) / self.n if self.n else 0.0

    @property
    def mean_observed(self) -> float:
        return sum(self.observed) / self.n if self.n else 0.0

    def worst_gap(self, min_count: int = 200) -> float | None:
        """The largest |mean stated - observed| over the bins holding ``min_count`` or more
        (None when no bin holds that many: there is nothing to judge, not a gap of 0)."""
        gaps = [
            abs(self.stated[k] - self.observed[k]) / self.count[k]
            for k in range(len(BIN_LABELS))
            if self.count[k] >= min_count
        ]
        return max(gaps, default=None)

    def gap_interval(self, k: int) -> tuple[float, float] | None:
        """A 95% interval for bin ``k``'s observed - stated, counting hands as the independent
        units (a cluster-robust standard error, Student's t over the hands less one: a bin
        seen in few hands is not "off for sure" on their say); None with fewer than two hands
        in the bin."""
        return _gap_by_hands(
            [(c[k], s[k], o[k]) for c, s, o in self.hands if c[k]], self._chance(k)
        )

    def mean_gap_interval(self) -> tuple[float, float] | None:
        """A 95% interval for mean observed - mean stated over every case, by hands as for a
        bin (:meth:`gap_interval`)."""
        return _gap_by_hands(
            [(sum(c), sum(s), sum(o)) for c, s, o in self.hands if sum(c)],
            sum(self._chance(k) for k in range(len(BIN_LABELS))),
        )

    def _chance(self, k: int) -> float:
        """About the sum of p(1 - p) over bin ``k``'s cases, from their mean (a little over
        the exact sum: within a bin the odds differ by at most its width)."""
        if not self.count[k]:
            return 0.0
        mean = self.stated[k] / self.count[k]
        return self.count[k] * mean * (1 - mean)

    def off_by_more_than(self, bar: float, min_count: int = 200) -> dict[str, list[str]]:
        """The bins of ``min_count`` or more whose gap is beyond ``bar`` for sure (the whole
        interval), and those where the interval straddles it (not settled by these hands); and
        the smaller bins whose gap is beyond ``bar`` for sure all the same, so that a bin that
        merely shrinks below ``min_count`` cannot pass unseen (``clearly_in_smaller_bins``)."""
        out: dict[str, list[str]] = {"clearly": [], "uncertain": [], "clearly_in_smaller_bins": []}
        for k in range(len(BIN_LABELS)):
            iv = self.gap_interval(k)
            if iv is None:
                continue
            lo, hi = iv
            sure = lo > bar or hi < -bar
            if self.count[k] < min_count:
                if sure:
                    out["clearly_in_smaller_bins"].append(BIN_LABELS[k])
            elif sure:
                out["clearly"].append(BIN_LABELS[k])
            elif hi > bar or lo < -bar:
                out["uncertain"].append(BIN_LABELS[k])
        return out

    def rows(self) -> list[dict[str, Any]]:
        out = []
        for k in range(len(BIN_LABELS)):
            if not self.count[k]:
                continue
            row: dict[str, Any] = {
                "bin": BIN_LABELS[k],
                "count": self.count[k],
                "stated": round(self.stated[k] / self.count[k], 4),
                "observed": round(self.observed[k] / self.count[k], 4),
            }
            # null with fewer than two hands in the bin: the key is always there
            row["gap_interval"] = _rounded(self.gap_interval(k))
            out.append(row)
        return out

    def to_json(self) -> dict[str, Any]:
        measured = self.n > 0  # with no case, null rather than a made-up 0
        return {
            "n": self.n,
            "brier": round(self.brier, 5) if measured else None,
            "mean_stated": round(self.mean_stated, 4) if measured else None,
            "mean_observed": round(self.mean_observed, 4) if measured else None,
            "mean_gap_interval": _rounded(self.mean_gap_interval()),
            "worst_gap_200": None if (worst := self.worst_gap()) is None else round(worst, 4),
            "off_by_over_0.08": self.off_by_more_than(CALIBRATION_BAR),
            "bins": self.rows(),
        }


@dataclass
class Calibration:
    """What ``bench calibration`` measured: the tutor's stated odds against the true deals.

    ``card`` holds every (position, viewer, other player with unknown cards, unseen card):
    the stated P(player holds card); ``sweep`` every position where one card can sweep the
    table and the next player is another: the stated P(they hold that value). The ``_facts``
    twins hold the odds on the facts alone (the baseline).
    """

    ruleset: str
    players: str
    hands: int
    seed: int
    trust: float = TRUST_DEFAULT
    model: str = "tracker"
    """Whose odds were checked: ``tracker`` or ``play`` (:data:`CALIBRATION_MODELS`)."""
    earlier: int = 0
    """Hands the same players played before each scored one, their styles carried over."""
    stated: bool = False
    """Whether every player's true style was stated before the hand (as ``--style``)."""
    stated_share: float = STATED_SHARE
    """How sure each stated style was (``--style PLAYER=STYLE:SHARE``)."""
    card: Bins = field(default_factory=Bins)
    card_facts: Bins = field(default_factory=Bins)
    sweep: Bins = field(default_factory=Bins)
    sweep_facts: Bins = field(default_factory=Bins)
    reading: Bins = field(default_factory=Bins)
    """Every standing reading with a figure: its stated P(the player holds none of the
    values), against the deal; ``reading_facts``: that chance on the facts alone."""
    reading_facts: Bins = field(default_factory=Bins)
    tell: Bins = field(default_factory=Bins)
    """Every tell that weighs in with a figure: its stated P(the player holds one of the value
    now), against the deal; ``tell_facts``: that chance on the facts alone."""
    tell_facts: Bins = field(default_factory=Bins)
    style: Bins = field(default_factory=Bins)
    """Every other player's stated P(style) for each style, against the style their kind of
    play is (:data:`KIND_STYLE`); ``style_facts``: the prior before the hand."""
    style_facts: Bins = field(default_factory=Bins)
    readings: dict[str, list[int]] = field(default_factory=dict)
    """Per kind of reading: [standing readings seen at the positions, how many were true]
    (a reading stands from the play it is made until the cards seen prove it or make it moot)."""
    certain_from_readings: list[int] = field(default_factory=lambda: [0, 0])
    """[stated 0 or 1 where the facts say neither, how many of those were wrong]."""
    times_ms: list[float] = field(default_factory=list)
    """Milliseconds for the board and inference of one seat at one play."""
    positions: int = 0
    interrupted: bool = False

    SCORED = ("card", "sweep", "reading", "tell", "style")
    """The figures scored, each a :class:`Bins` with its ``_facts`` twin (the JSON's keys)."""

    def bins(self) -> dict[str, Bins]:
        """Every :class:`Bins` by its name: each of :data:`SCORED` and its twin."""
        return {k: getattr(self, k) for s in self.SCORED for k in (s, f"{s}_facts")}

    def merge(self, other: Calibration) -> None:
        theirs = other.bins()
        for name, ours in self.bins().items():
            ours.merge(theirs[name])
        for kind, (n, held) in other.readings.items():
            mine = self.readings.setdefault(kind, [0, 0])
            mine[0] += n
            mine[1] += held
        self.certain_from_readings[0] += other.certain_from_readings[0]
        self.certain_from_readings[1] += other.certain_from_readings[1]
        self.times_ms.extend(other.times_ms)
        self.positions += other.positions

    def to_json(self) -> dict[str, Any]:
        times = sorted(self.times_ms)
        return {
            "ruleset": self.ruleset,
            "players": self.players,
            "hands": self.hands,
            "seed": self.seed,
            "trust": self.trust,
            "model": self.model,
            "earlier_hands": self.earlier,
            "styles_stated": self.stated,
            "stated_share": self.stated_share if self.stated else None,
            "positions": self.positions,
            "interrupted": self.interrupted,
            **{name: b.to_json() for name, b in self.bins().items()},
            "readings": {
                kind: {"standing": n, "held": held, "rate": round(held / n, 4) if n else None}
                for kind, (n, held) in sorted(self.readings.items())
            },
            "certain_from_readings": {
                "count": self.certain_from_readings[0],
                "wrong": self.certain_from_readings[1],
            },
            "tracker_ms": {
                "median": round(statistics.median(times), 3) if times else None,
                "p99": round(times[int(0.99 * (len(times) - 1))], 3) if times else None,
                "max": round(times[-1], 3) if times else None,
            },
        }


def _calibrate_hand(
    rules: Ruleset,
    players: str,
    seed: int,
    hand: int,
    trust: float = TRUST_DEFAULT,
    model: str = "tracker",
    earlier: int = 0,
    stated: bool = False,
    share: float = STATED_SHARE,
) -> Calibration:
    """Play one seeded hand and score the stated odds at every play, from every seat; before
    it, ``earlier`` hands of the same players, whose styles every seat carries into it, and
    with ``stated`` every player's true style stated (:data:`KIND_STYLE`), at ``share``. The
    worker gets the ruleset itself: one read from a file has no name to load it by."""
    kinds = seat_kinds(rules, [s.strip() for s in players.split(",")], seed, hand)
    seats = [make_player(kind) for kind in kinds]
    # every seat knows the same of the others: a finished hand shows every play to all
    known: dict[int, dict[str, float]] = {}
    if stated:
        known = {s: stated_style(KIND_STYLE[kind], share) for s, kind in enumerate(kinds)}
    for j in range(earlier):
        table, deals = random_deal(rules, random.Random(f"{seed}:{hand}:earlier{j}:cards"))
        seeds = functools.partial(move_seed, seed, hand, f"earlier{j}")
        known = carry_styles(known, play_hand(rules, table, deals, seats, seeds), None)
    table, deals = random_deal(rules, random.Random(f"{seed}:{hand}:cards"))
    final = play_hand(
        rules, table, deals, seats, lambda ply: move_seed(seed, hand, "calibration", ply)
    )
    out = Calibration(
        rules.name, players, 1, seed, model=model, earlier=earlier, stated=stated,
        stated_share=share,
    )  # fmt: skip
    state, moves = final.rewound()
    for ply, move in enumerate([None, *moves]):
        if move is not None:
            state.push(move)
        if state.is_over():
            break
        _score_position(state, out, trust, f"{seed}:{hand}:{ply}", known, kinds)
    return out


def _score_position(
    state: GameState,
    out: Calibration,
    trust: float,
    where: str,
    styles: StylePriors | None,
    kinds: Sequence[str],
) -> None:
    """Every seat's stated odds in ``state`` (full information) against its true hands: the
    tracker's, or with ``out.model == "play"`` the play model's (seeded by ``where``);
    ``styles``: the players' styles known before the hand (each viewer's own is not read);
    ``kinds``: each seat's kind of play, to score the styles stated."""
    for viewer in range(state.rules.players):
        start = time.perf_counter()
        view = count_view(state, viewer, trust=trust, styles=styles)
        out.times_ms.append(1000 * (time.perf_counter() - start))
        read = None
        if out.model == "play":
            rng = random.Random(f"{where}:{viewer}")
            read = read_odds(state, viewer, rng, trust, PLAY_MODEL_PROPOSALS, styles)
        out.positions += 1
        inf = view.inference
        seen = inf.state
        pool = seen.unplaced()
        for seat in range(state.rules.players):
            if seat == viewer or not seen.unknown[seat]:
                continue
            for c in indexes_of(pool):
                truth = bool(state.hands[seat] >> c & 1)
                f = chance_of_card(seen, seat, c)
                p = inf.probability(seat, c) if read is None else _or(read, seat, 1 << c, f)
                out.card.add(p, truth)
                out.card_facts.add(f, truth)
                _note_certain(out, p, f, truth)
        for ex in inf.standing:  # every reading that weighs the deals
            held = not any(state.hands[ex.seat] & VALUE_MASKS[v] for v in ex.values)
            tally = out.readings.setdefault(ex.kind, [0, 0])
            tally[0] += 1
            tally[1] += held
            if ex.confidence is not None:  # the figure track shows: P(holds none)
                out.reading.add(ex.confidence, held)
                out.reading_facts.add(1 - chance_of_values(seen, ex.seat, ex.values), held)
        for seat, r in inf.reliability.items():  # the styles track shows
            if seat == viewer:
                continue
            own = KIND_STYLE[kinds[seat]]
            before = (styles or {}).get(seat, STYLE_PRIOR)
            for name, p in r.style.items():
                out.style.add(p, name == own)
                out.style_facts.add(before.get(name, 0.0), name == own)
        for t in inf.tells:  # the figure track shows: P(holds one of the value now)
            if t.confidence is None or not seen.unknown[t.seat]:
                continue
            holds = any(state.hands[t.seat] & VALUE_MASKS[v] for v in t.values)
            out.tell.add(t.confidence, holds)
            out.tell_facts.add(chance_of_values(seen, t.seat, t.values), holds)
        sweep = view.board.sweep
        nxt = sweep.next_seat
        p_sweep = view.sweep_probability
        if sweep.value is None or nxt == viewer or p_sweep is None or not seen.unknown[nxt]:
            continue
        truth = bool(state.hands[nxt] & VALUE_MASKS[sweep.value])
        f = sweep.probability if sweep.probability is not None else 0.0
        if read is not None:
            p_sweep = _or(read, nxt, VALUE_MASKS[sweep.value], f)
        out.sweep.add(p_sweep, truth)
        out.sweep_facts.add(f, truth)
        _note_certain(out, p_sweep, f, truth)


def _or(read: ReadOdds, seat: int, cards: int, facts: float) -> float:
    """The play model's chance that ``seat`` holds one of ``cards``; with no play read, the
    facts' (the model then weighs every deal alike)."""
    p = read.probability(seat, cards)
    return facts if p is None else p


def _note_certain(out: Calibration, p: float, facts: float, truth: bool) -> None:
    if p in (0.0, 1.0) and facts not in (0.0, 1.0):
        out.certain_from_readings[0] += 1
        out.certain_from_readings[1] += (p == 1.0) != truth


def bench_calibration(
    players: str = "chitarrella",
    hands: int = 200,
    seed: int = 0,
    ruleset: str = "scopone-scientifico",
    workers: int = 1,
    progress: Progress | None = None,
    trust: float = TRUST_DEFAULT,
    model: str = "tracker",
    earlier: int = 0,
    stated: bool = False,
    stated_share: float = STATED_SHARE,
) -> Calibration:
    """Play ``hands`` seeded hands and compare the stated per-card and sweep odds, at every
    play and from every seat, with the true deal (``docs/tracker.md`` gives the figures;
    ``model="play"``: the search's play model, ``docs/solver.md``). ``earlier``: before each
    hand the same players play that many, and every seat carries the styles of play they
    showed into it; ``stated``: every player's true style is stated before the hand, with the
    share ``stated_share`` (1: certain).

    ``players`` is one kind of play for every seat, or one per side (``random,chitarrella``:
    the leading side plays at random). The result is the same for any number of ``workers``.
    """
    if hands < 1:
        raise BenchError(_("hands must be at least 1, not {n}").format(n=hands), "--hands")
    specs = [s.strip().lower() for s in players.split(",")]
    for spec in specs:
        _one_of(spec, CALIBRATION_PLAYERS, _("unknown players {name!r}; choose from {names}"),
                "--players")  # fmt: skip
    _one_of(model, CALIBRATION_MODELS, _("unknown model {name!r}; choose from {names}"), "--model")
    rules = load_ruleset(ruleset)
    if len(specs) not in (1, rules.sides):  # a third kind on two sides was never seated
        raise BenchError(
            _("give one kind of play, or one per side ({n} for {ruleset}), not {players!r}").format(
                n=rules.sides, ruleset=rules.name, players=players
            ),
            "--players",
        )
    spec = ",".join(specs)
    if earlier < 0:
        raise BenchError(
            _("earlier hands must be at least 0, not {n}").format(n=earlier), "--earlier-hands"
        )
    try:
        check_share(stated_share)
    except ValueError as e:
        raise BenchError(str(e), "--stated-share") from None
    args = (
        (rules, spec, seed, h, trust, model, earlier, stated, stated_share) for h in range(hands)
    )
    done, stop = run_parallel(_calibrate_hand, args, workers, progress, total=hands)
    out = Calibration(
        rules.name, spec, len(done), seed, trust=trust, model=model, earlier=earlier,
        stated=stated, stated_share=stated_share, interrupted=stop == "interrupt",
    )  # fmt: skip
    for part in done:
        out.merge(part)
    return out
