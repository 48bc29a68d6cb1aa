"""``tutor bench``: the benchmarks of :mod:`tutor.bench`, their figures printed."""

from __future__ import annotations

import shlex
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer

from tutor.cli.core import (
    EXIT_INTERRUPTED,
    EarlierOption,
    InputError,
    JsonOption,
    StyleOption,
    TrustOption,
    TutorGroup,
    app,
    check_player,
    examples,
    file_argument,
    human_console,
    note,
    print_json,
    progress_bar,
    record_hand,
    record_hands,
    show_result,
    typed_options,
    workers_option,
)
from tutor.cli.core import (
    interrupted as say_interrupted,
)
from tutor.cli.review import HandOption, review_styles
from tutor.counting.defaults import STATED_SHARE, TRUST_DEFAULT
from tutor.game.i18n import _, ngettext, number
from tutor.game.rules import load_ruleset
from tutor.review.defaults import DEFAULT_SAMPLES
from tutor.search.defaults import DEFAULT_EXACT_PLIES, SAMPLES_MAX

# -- bench -------------------------------------------------------------------------------------

bench_app = typer.Typer(
    cls=TutorGroup,
    help="Time the engine.",
    epilog=examples("tutor bench playouts --hands 2000", "tutor bench all --json"),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)
app.add_typer(
    bench_app,
    name="bench",
    short_help="Time the engine: play-outs, solver, search, tracker, review.",
)


BenchRulesetOption = Annotated[
    str, typer.Option("--ruleset", "-r", help="A ruleset name or YAML file.")
]
RepeatOption = Annotated[
    int, typer.Option("--repeat", "-k", min=1, metavar="K", help="Runs to take the median of.")
]
WorkersOption = Annotated[int, workers_option("Processes.")]


def _show_figures(name: str, measure: Callable[[], dict[str, Any]], json_out: bool) -> None:
    """Run one benchmark and show its figures, as JSON or a table; one Ctrl-C cut short says
    so first, shows the runs it finished (``"interrupted": true``) and exits 130. Cut before
    its first run, it has no figure: the JSON is ``{"interrupted": true}`` alone, as for a
    benchmark of ``bench all`` cut so (JSON audit, stop 57: stdout was empty)."""
    try:
        figures = measure()
    except KeyboardInterrupt:
        figures = {"interrupted": True}
    cut = figures.get("interrupted") is True
    if cut:
        if len(figures) == 1:
            say_interrupted(_("interrupted before the first run finished: no figure"))
        else:
            say_interrupted(_("interrupted: showing the runs finished"))
    if json_out:
        print_json(figures)
    else:
        # lazy: rich loads only for human output
        from tutor.render.bench import figures_table
        from tutor.render.terminal import emit

        console, fancy = human_console()
        emit(console, figures_table({name: figures}, fancy))
    if cut:
        raise typer.Exit(EXIT_INTERRUPTED)


def _show_several(results: dict[str, dict[str, Any]], json_out: bool) -> None:
    """The figures of several benchmarks (:func:`tutor.bench.common.run_all`), as JSON by name
    or a table; when Ctrl-C cut one, it says so first, shows those finished and the one cut
    (``"interrupted": true``) and exits 130."""
    cut = next((name for name, f in results.items() if f.get("interrupted") is True), None)
    if cut is not None:  # the benchmarks finished before Ctrl-C are shown, then exit 130
        say_interrupted(
            _("interrupted during {name}: showing the benchmarks finished before it").format(
                name=cut
            )
        )
    if json_out:
        print_json(results)
    else:
        from tutor.render.bench import figures_table
        from tutor.render.terminal import emit

        console, fancy = human_console()
        emit(console, figures_table(results, fancy))
    if cut is not None:
        raise typer.Exit(EXIT_INTERRUPTED)


