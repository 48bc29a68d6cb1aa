"""``tutor review``: the cost of every decision of a played hand, named mistakes, a report.

Also the position form of ``tutor explain`` (``tutor explain FILE --at N``), which
:mod:`tutor.cli.explain` hands over to :func:`explain_position_command`.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from tutor.cli.core import (
    EarlierOption,
    InputError,
    JsonOption,
    StyleOption,
    WorkersOption,
    app,
    check_at,
    check_output,
    check_player,
    decisions_timed_out,
    examples,
    file_argument,
    file_option,
    given_path,
    is_stdout,
    note,
    progress_bar,
    record_hands,
    record_hands_and_count,
    show_result,
    stated_styles,
    time_up,
    write_output,
)
from tutor.game.i18n import _, ngettext, number
from tutor.records.record import HandRecord
from tutor.review.defaults import DEFAULT_SAMPLES, DEFAULT_TIME
from tutor.search.defaults import SAMPLES_MAX, TIME_MAX

if TYPE_CHECKING:  # the review loads only when a command runs
    from rich.console import RenderableType

    from tutor.review.judge import Settings
    from tutor.review.review import Progress, Review

__all__ = ["review_command", "explain_position_command"]


SamplesOption = Annotated[
    int,
    typer.Option(
        "--samples",
        "-k",
        min=2,
        max=SAMPLES_MAX,
        metavar="K",
        help=f"The most deals sampled per decision (default {DEFAULT_SAMPLES}).",
    ),
]


def time_option(short: bool = True) -> object:
    """The ``--time`` option (``-t`` too, unless a command already uses it)."""
    names = ("--time", "-t") if short else ("--time",)
    return Annotated[
        float,
        typer.Option(
            *names,
            min=0.01,
            max=TIME_MAX,
            help=f"Seconds of sampling per decision (default {DEFAULT_TIME:g}); the first round "
            "of deals always completes.",
        ),
    ]


TimeOption = time_option()
SeedOption = Annotated[int, typer.Option("--seed", help="Seed of the sampling.")]
HandOption = Annotated[
    int, typer.Option("--hand", min=1, help="Which hand of a match file (1 = first).")
]


@app.command(
    "review",
    short_help="Judge every decision of a played hand from the mover's seat.",
    epilog=examples(
        "tutor review docs/examples/seed003-scopa.yaml --all",
        "tutor review docs/examples/scopone-hand.yaml --as South --html south.html",
        "tutor review docs/examples/seed003-scopa.yaml --as You --json",
        "tutor review docs/examples/scopa-match.yaml --match --all",
        "tutor review docs/examples/scopone-hand.yaml docs/examples/partial-view.yaml --as South",
    ),
)
def review_command(
    file: Annotated[Path, file_argument("A hand record.")],
    more: Annotated[
        list[Path] | None,
        typer.Argument(
            metavar="FILE",
            help="More records: each file's first hand (every hand with --match) is reviewed, "
            "then the summary, the costliest plays and the habits over them all (with --html, "
            "one page of it all).",
            show_default=False,
            parser=given_path,
        ),
    ] = None,
    as_players: Annotated[
        list[str] | None,
        typer.Option(
            "--as",
            metavar="PLAYER",
            help="A player to review (repeat for several; default: the players whose cards "
            "the record gives, or all).",
        ),
    ] = None,
    all_players: Annotated[bool, typer.Option("--all", help="Review every player.")] = False,
    hand: Annotated[
        int | None,
        typer.Option("--hand", min=1, help="Which hand of a match file (1 = first; default 1)."),
    ] = None,
    whole_match: Annotated[
        bool,
        typer.Option(
            "--match",
            help="Review every hand of a match file in turn, then sum each player's figures "
            "over the match (with --html, one page of it all).",
        ),
    ] = False,
    samples: SamplesOption = DEFAULT_SAMPLES,
    time_limit: TimeOption = DEFAULT_TIME,  # type: ignore[valid-type]
    seed: SeedOption = 0,
    workers: WorkersOption = None,
    hindsight: Annotated[
        bool,
        typer.Option(
            "--hindsight", help="Add each move's value with every hand visible (hindsight)."
        ),
    ] = False,
    json_out: JsonOption = False,
    html: Annotated[
        Path | None,
        file_option(
            "--html",
            metavar="OUT",
            help="Also write the review as a self-contained HTML page to OUT; the text report "
            "still prints on standard output. With - the page alone goes to standard output, "
            "instead of the text.",
        ),
    ] = None,
    stated: StyleOption = None,
    earlier: EarlierOption = True,
) -> None:
    """Judge every decision of a played hand from the mover's seat.

    Each decision gets the cost of the move played against the best move (points of the hand,
    with a 95% interval from paired samples, or exact when counting pins every card), a class
    (forced, best, good, inaccuracy, mistake, blunder; when the samples cannot decide, the
    classes the interval spans, such as good–mistake) and
    named observations citing the maxims of docs/strategy.md. A summary per player follows.
    """
    from tutor.review.judge import Settings

    if as_players and all_players:
        raise typer.BadParameter(_("give --as or --all, not both"), param_hint="--all")
    if whole_match and hand is not None:
        raise typer.BadParameter(_("give --hand or --match, not both"), param_hint="--match")
    if html is not None:
        if is_stdout(html) and json_out:
            raise typer.BadParameter(
                _("--html - and --json both print on standard output: give one"),
                param_hint="--html",
            )
        check_output(html, "--html", "review.html", file, *(more or []))
    settings = Settings(samples=samples, time=time_limit, seed=seed,
                        workers=workers or os.cpu_count() or 1)  # fmt: skip
    if more:
        # each file's hand 1 or every hand is reviewed; hindsight shows in a hand's decisions,
        # which a review of several files gives one by one only in its JSON and its page
        if hand is not None:
            raise typer.BadParameter(
                _("--hand takes one file, not several: each file's hand 1 is reviewed, every "
                  "hand with --match"),
                param_hint="--hand",
            )  # fmt: skip
        if hindsight and html is None and not json_out:
            raise typer.BadParameter(
                _("--hindsight with several files needs --html or --json: the text gives no "
                  "decision one by one"),
                param_hint="--hindsight",
            )  # fmt: skip
        _review_files([file, *more], as_players, all_players, settings, hindsight, json_out,
                      stated, earlier, whole_match, html)  # fmt: skip
        return
    if whole_match:
        _review_match(file, as_players, all_players, settings, hindsight, json_out, stated,
                      earlier, html)  # fmt: skip
        return
    hands, held = record_hands_and_count(file, hand or 1, shown=not json_out)
    if hand is None and held > 1:  # the other hands said, not passed over in silence (play
        # audit, stop 57: a review of the file tutor play saved showed its first hand alone)
        note(
            "tutor: "
            + ngettext(
                "{file} holds {n} hand: this is the review of hand 1 (--hand N for another, "
                "--match for all)",
                "{file} holds {n} hands: this is the review of hand 1 (--hand N for another, "
                "--match for all)",
                held,
            ).format(file=file, n=held)
        )
    hand = hand or 1
    if time_limit:
        # "and", as the review's heading says it: two caps (English audit, stop 52)
        budget = _("up to {n} sampled deals and {seconds} s").format(
            n=samples, seconds=number(time_limit, "g")
        )
    else:
        budget = _("up to {n} sampled deals").format(n=samples)
    doing = _("reviewing the decisions of {file} ({budget} each)").format(file=file, budget=budget)
    review = _review_hand(file, hands, as_players, all_players, settings, stated, earlier,
                          hindsight, doing)  # fmt: skip

    def page() -> str:
        from tutor.render.html import review_page

        return review_page(review)

    from tutor.render.review import review_view

    _show_review(review.timed_out, review.interrupted, html, page, review.to_json,
                 lambda fancy: review_view(review, fancy), json_out)  # fmt: skip


def _players(
    file: Path, record: HandRecord, as_players: list[str] | None, all_players: bool
) -> list[str] | None:
    """The players ``--as`` names, as ``record`` writes them (None: every player with
    ``--all``, else the record's default); bad input for a name the record has not."""
    if all_players or not as_players:
        return None
    return [record.players[check_player(file, record, p)] for p in as_players]


def _review_notes(review: Review, hindsight: bool, where: str) -> None:
    """On stderr, after ``where``, the plays of ``review`` not reviewed and a hindsight the
    record cannot give."""
    for play, why in review.skipped:
        note(f"tutor: {where}" + _("play {n} not reviewed: {why}").format(n=play, why=why))
    if hindsight and not any(d.hindsight for d in review.decisions) and review.decisions:
        note(f"tutor: {where}" + _("no hindsight: the record does not reveal every hand"))


def _review_hand(
    file: Path,
    hands: list[HandRecord],
    as_players: list[str] | None,
    all_players: bool,
    budget: Settings,
    stated: list[str] | None,
    earlier: bool,
    hindsight: bool,
    doing: str,
) -> Review:
    """``tutor review FILE --hand N``: the last of ``hands`` reviewed (hand ``len(hands)`` of
    the file) with the styles the hands before it showed, under a progress bar saying
    ``doing``."""
    from tutor.review.match import review_hand
    from tutor.review.review import ReviewError

    record = hands[-1]
    players = _players(file, record, as_players, all_players)
    known = stated_styles(record.players, stated or [])
    try:
        with progress_bar(_("reviewing"), doing) as progress:
            review = review_hand(hands, players, all_players=all_players, settings=budget,
                                 stated=known, earlier=earlier, hindsight_values=hindsight,
                                 progress=progress)  # fmt: skip
    except ReviewError as exc:
        raise InputError(f"{file}: {exc}") from None
    _review_notes(review, hindsight, f"{file}: ")
    return review


def _review_match(
    file: Path,
    as_players: list[str] | None,
    all_players: bool,
    budget: Settings,
    hindsight: bool,
    json_out: bool,
    stated: list[str] | None,
    earlier: bool,
    html: Path | None,
) -> None:
    """``tutor review FILE --match``: each hand in turn, as ``--hand N`` reviews it (the
    styles read from the hands before it), then each player's figures over the match, and
    with ``--html`` the page of them all (:func:`tutor.review.match.review_match`). Ctrl-C
    shows the hands reviewed, the one under way up to its last decision judged."""
    from tutor.review.match import HandReviewError, review_match

    records = record_hands(file, None, shown=not json_out)
    # the hands of a match file have the same players (validate_match): checked once, first
    players = _players(file, records[0], as_players, all_players)
    known = stated_styles(records[0].players, stated or [])

    def bar(n: int, hands: int) -> contextlib.AbstractContextManager[Progress]:
        doing = _("reviewing hand {n} of {hands} of {file}").format(n=n, hands=hands, file=file)
        return progress_bar(_("reviewing"), doing)

    try:
        match = review_match(records, players, all_players=all_players, settings=budget,
                             stated=known, earlier=earlier, hindsight_values=hindsight,
                             progress=bar,
                             on_hand=lambda n, review: _review_notes(
                                 review, hindsight, f"{file}: --hand {n}: "))  # fmt: skip
    except HandReviewError as exc:
        raise InputError(f"{file}: --hand {exc.hand}: {exc}") from None

    def page() -> str:
        from tutor.records.replay import replay_match
        from tutor.render.html import match_page

        return match_page(match.reviews, replay_match(match.records))

    from tutor.render.review import match_review_view

    _show_review(match.timed_out, match.interrupted, html, page, match.to_json,
                 lambda fancy: match_review_view(match.reviews, len(match.records), fancy),
                 json_out)  # fmt: skip


def _review_files(
    files: list[Path],
    as_players: list[str] | None,
    all_players: bool,
    budget: Settings,
    hindsight: bool,
    json_out: bool,
    stated: list[str] | None,
    earlier: bool,
    whole_match: bool,
    html: Path | None,
) -> None:
    """``tutor review A.yaml B.yaml ...``: each file's first hand (every hand with ``--match``)
    reviewed as one file's would be, then each player's figures, costliest plays and habits
    over them all (:class:`tutor.review.match.FilesReview`), and with ``--html`` the page of
    it all (with ``hindsight``, each decision's value with every hand visible, for the page
    and the JSON). Every file is read first, so that a bad one stops the run before any review;
    Ctrl-C shows the files reviewed so far."""
    from tutor.review.match import FilesReview, HandReviewError, review_match

    loaded = []
    seen: dict[tuple[object, ...], Path] = {}
    for path in files:  # all read and checked before the long work
        records = record_hands(path, None, shown=not json_out)
        # a file given twice (or a copy of one) would count its every figure twice
        same = seen.setdefault(tuple(r.hand_key() for r in records), path)
        if same is not path:
            note("tutor: " + _("{file} holds the same hands as {first}: reviewed once").format(
                file=path, first=same))  # fmt: skip
            continue
        if not whole_match and len(records) > 1:
            note("tutor: " + ngettext(
                "{file} holds {n} hand: its hand 1 is reviewed (--match for all)",
                "{file} holds {n} hands: its hand 1 is reviewed (--match for all)",
                len(records),
            ).format(file=path, n=len(records)))  # fmt: skip
        records = records if whole_match else records[:1]
        players = _players(path, records[0], as_players, all_players)
        loaded.append((path, records, players, stated_styles(records[0].players, stated or [])))
    done = FilesReview([], asked=len(loaded))
    for i, (path, records, players, known) in enumerate(loaded, 1):

        def bar(n: int, hands: int, path: Path = path, i: int = i) -> Any:
            doing = _("reviewing hand {n} of {hands} of {file} (file {i} of {files})").format(
                n=n, hands=hands, file=path, i=i, files=len(loaded)
            )
            return progress_bar(_("reviewing"), doing)

        def notes(n: int, review: Review, path: Path = path) -> None:
            _review_notes(review, hindsight, f"{path}: --hand {n}: ")

        try:
            match = review_match(records, players, all_players=all_players, settings=budget,
                                 stated=known, earlier=earlier, hindsight_values=hindsight,
                                 progress=bar, on_hand=notes)  # fmt: skip
        except HandReviewError as exc:
            raise InputError(f"{path}: --hand {exc.hand}: {exc}") from None
        done.files.append((str(path), match))
        if match.interrupted:
            break

    def page() -> str:
        from tutor.render.html import files_page

        return files_page(done)

    from tutor.render.review import files_review_view

    _show_review(done.timed_out, done.interrupted, html, page, done.to_json,
                 lambda fancy: files_review_view(done, fancy), json_out)  # fmt: skip


def _show_review(
    timed_out: int,
    interrupted: bool,
    html: Path | None,
    page: Callable[[], str],
    to_json: Callable[[], Any],
    view: Callable[[bool], Sequence[RenderableType]],
    json_out: bool,
) -> None:
    """The end of every review (a hand, a match, several files): a word on the decisions the
    time cut short, the ``page`` written with ``--html`` (alone on standard output with
    ``--html -``), then the text or the JSON, cut short after a Ctrl-C."""
    decisions_timed_out(timed_out)
    if html is not None:
        write_output(html, page())
        if is_stdout(html):  # the page is the output
            return
    cut = _("interrupted: the review stops at the last decision judged") if interrupted else None
    show_result(to_json, view, json_out, cut)


def review_styles(
    hands: list[HandRecord], stated: list[str] | None = None, earlier: bool = True
) -> dict[int, Mapping[str, float]]:
    """By seat, the styles of play known before the last of ``hands``, ``--style`` parsed
    (:func:`tutor.counting.inference.known_styles_by_seat`): the play model's priors."""
    # lazy: the counting layer loads only for the commands that read styles
    from tutor.counting.inference import known_styles_by_seat

    stated_by_name = stated_styles(hands[-1].players, stated or [])
    return known_styles_by_seat(hands, stated_by_name, earlier)


def explain_position_command(
    file: Path,
    at: int,
    as_player: str | None,
    hand: int,
    samples: int,
    time_limit: float,
    seed: int,
    workers: int | None,
    json_out: bool,
) -> None:
    """``tutor explain FILE --at N``: every legal move of the player to move, in plain words."""
    from tutor.review.explain import explain_position
    from tutor.review.judge import Settings
    from tutor.review.review import ReviewError

    hands = record_hands(file, hand, shown=not json_out)
    record = hands[-1]
    player = None
    if as_player is not None:
        player = record.players[check_player(file, record, as_player)]
    check_at(file, record, at)
    if not json_out:  # a player named You, seen from another's seat, is named in quotes, as
        # track and replay name them ("the odds that “You” hold one", not "that you hold one":
        # coach audit, stop 60); the JSON keeps the record's names
        record = record.seen_from(record.players[record.state_at(at).turn])
    settings = Settings(samples=samples, time=time_limit, seed=seed,
                        workers=workers or os.cpu_count() or 1,
                        styles=review_styles(hands))  # fmt: skip
    doing = ngettext(
        "valuing every move over up to {n} deal sampled from the mover's seat",
        "valuing every move over up to {n} deals sampled from the mover's seat",
        samples,
    ).format(n=samples)
    try:
        # a bar, and Ctrl-C shows the values found, as solve does (output audit, stop 54: it
        # sat silent for seconds and Ctrl-C threw the values away)
        with progress_bar(_("sampling"), doing) as progress:
            ex = explain_position(
                record, at, player, settings=settings, progress=progress, keep_interrupted=True
            )
    except ReviewError as exc:
        raise InputError(f"{file}: {exc}") from None
    from tutor.render.review import explanation_view

    if ex.timed_out:
        time_up(ex.samples, ex.requested)
    cut_short = _("interrupted: showing what was computed") if ex.interrupted else None
    show_result(ex.to_json, lambda fancy: explanation_view(ex, fancy), json_out, cut_short)
