"""``tutor stats``: progress by theme, accuracy over time, and what is due."""

from __future__ import annotations

from tutor.cli.core import (
    DbOption,
    JsonOption,
    app,
    db_path,
    examples,
    human_console,
    print_json,
    waiting_note,
)


@app.command(
    "stats",
    short_help="Your training progress: by theme, and accuracy day by day.",
    epilog=examples("tutor stats", "tutor stats --db progress.sqlite --json"),
)
def stats_command(
    db: DbOption = None,
    json_out: JsonOption = False,
) -> None:
    """Show training progress: by theme, accuracy by day as a chart, and the puzzles due now.

    --json prints {"answered", "correct", "due", "themes": {THEME: {"answered", "correct"}},
    "days", "due_now", "boxes", "next_due", ...}. A database that does not exist yet is not
    created: it simply has no answers. The answers to tutor drill are shown apart, for each
    drill and kind of question, with the last 7 days (JSON "drills").
    """
    from tutor.training.progress import Stats, progress_stats
    from tutor.training.store import ProgressStore, is_empty_file

    path = db_path(db)
    # read only: a file or folder the user may not write to is still read; an empty file is
    # an empty database, with no answers
    if path.exists() and not is_empty_file(path):
        with ProgressStore(path, on_wait=waiting_note(path), read_only=True) as store:
            stats = progress_stats(store)
    else:
        stats = Stats(path=str(path))
    if json_out:
        print_json(stats.to_json())
        return
    from tutor.render.terminal import emit
    from tutor.render.training import stats_view

    console, fancy = human_console()
    emit(console, *stats_view(stats, fancy, width=console.width))