def _run_several(names: list[str] | None, json_out: bool) -> None:
    """Run the benchmarks ``names`` (None: all) with their default sizes, saying on stderr
    which runs and which is skipped, and show their figures (:func:`_show_several`)."""
    # lazy: the benchmarks load the whole engine; replay --json must start fast
    from tutor.bench.common import run_all

    def starting(name: str) -> None:
        note("tutor: " + _("running {name}...").format(name=name))

    results = run_all(
        names,
        starting=starting,
        skipped=lambda name, exc: note(
            "tutor: " + _("{name} skipped: {why}").format(name=name, why=exc)
        ),
    )
    _show_several(results, json_out)


def _show_run(
    data: dict[str, Any],
    interrupted: str | None,
    view: Callable[[dict[str, Any], bool], list[Any]],
    json_out: bool,
) -> None:
    """A long run's result, as JSON or as ``view``'s tables (:func:`show_result`)."""
    show_result(lambda: data, lambda fancy: view(data, fancy), json_out, interrupted)


@bench_app.command(
    "playouts",
    short_help="Hands per second of random play-outs: deal, play, score.",
    epilog=examples("tutor bench playouts --ruleset scopone-scientifico --hands 2000"),
)
def bench_playouts_command(
    ruleset: BenchRulesetOption = "scopone-scientifico",
    hands: Annotated[
        int, typer.Option("--hands", "-n", min=1, metavar="N", help="Hands per run.")
    ] = 1000,
    repeat: RepeatOption = 5,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the random deals.")] = 0,
    json_out: JsonOption = False,
) -> None:
    """Hands per second: deal at random, play uniformly random legal moves, score."""
    # lazy: the benchmarks load the whole engine; replay --json must start fast
    from tutor.bench.engine import bench_playouts

    rules = load_ruleset(ruleset)
    runs = ngettext("once", "{n} times", repeat).format(n=repeat)
    note(  # on stderr, --json or not: what the seconds of silence are spent on
        "tutor: "
        + ngettext(
            "playing {n} random hand of {ruleset}, {runs}...",
            "playing {n} random hands of {ruleset}, {runs}...",
            hands,
        ).format(n=hands, ruleset=rules.name, runs=runs)
    )
    _show_figures("playouts", lambda: bench_playouts(ruleset, hands, repeat, seed), json_out)


@bench_app.command(
    "replay",
    short_help="Seconds to load, validate, replay and score a hand record.",
    epilog=examples("tutor bench replay docs/examples/scopone-hand.yaml"),
)
def bench_replay_command(
    file: Annotated[Path, file_argument("A hand record.")],
    repeat: RepeatOption = 5,
    json_out: JsonOption = False,
) -> None:
    """Seconds to load, validate, replay and score a hand record (median of the runs)."""
    # lazy: the benchmarks load the whole engine; replay --json must start fast
    from tutor.bench.engine import bench_replay

    _show_figures("replay", lambda: bench_replay(file, repeat), json_out)


@bench_app.command(
    "all",
    short_help="Run every benchmark with its default sizes; print a table.",
    epilog=examples("tutor bench all", "tutor bench all --json"),
)
def bench_all_command(json_out: JsonOption = False) -> None:
    """Run every registered benchmark with its default sizes and print a table."""
    _run_several(None, json_out)


@bench_app.command(
    "tracker",
    short_help="Seconds for the tracker and inference after every play.",
    epilog=examples(
        "tutor bench tracker docs/examples/scopone-hand.yaml --as South",
        "tutor bench tracker docs/examples/scopa-match.yaml --hand 2",
    ),
)
def bench_tracker_command(
    file: Annotated[
        Path | None, file_argument("A hand record (default: the scopone example).")
    ] = None,
    as_player: Annotated[
        str | None, typer.Option("--as", metavar="PLAYER", help="The seat (default: the dealer).")
    ] = None,
    hand: HandOption = 1,
    repeat: RepeatOption = 5,
    json_out: JsonOption = False,
) -> None:
    """Seconds for the tracker and inference after every play of a record (one hand of a match
    file), from one seat."""
    # lazy: the benchmarks load the whole engine; replay --json must start fast
    from tutor.bench.common import DEFAULT_RECORD
    from tutor.bench.engine import bench_tracker

    path = file if file is not None else DEFAULT_RECORD
    record = record_hand(path, hand, shown=False)  # bench_tracker reads the file again
    if as_player is not None:
        as_player = record.players[check_player(path, record, as_player)]
    _show_figures("tracker", lambda: bench_tracker(path, as_player, repeat, hand), json_out)


