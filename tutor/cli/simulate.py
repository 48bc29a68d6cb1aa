"""``tutor simulate``: computer players against each other on duplicate deals."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from tutor.cli.core import (
    EXIT_INTERRUPTED,
    EXIT_OUTPUT,
    InputError,
    JsonOption,
    RulesetOption,
    WorkersOption,
    app,
    check_out_folder,
    examples,
    fail,
    given_path,
    human_console,
    interrupted,
    note,
    print_json,
    progress_bar,
)
from tutor.game.i18n import _, ngettext
from tutor.game.rules import Ruleset, load_ruleset

if TYPE_CHECKING:
    from tutor.search.simulate import SimulationResult

# -- simulate ----------------------------------------------------------------------------------


@app.command(
    "simulate",
    short_help="Pit two computer players against each other on duplicate deals.",
    epilog=examples(
        "tutor simulate --ruleset scopone-scientifico --players chitarrella,greedy "
        "--deals 200 --seed 1",
        "tutor simulate --players search:1,greedy --deals 2 --records games/",
    ),
)
def simulate_command(
    ruleset: RulesetOption = "scopone-scientifico",
    players: Annotated[
        str,
        typer.Option(
            "--players",
            "-p",
            metavar="A,B",
            help="Two players A,B: random, greedy, chitarrella, search, search-classic, ismcts "
            "(the last three take :SECONDS a move), or the yardsticks, not fair players, "
            "search-sighted:SECONDS (search shown every hand) and search-hands:SECONDS (shown "
            "every hand but not the order of the cards still to deal).",
        ),
    ] = "chitarrella,greedy",
    hands: Annotated[
        int | None,
        typer.Option(
            "--deals",
            "--hands",
            "-n",
            min=1,
            metavar="N",
            help="N duplicate deals, each played twice with the sides exchanged (2N hands); "
            "--hands is its older name.",
        ),
    ] = None,
    matches: Annotated[
        int | None,
        typer.Option("--matches", "-m", min=1, help="N duplicate matches to the target."),
    ] = None,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the deals and the players.")] = 0,
    workers: WorkersOption = None,
    json_out: JsonOption = False,
    records: Annotated[
        Path | None,
        typer.Option(
            "--records",
            metavar="DIR",
            parser=given_path,
            help="Also write every hand played as a record in DIR (made if missing; it must "
            "hold no records yet), to replay or review: deal-000-a.yaml, deal-000-b.yaml, ...",
        ),
    ] = None,
) -> None:
    """Pit two computer players on duplicate deals and report points, scope and win rates.

    Every deal is played twice with the players' sides exchanged, so the difference of their
    points per hand measures play, not cards; its 95% interval says whether it is real.
    """
    # lazy: the search loads the assignment model; replay --json must start fast
    from tutor.search.roster import make_player
    from tutor.search.simulate import simulate as run_simulation

    if hands is not None and matches is not None:
        raise typer.BadParameter(_("give --deals or --matches, not both"), param_hint="--deals")
    specs = [p.strip() for p in players.split(",")]
    if len(specs) != 2 or not all(specs):
        raise typer.BadParameter(
            _("give two players separated by a comma, not {text!r}").format(text=players),
            param_hint="--players",
        )
    for spec in specs:
        try:
            make_player(spec, sighted=True)
        except ValueError as exc:
            raise typer.BadParameter(str(exc), param_hint="--players") from None
    if records is not None:
        check_records_dir(records)
    rules = load_ruleset(ruleset)
    if rules.sides != 2:
        raise InputError(
            f"--ruleset {ruleset}: "
            + _("simulation pits two sides; it has {n}").format(n=rules.sides)
        )
    n_deals = 100 if hands is None and matches is None else hands
    what = _("deals") if n_deals is not None else _("matches")
    if n_deals is not None:
        count = ngettext("{n} duplicate deal", "{n} duplicate deals", n_deals).format(n=n_deals)
    else:
        count = ngettext("{n} duplicate match", "{n} duplicate matches", matches or 0).format(
            n=matches
        )
    doing = ngettext(
        "playing {what} of {ruleset}, twice: {a} against {b}",
        "playing {what} of {ruleset}, each twice: {a} against {b}",
        n_deals if n_deals is not None else matches or 0,
    ).format(what=count, ruleset=rules.name, a=specs[0], b=specs[1])
    writer = None
    if records is not None:
        from tutor.records.recordfile import ruleset_key

        # a house ruleset's file as the records will find it, from their folder
        writer = RecordWriter(records, rules, ruleset_key(ruleset, "<command line>",
                                                          records / "deal.yaml"))  # fmt: skip
    with progress_bar(what, doing) as progress:
        result = run_simulation(
            rules,
            specs,
            deals=n_deals,
            matches=matches,
            seed=seed,
            workers=workers,
            progress=progress,
            on_deal=None if writer is None else writer.add,
        )
    if result.interrupted:
        if n_deals is not None:
            done = ngettext(
                "interrupted: showing the {n} completed deal",
                "interrupted: showing the {n} completed deals",
                result.deals,
            )
        else:
            done = ngettext(
                "interrupted: showing the {n} completed match",
                "interrupted: showing the {n} completed matches",
                result.deals,
            )
        interrupted(done.format(n=result.deals))
    if writer is not None:
        writer.finish(result)
    if json_out:
        print_json(result.to_json())
    else:
        # lazy: rich loads only for human output
        from tutor.render.simulate import simulation_view
        from tutor.render.terminal import emit

        console, fancy = human_console()
        emit(console, *simulation_view(result, fancy))
    if result.interrupted:
        raise typer.Exit(EXIT_INTERRUPTED)


RECORD_PATTERNS = ("deal-*.yaml", "match-*.yaml")
"""The names ``--records`` writes: a folder that holds any is another run's, never overwritten."""


