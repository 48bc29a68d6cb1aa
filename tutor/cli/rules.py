"""``tutor rules``: the shipped rulesets, or one ruleset rule by rule."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from tutor.cli.core import (
    JsonOption,
    app,
    examples,
    human_console,
    print_json,
)

if TYPE_CHECKING:
    pass


# -- rules -------------------------------------------------------------------------------------


def _ruleset_json(name: str) -> dict[str, Any]:
    from dataclasses import asdict

    from tutor.game.rules import describe_ruleset, load_ruleset

    rs = load_ruleset(name)
    data = asdict(rs)
    data["primiera_values"] = {str(k): v for k, v in rs.primiera_values.items()}
    data["deals_per_hand"] = rs.deals_per_hand
    data["plays_per_hand"] = rs.plays_per_hand
    data["in_words"] = describe_ruleset(rs)
    return data


@app.command(
    "rules",
    epilog=examples(
        "tutor rules",
        "tutor rules scopone-scientifico",
        "tutor rules my-house-rules.yaml --json",
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
    from tutor.game.rules import describe_ruleset, load_ruleset, ruleset_names

    if name is None:
        rulesets = [load_ruleset(n) for n in ruleset_names()]
        if json_out:
            print_json([{"name": r.name, "description": r.description} for r in rulesets])
            return
        from tutor.render.terminal import emit, rules_table

        console, fancy = human_console()
        emit(console, rules_table(rulesets, fancy))
        return
    if json_out:
        print_json(_ruleset_json(name))
        return
    from tutor.render.terminal import emit, ruleset_text

    console, fancy = human_console()
    emit(console, ruleset_text(describe_ruleset(load_ruleset(name)), fancy))