# -- bench: solver and search ------------------------------------------------------------------

SOLVE_CASES = {
    "scopone-4": "solve-scopone-4",
    "scopone-5": "solve-scopone-5",
    "scopa-last-deal": "solve-scopa-last-deal",
}


@bench_app.command(
    "solve",
    short_help="Exact solver: median seconds, nodes per second, TT hits.",
    epilog=examples("tutor bench solve scopone-4 --positions 20"),
)
def bench_solve_command(
    case: Annotated[
        str,
        typer.Argument(
            help="scopone-4 (4 cards each, 4 on the table), scopone-5, scopa-last-deal."
        ),
    ] = "scopone-4",
    positions: Annotated[
        int, typer.Option("--positions", min=1, help="Random positions to solve.")
    ] = 20,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the positions.")] = 0,
    json_out: JsonOption = False,
) -> None:
    """Exact solver: median seconds over random full-information positions, nodes/s, TT hits."""
    # lazy: the benchmarks load the whole engine; replay --json must start fast
    from tutor.bench.common import BENCHMARKS

    if case not in SOLVE_CASES:
        raise typer.BadParameter(
            _("unknown case {name!r}; choose one of {names}").format(
                name=case, names=", ".join(SOLVE_CASES)
            ),
            param_hint=_("CASE"),
        )
    name = SOLVE_CASES[case]
    note(
        "tutor: "
        + ngettext(
            "solving {n} random position ({case})...",
            "solving {n} random positions ({case})...",
            positions,
        ).format(n=positions, case=case)
    )
    _show_figures(name, lambda: BENCHMARKS[name](positions=positions, seed=seed), json_out)


@bench_app.command(
    "search",
    short_help="The search player's time and samples for an opening move.",
    epilog=examples("tutor bench search --budget 1 --workers 2"),
)
def bench_search_command(
    positions: Annotated[int, typer.Option("--positions", min=1, help="Opening moves.")] = 5,
    budget: Annotated[
        float, typer.Option("--budget", min=0.01, max=3600, help="Seconds per move.")
    ] = 1.0,
    workers: WorkersOption = 2,
    json_out: JsonOption = False,
) -> None:
    """The search player's time for a scopone opening move, and the samples it values."""
    # lazy: the benchmarks load the whole engine; replay --json must start fast
    from tutor.bench.common import BENCHMARKS

    # progress on stderr, --json or not: about budget x positions seconds of silence otherwise
    note(
        "tutor: "
        + _("timing the search player on {moves} at {budget} s each, with {workers}...").format(
            moves=ngettext("{n} opening move", "{n} opening moves", positions).format(n=positions),
            budget=number(budget, "g"),
            workers=ngettext("{n} worker", "{n} workers", workers).format(n=workers),
        )
    )
    _show_figures(
        "search-move",
        lambda: BENCHMARKS["search-move"](positions=positions, budget=budget, workers=workers),
        json_out,
    )


@bench_app.command(
    "puzzles",
    short_help="Checking and mining puzzles; how soon try and train show one.",
    epilog=examples("tutor bench puzzles", "tutor bench puzzles --json"),
)
def bench_puzzles_command(json_out: JsonOption = False) -> None:
    """Puzzles: checking the shipped collection, mining 10 on 2 cores, and how soon try and
    train show a puzzle (interpreter start included)."""
    _run_several(["puzzle-check", "puzzle-generate", "puzzle-latency"], json_out)


