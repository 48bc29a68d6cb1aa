"""The review of a match file: each hand reviewed in turn, then each player's figures over it.

:func:`review_hand` reviews one hand of a match (:func:`tutor.review.review.review_record`)
with the players' styles known before it: those the user stated, then what the hands before
it showed (:func:`tutor.counting.inference.known_styles_by_seat`). :func:`review_match` does so for
every hand, hand after hand, and gives a :class:`MatchReview`, whose :meth:`MatchReview.to_json`
is what ``tutor review FILE --match --json`` prints.

Ctrl-C stops the hand under way at its last decision judged; the hands after it are not
reviewed, and the result is marked ``interrupted``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, replace
from typing import Any

from tutor.counting.inference import known_styles_by_seat
from tutor.records.record import HandRecord
from tutor.review.habits import habits_of
from tutor.review.judge import Settings
from tutor.review.review import (
    Decision,
    PlayerSummary,
    Progress,
    Review,
    ReviewError,
    match_costliest,
    match_summary,
    review_record,
)

__all__ = [
    "MatchReview",
    "FilesReview",
    "HandReviewError",
    "HandProgress",
    "review_hand",
    "review_match",
]

HandProgress = Callable[[int, int], AbstractContextManager[Progress | None]]
"""For hand ``n`` of ``hands`` (``progress(n, hands)``), the context the hand's review runs in,
giving the ``progress(done, total)`` callback of its decisions (or None): a bar per hand."""


class HandReviewError(ReviewError):
    """A hand of a match that cannot be reviewed: ``hand`` says which (1 = the first); the
    message is the hand's own."""

    def __init__(self, hand: int, error: ReviewError) -> None:
        super().__init__(str(error))
        self.hand = hand


@dataclass
class MatchReview:
    """The hands of a match reviewed in turn, up to the one Ctrl-C stopped (if any)."""

    records: list[HandRecord]
    """Every hand of the match, reviewed or not."""
    reviews: list[Review]
    """The hands reviewed, from the first."""

    @property
    def interrupted(self) -> bool:
        """Whether Ctrl-C stopped the review (in the last hand reviewed)."""
        return bool(self.reviews) and self.reviews[-1].interrupted

    @property
    def timed_out(self) -> int:
        """How many decisions of the hands reviewed the time limit cut (:attr:`Review.timed_out`
        of each)."""
        return sum(r.timed_out for r in self.reviews)

    @property
    def summary(self) -> dict[str, PlayerSummary]:
        """Each player's figures over the hands reviewed (:func:`match_summary`)."""
        return match_summary(self.reviews)

    def to_json(self) -> dict[str, Any]:
        return {
            "hands": [r.to_json() for r in self.reviews],
            "summary": players_json(self.reviews, lambda r, d: {"hand": r.hand, "play": d.play}),
            "interrupted": self.interrupted,
        }


def review_hand(
    hands: Sequence[HandRecord],
    players: Sequence[str | int] | None = None,
    *,
    all_players: bool = False,
    settings: Settings | None = None,
    stated: Mapping[str, Mapping[str, float]] | None = None,
    earlier: bool = True,
    hindsight_values: bool = False,
    progress: Progress | None = None,
) -> Review:
    """The last of ``hands`` reviewed (hand ``len(hands)`` of a match, the hands before it
    first): the decisions of ``players`` (every player with ``all_players``; None: the
    record's default, :func:`review_record`) judged within ``settings``, with the styles of
    play known before the hand: ``stated`` by player name, then (``earlier``) those the hands
    before it showed."""
    record = hands[-1]
    styles = known_styles_by_seat(hands, stated, earlier)
    settings = replace(settings or Settings(), styles=styles)
    return review_record(
        record,
        list(record.players) if all_players else players,
        settings=settings,
        hindsight_values=hindsight_values,
        hand=len(hands),
        progress=progress,
    )


def review_match(
    records: Sequence[HandRecord],
    players: Sequence[str] | None = None,
    *,
    all_players: bool = False,
    settings: Settings | None = None,
    stated: Mapping[str, Mapping[str, float]] | None = None,
    earlier: bool = True,
    hindsight_values: bool = False,
    progress: HandProgress | None = None,
    on_hand: Callable[[int, Review], None] | None = None,
) -> MatchReview:
    """Every hand of the match ``records`` reviewed in turn as :func:`review_hand` reviews it
    (``players`` by name: a player keeps their name from hand to hand, while their seat turns),
    each in the context ``progress`` gives it, and ``on_hand(n, review)`` called after hand
    ``n``. Ctrl-C stops at the last decision judged: the hands reviewed are kept, the last
    marked ``interrupted``. A hand that cannot be reviewed raises :class:`HandReviewError`."""
    reviews: list[Review] = []
    for n in range(1, len(records) + 1):
        context = progress(n, len(records)) if progress is not None else nullcontext(None)
        try:
            with context as tick:
                review = review_hand(
                    records[:n],
                    players,
                    all_players=all_players,
                    settings=settings,
                    stated=stated,
                    earlier=earlier,
                    hindsight_values=hindsight_values,
                    progress=tick,
                )
        except ReviewError as exc:
            raise HandReviewError(n, exc) from None
        reviews.append(review)
        if on_hand is not None:
            on_hand(n, review)
        if review.interrupted:
            break
    return MatchReview(list(records), reviews)


@dataclass
class FilesReview:
    """Several record files reviewed, each as :func:`review_match` reviews it (every hand, or
    the hands asked for), then each player's figures over them all: a season of one's games,
    where a player's name is the same from file to file (``tutor review A.yaml B.yaml``)."""

    files: list[tuple[str, MatchReview]]
    """Each file's name as given, with its review, in the order given; up to the one Ctrl-C
    stopped (if any)."""
    asked: int = 0
    """How many files were to be reviewed (those after the one Ctrl-C stopped are not in
    :attr:`files`); 0: as many as :attr:`files`."""

    @property
    def reviews(self) -> list[Review]:
        """Every hand reviewed, file after file."""
        return [r for _name, m in self.files for r in m.reviews]

    @property
    def interrupted(self) -> bool:
        return bool(self.files) and self.files[-1][1].interrupted

    @property
    def timed_out(self) -> int:
        return sum(m.timed_out for _name, m in self.files)

    @property
    def summary(self) -> dict[str, PlayerSummary]:
        """Each player's figures over every hand reviewed (:func:`match_summary`)."""
        return match_summary(self.reviews)

    def file_of(self, review: Review) -> str:
        """The file a hand's review comes from."""
        return next(f for f, m in self.files if any(r is review for r in m.reviews))

    def to_json(self) -> dict[str, Any]:
        return {
            "files": [{"file": f, **m.to_json()} for f, m in self.files],
            "summary": players_json(
                self.reviews,
                lambda r, d: {"file": self.file_of(r), "hand": r.hand, "play": d.play},
            ),
            "interrupted": self.interrupted,
        }


def players_json(
    reviews: Sequence[Review], where: Callable[[Review, Decision], dict[str, Any]]
) -> dict[str, Any]:
    """Each player's figures over ``reviews`` as the JSON gives them: the summary, the
    costliest decisions (each placed by ``where``: its hand and play, and its file for a
    review of several) and the habits (stop 59: the text and the page named them, the JSON of
    a match not)."""
    return {
        name: {
            **s.to_json(),
            "costliest": [where(r, d) for r, d in match_costliest(reviews, name)],
            "habits": habits_of(
                [d for r in reviews for d in r.decisions if d.player == name]
            ).to_json(),
        }
        for name, s in match_summary(reviews).items()
    }