def check_records_dir(folder: Path) -> None:
    """A usage error, before any game is played, when ``--records`` cannot take the records:
    not a folder one can write in (:func:`check_out_folder`), or holding another run's
    records (which would be mixed or overwritten)."""
    check_out_folder(folder, "--records")
    if any(next(folder.glob(p), None) for p in RECORD_PATTERNS):
        raise typer.BadParameter(
            _("{dir} already holds records of a simulation: give an empty or new folder")
            .format(dir=folder),
            param_hint="--records",
        )  # fmt: skip


class RecordWriter:
    """Writes each hand played to its own file in a folder (made if missing), all or nothing
    per file, as soon as its deal is played: a run killed keeps the deals it finished (kill
    audit, stop 57: they were written only at the end, and a kill at 99% kept none)."""

    def __init__(self, folder: Path, rules: Ruleset, ruleset_key: str) -> None:
        self.folder = folder
        self.rules = rules
        self.ruleset_key = ruleset_key
        self.written: set[str] = set()
        self.problem: str | None = None
        """Why writing stopped (the disk filled, the folder went), said at the end."""

    def add(self, result: SimulationResult) -> None:
        """Write the hands of ``result`` not written yet; after a failure, nothing more."""
        from tutor.game.textfile import os_reason
        from tutor.records.recordfile import SaveError, dumps, save_atomically

        if self.problem is not None:
            return
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            for stem, record in result.hand_records(self.rules, self.ruleset_key):
                if stem not in self.written:
                    save_atomically(self.folder / f"{stem}.yaml", dumps([record]))
                    self.written.add(stem)
        except (OSError, SaveError) as e:
            self.problem = str(e) if isinstance(e, SaveError) else f"{self.folder}: {os_reason(e)}"

    def finish(self, result: SimulationResult) -> None:
        """Write what is left of the whole run's hands and say how many are in the folder;
        exit 74 when some could not be written."""
        total = result.hands
        try:
            if len(self.written) < total:  # a deal a Ctrl-C cut off from add: built again
                self.add(result)
        except KeyboardInterrupt:  # a second Ctrl-C: what is in the folder is said (stop 48)
            interrupted(
                _("interrupted: wrote {n} of the {total} records to {dir}").format(
                    n=len(self.written), total=total, dir=self.folder
                )
            )
            raise
        if self.problem is not None:
            wrote = ngettext("wrote {n} of the {total} record", "wrote {n} of the {total} records",
                             total).format(n=len(self.written), total=total)  # fmt: skip
            fail(f"{self.problem} ({wrote})", EXIT_OUTPUT)
        said = ngettext("wrote {n} record to {dir}", "wrote {n} records to {dir}", total)
        note("tutor: " + said.format(n=total, dir=self.folder))