@bench_app.command(
    "review",
    short_help="Review times, samples drawn and planted-mistake rates.",
    epilog=examples("tutor bench review --repeat 3", "tutor bench review --planted 40 --json"),
)
def bench_review_command(
    repeat: RepeatOption = 3,
    workers: WorkersOption = 2,
    planted: Annotated[
        int,
        typer.Option("--planted", min=0, metavar="N", help="Also review N planted missed scope."),
    ] = 0,
    ruleset: Annotated[
        str, typer.Option("--ruleset", "-r", help="Ruleset of the planted hands.")
    ] = "scopa",
    json_out: JsonOption = False,
) -> None:
    """Seconds to review a scopone player, every scopone player and a scopa player (medians),
    the samples the defaults draw, and the planted-mistake rates."""
    from tutor.bench.review import bench_planted, bench_review
    from tutor.review.judge import Settings
    from tutor.review.review import require_two_sides

    rules = load_ruleset(ruleset)  # a bad name is said now, not after the review's minutes
    if planted:
        require_two_sides(rules)  # and a ruleset whose moves cannot be judged (engine audit)
    note(
        "tutor: "
        + _("reviewing the example hands {runs} with {workers}...").format(
            runs=ngettext("once", "{n} times", repeat).format(n=repeat),
            workers=ngettext("{n} worker", "{n} workers", workers).format(n=workers),
        )
    )

    def measure() -> dict[str, Any]:
        figures = bench_review(repeat=repeat, workers=workers)
        if planted:
            figures.update(bench_planted(ruleset, planted, Settings(workers=workers)))
        return figures

    _show_figures("review", measure, json_out)


# -- bench: play -------------------------------------------------------------------------------


@bench_app.command(
    "play",
    short_help="Seconds tutor play takes to reply and comment, and to start.",
    epilog=examples("tutor bench play", "tutor bench play --games 1 --json"),
)
def bench_play_command(
    ruleset: BenchRulesetOption = "scopone-scientifico",
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="Games to play.")] = 3,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the first game.")] = 0,
    workers: WorkersOption = 2,
    starts: Annotated[
        int, typer.Option("--starts", min=0, help="tutor play starts to time (median).")
    ] = 5,
    opponents: Annotated[
        str | None,
        typer.Option("--opponents", metavar="PLAYER", help="The opponents (default chitarrella)."),
    ] = None,
    json_out: JsonOption = False,
) -> None:
    """Seconds the computer takes to reply and the tutor to comment, in tutor play at the
    default settings (median, 90th percentile, maximum), and the start of tutor play."""
    # lazy: the benchmarks load the whole engine; replay --json must start fast
    from tutor.bench.play import bench_play
    from tutor.search.roster import PlayerError, make_player

    load_ruleset(ruleset)  # a bad name is a usage error before the note, not after it
    if opponents is not None:
        try:
            make_player(opponents)
        except PlayerError as exc:  # named as the option, not as a seat at the table
            raise typer.BadParameter(str(exc), param_hint="--opponents") from None
    note(
        "tutor: "
        + _("playing {games} of {ruleset} with {workers}...").format(
            games=ngettext("{n} game", "{n} games", games).format(n=games),
            ruleset=ruleset,
            workers=ngettext("{n} worker", "{n} workers", workers).format(n=workers),
        )
    )
    _show_figures(
        "play", lambda: bench_play(ruleset, games, seed, workers, starts, opponents), json_out
    )


@bench_app.command(
    "language",
    short_help="Milliseconds Italian adds at start-up.",
    epilog=examples("tutor bench language --repeat 9"),
)
def bench_language_command(repeat: RepeatOption = 9, json_out: JsonOption = False) -> None:
    """Milliseconds Italian adds at start-up: the catalogue's loading, and tutor --help and
    tutor rules started in each language (medians; the difference is the cost)."""
    # lazy: the benchmarks load the whole engine; replay --json must start fast
    from tutor.bench.play import bench_language

    _show_figures("language", lambda: bench_language(repeat), json_out)


