"""``tutor rules``: the shipped rulesets, or one ruleset rule by rule."""

from __future__ import annotations

from typing import Annotated

import typer

from tutor.cli.core import (
    JsonOption,
    app,
    examples,
    human_console,
    print_json,
)
from tutor.game.i18n import _
from tutor.game.rules import UnknownRulesetError, describe_ruleset, load_ruleset, ruleset_names

# -- rules -------------------------------------------------------------------------------------


@app.command(
    "rules",
    short_help="List the shipped rulesets, or show one rule by rule.",
    epilog=examples(
        "tutor rules",
        "tutor rules scopone-scientifico",
        "tutor rules rulesets/scopa-re-bello.yaml --json",
    ),
)
def rules_command(
    name: Annotated[
        str | None,
        typer.Argument(
            metavar="NAME",
            help="A ruleset name or YAML file; omit to list them.",
            show_default=False,
        ),
    ] = None,
    json_out: JsonOption = False,
) -> None:
    """List the shipped rulesets, or show one rule by rule."""
    if name is None:
        rulesets = [load_ruleset(n) for n in ruleset_names()]
        if json_out:
            print_json([r.summary_json() for r in rulesets])
            return
        # lazy: rich loads only for human output
        from tutor.render.rules import rules_table
        from tutor.render.terminal import emit

        console, fancy = human_console()
        emit(console, rules_table(rulesets, fancy))
        return
    try:
        rules = load_ruleset(name)
    except UnknownRulesetError as exc:
        raise typer.BadParameter(str(exc), param_hint=_("NAME")) from None
    if json_out:
        print_json(rules.to_json())
        return
    # lazy: rich loads only for human output
    from tutor.render.rules import ruleset_text
    from tutor.render.terminal import emit

    console, fancy = human_console()
    emit(console, ruleset_text(describe_ruleset(rules), fancy))