# -- bench: judgement (the endgame's regret, the calibration of the stated odds) ---------------


@bench_app.command(
    "endgame",
    short_help="What not seeing the hidden cards costs near a hand's end.",
    epilog=examples(
        "tutor bench endgame --deals 24 --seed 101 --workers 2",
        "tutor bench endgame --players chitarrella,greedy --deals 10 --methods search,facts --json",
    ),
)
def bench_endgame_command(
    players: Annotated[
        str,
        typer.Option(
            "--players", "-p", metavar="A,B", help="The two players whose games give the positions."
        ),
    ] = "search:0.3,search-classic:0.3",
    deals: Annotated[
        int, typer.Option("--deals", "-n", min=1, help="Deals, each played twice.")
    ] = 24,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the deals.")] = 0,
    ruleset: BenchRulesetOption = "scopone-scientifico",
    methods: Annotated[
        str,
        typer.Option(
            "--methods",
            "-m",
            metavar="M,...",
            help="Where each method draws its deals: search (the play model), search-classic "
            "(the tracker's readings), facts, sighted (the true deal: regret zero). The first "
            "is the one the others are compared with.",
        ),
    ] = "search,search-classic,facts",
    samples: Annotated[
        int,
        typer.Option(
            "--samples", "-s", min=1, max=SAMPLES_MAX, metavar="K", help="Deals per choice."
        ),
    ] = 400,
    plays_left: Annotated[
        int,
        typer.Option(
            "--plays-left",
            min=1,
            max=DEFAULT_EXACT_PLIES,
            metavar="L",
            help=f"Positions with at most L plays left (at most {DEFAULT_EXACT_PLIES}).",
        ),
    ] = 12,
    workers: WorkersOption = 1,
    json_out: JsonOption = False,
) -> None:
    """What choosing without seeing the hidden cards costs near the end of a hand.

    Plays seeded deals between two players and, at every position near the end where the mover
    has a choice, lets each method choose as the search player does there (best mean over the
    sampled deals, each solved exactly); its regret is what that move loses against the best
    move for the true deal. A quick yardstick for the search's endgame: minutes, where a
    strength run takes a quarter of an hour.
    """
    from tutor.bench.endgame import bench_endgame

    doing = ngettext(
        "playing {n} deal twice and judging its endgames",
        "playing {n} deals twice and judging their endgames",
        deals,
    ).format(n=deals)
    with progress_bar(_("deals"), doing) as progress:
        result = bench_endgame(
            players, deals, seed, ruleset, methods.split(","), samples, plays_left,
            workers=workers, progress=progress,
        )  # fmt: skip
    from tutor.render.bench import endgame_view

    shown = ngettext(
        "interrupted: showing the {n} completed deal",
        "interrupted: showing the {n} completed deals",
        result.deals,
    ).format(n=result.deals)
    _show_run(result.to_json(), shown if result.interrupted else None, endgame_view, json_out)


@bench_app.command(
    "calibration",
    short_help="How true the tracker's odds are, against the real deals.",
    epilog=examples(
        "tutor bench calibration --players chitarrella --hands 300",
        "tutor bench calibration --players random --hands 50 --seed 7 --json",
        "tutor bench calibration --players greedy --hands 40 --model play",
        "tutor bench calibration --players greedy --hands 100 --earlier-hands 3",
        "tutor bench calibration --players greedy --hands 100 --styles-stated --stated-share 1",
        "tutor bench calibration --players mixed --hands 200 --workers 2",
    ),
)
def bench_calibration_command(
    ctx: typer.Context,
    players: Annotated[
        str,
        typer.Option(
            "--players",
            "-p",
            metavar="KIND",
            help="random, greedy or chitarrella at every seat (or one per side, comma-separated); "
            "mixed: each seat's kind drawn at random for every hand.",
        ),
    ] = "chitarrella",
    hands: Annotated[
        int, typer.Option("--hands", "-n", min=1, metavar="N", help="Hands to play.")
    ] = 200,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the hands.")] = 0,
    ruleset: BenchRulesetOption = "scopone-scientifico",
    workers: Annotated[int, workers_option("Worker processes (1 keeps the timings honest).")] = 1,
    trust: TrustOption = TRUST_DEFAULT,
    model: Annotated[
        str,
        typer.Option(
            "--model",
            metavar="tracker|play",
            help="Whose odds: the tracker's (default) or the search's play model (slower).",
        ),
    ] = "tracker",
    earlier: Annotated[
        int,
        typer.Option(
            "--earlier-hands",
            min=0,
            metavar="E",
            help="Before each hand, the same players play E more, and every seat carries the "
            "styles of play it saw into the hand scored (as in a match file).",
        ),
    ] = 0,
    stated: Annotated[
        bool,
        typer.Option(
            "--styles-stated",
            help="Tell every seat each player's true style before the hand (as --style).",
        ),
    ] = False,
    stated_share: Annotated[
        float,
        typer.Option(
            "--stated-share",
            metavar="SHARE",
            help="With --styles-stated: how sure each stated style is, above 0 and at most 1 "
            "(1: certain).",
        ),
    ] = STATED_SHARE,
    json_out: JsonOption = False,
) -> None:
    """How true the tracker's odds are: per-card and sweep odds against the real deals.

    Plays seeded hands and, at every play and from every seat, compares the stated
    probabilities with the cards actually held: a table by bins (count, mean stated, observed),
    the Brier score, and the same for the odds on the facts alone. --model play checks the
    odds of the play model the analysis samples its deals from.
    """
    from tutor.bench.calibration import bench_calibration

    if not stated and typed_options(ctx, ("stated_share",)):  # was ignored (bench audit, stop 57)
        raise typer.BadParameter(
            _("used only with --styles-stated: how sure each stated style is"),
            param_hint="--stated-share",
        )
    doing = ngettext(
        "playing {n} hand of {players} play", "playing {n} hands of {players} play", hands
    ).format(n=hands, players=players)
    with progress_bar(_("hands"), doing) as progress:
        result = bench_calibration(
            players, hands, seed, ruleset, workers=workers, progress=progress, trust=trust,
            model=model, earlier=earlier, stated=stated, stated_share=stated_share,
        )  # fmt: skip
    from tutor.render.bench import calibration_view

    shown = ngettext(
        "interrupted: showing the {n} completed hand",
        "interrupted: showing the {n} completed hands",
        result.hands,
    ).format(n=result.hands)
    _show_run(result.to_json(), shown if result.interrupted else None, calibration_view, json_out)


@bench_app.command(
    "verdicts",
    short_help="How often the review's verdicts hold against a reference.",
    epilog=examples(
        "tutor bench verdicts --runs 40",
        "tutor bench verdicts docs/examples/scopone-hand.yaml --player South --runs 20 --json",
        "tutor bench verdicts docs/examples/scopone-hand.yaml --player South --judge play",
    ),
)
def bench_verdicts_command(
    file: Annotated[
        Path | None, file_argument("A hand record (default: seed 003's scopa hand).")
    ] = None,
    as_players: Annotated[
        list[str] | None,
        typer.Option(
            "--player",
            "-p",
            metavar="NAME",
            help="A player to review (repeat for several; default: every player).",
        ),
    ] = None,
    runs: Annotated[
        int, typer.Option("--runs", "-n", min=1, metavar="N", help="Reviews to check.")
    ] = 40,
    reference_samples: Annotated[
        int,
        typer.Option(
            "--reference-samples",
            min=2 * DEFAULT_SAMPLES,  # the library says why: twice the review's cap
            max=SAMPLES_MAX,
            metavar="R",
            help="Deals a decision for the reference review.",
        ),
    ] = 3000,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the first run.")] = 0,
    hand: HandOption = 1,
    stated: StyleOption = None,
    earlier: EarlierOption = True,
    judge: Annotated[
        str,
        typer.Option(
            "--judge",
            metavar="review|play",
            help="Whose verdicts: tutor review's (default), or the quick look tutor play gives "
            "each of your plays (under a second, one process a run).",
        ),
    ] = "review",
    workers: WorkersOption = 2,
    json_out: JsonOption = False,
) -> None:
    """How often the review's verdicts hold: each decision's class and 95% interval, and each
    player's points lost and accuracy, against a reference review of the same hand.

    The reference samples many deals a decision (3,000 by default: minutes); each run is a
    review at the default settings with its own seed. A miss counts as sure only when the
    reference's own interval lies wholly outside the run's. --judge play checks the quick
    verdicts tutor play gives each of your plays instead.
    """
    from tutor.bench.review import SEED003_RECORD, bench_verdicts
    from tutor.review.review import ReviewError

    path = file if file is not None else SEED003_RECORD
    # the reviews see the styles the hands before showed; the names as bench_verdicts reads them
    hands = record_hands(path, hand, shown=False)
    players = None
    if as_players:
        players = [
            hands[-1].players[check_player(path, hands[-1], p, "--player")] for p in as_players
        ]
    styles = review_styles(hands, stated, earlier)
    doing = ngettext(
        "a reference review, then {n} review to check against it",
        "a reference review, then {n} reviews to check against it",
        runs,
    ).format(n=runs)
    try:
        with progress_bar(_("steps"), doing) as progress:
            result = bench_verdicts(path, players, runs, reference_samples, seed, workers,
                                    progress, hand, styles, judge)  # fmt: skip
    except ReviewError as exc:  # as tutor review says it: naming the file
        raise InputError(f"{path}: {exc}") from None
    from tutor.render.bench import verdicts_view

    if result.runs:
        shown = ngettext(
            "interrupted: showing the {n} completed review",
            "interrupted: showing the {n} completed reviews",
            len(result.runs),
        ).format(n=len(result.runs))
    else:
        shown = _("interrupted during the reference review: no review was checked")
    _show_run(result.to_json(), shown if result.interrupted else None, verdicts_view, json_out)


@bench_app.command(
    "tune",
    short_help="Tune the search's play-outs: chitarrella rule weights.",
    epilog=examples(
        "tutor bench tune --generations 2 --pairs 2 --deals 50",
        "tutor bench tune --start '{\"no-sweepable-table\": 2}' --first 30 --deals 1000 --json",
    ),
)
def bench_tune_command(
    ruleset: BenchRulesetOption = "scopone-scientifico",
    generations: Annotated[
        int, typer.Option("--generations", "-g", min=1, metavar="N", help="Generations to run.")
    ] = 30,
    pairs: Annotated[
        int,
        typer.Option("--pairs", min=1, metavar="P", help="Directions scored each generation."),
    ] = 6,
    deals: Annotated[
        int,
        typer.Option("--deals", "-n", min=2, help="Duplicate deals each candidate plays."),
    ] = 400,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the directions.")] = 12345,
    start: Annotated[
        str,
        typer.Option(
            "--start",
            metavar="JSON",
            help="Weights to start from, by rule name (every rule 1 by default).",
        ),
    ] = "",
    first: Annotated[
        int,
        typer.Option(
            "--first", min=0, metavar="G", help="Number of the first generation (to go on)."
        ),
    ] = 0,
    check: Annotated[
        int,
        typer.Option(
            "--check-deals",
            min=0,
            metavar="C",
            help="Then measure the weights found on C fresh duplicate deals (seed 777).",
        ),
    ] = 0,
    workers: Annotated[int, workers_option("Worker processes.")] = 1,
    json_out: JsonOption = False,
) -> None:
    """Tune the search's play-outs: weights for the chitarrella rules, found by self-play.

    An evolution strategy over duplicate deals against the rules as the maxims give them; the
    weights shipped in tutor/search/playouts/ say which run found them (docs/solver.md).
    """
    import json

    from tutor.search.players import RULE_NAMES
    from tutor.search.tune import (
        WEIGHT_HIGH,
        WEIGHT_LOW,
        margin_against_maxims,
        start_weights,
        tune_playouts,
    )

    try:
        begin = json.loads(start) if start else {}
    except json.JSONDecodeError as exc:
        raise typer.BadParameter(
            _("not JSON: {error}").format(error=exc.msg), param_hint="--start"
        ) from None
    except RecursionError:  # arrays nested thousands deep
        raise typer.BadParameter(
            _("not valid JSON: nested too deeply"), param_hint="--start"
        ) from None
    try:
        begin = start_weights(begin) if isinstance(begin, dict) else None
    except ValueError:
        begin = None
    if begin is None:
        raise typer.BadParameter(
            _("give weights from {low} to {high} by rule name: {names}").format(
                low=WEIGHT_LOW, high=number(WEIGHT_HIGH, ".0f"), names=", ".join(RULE_NAMES)
            ),
            param_hint="--start",
        )
    rules = load_ruleset(ruleset)
    doing = ngettext(
        "tuning the play-outs of {ruleset}: {n} generation",
        "tuning the play-outs of {ruleset}: {n} generations",
        generations,
    ).format(ruleset=rules.name, n=generations)
    try:
        with progress_bar(_("generations"), doing) as progress:
            tuning = tune_playouts(  # the ruleset as given: a file's is not a shipped name
                ruleset, generations, pairs, deals, seed, begin, first, workers, progress
            )
        result = tuning.to_json()
        if check and not tuning.interrupted:
            margin = margin_against_maxims(ruleset, tuning.weights, 777, check, workers)
            result["check"] = {"deals": check, "seed": 777, **margin.to_json()}
    except KeyboardInterrupt:
        say_interrupted()
        raise typer.Exit(EXIT_INTERRUPTED) from None
    if tuning.interrupted:  # the generations done are shown, and how to go on from them
        n = len(tuning.generations)
        say_interrupted(
            ngettext(
                "interrupted: showing the weights after {n} generation",
                "interrupted: showing the weights after {n} generations",
                n,
            ).format(n=n)
        )
        if n:
            weights = json.dumps(result["weights"], separators=(",", ":"))
            again = (  # the same run on from where it stopped: its options, the weights so far
                f"tutor bench tune --ruleset {shlex.quote(ruleset)} --pairs {pairs} --deals "
                f"{deals} --seed {seed} --start {shlex.quote(weights)} --first {first + n} "
                f"--generations {generations - n}"
                + (f" --check-deals {check}" if check else "")
                + (f" --workers {workers}" if workers != 1 else "")
            )
            note("tutor: " + _("continue with: {command}").format(command=again))
    if json_out:
        print_json(result)
    else:
        # labels in words, the figures the JSON's (its "weights" and "check")
        figures: dict[str, Any] = {
            _("weight of {rule}").format(rule=k): v for k, v in result["weights"].items()
        }
        if "check" in result:
            c = result["check"]
            figures[_("check: margin over the maxims' rules (points a hand)")] = c["mean"]
            figures[_("check: 95% interval, low (points a hand)")] = c["low"]
            figures[_("check: 95% interval, high (points a hand)")] = c["high"]
            figures[_("check: duplicate deals")] = c["deals"]
        from tutor.render.bench import figures_table
        from tutor.render.terminal import emit

        console, fancy = human_console()
        emit(console, figures_table({"tune": figures}, fancy))
    if tuning.interrupted:
        raise typer.Exit(EXIT_INTERRUPTED)
