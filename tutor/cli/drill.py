"""``tutor drill 48``: counting practice on random positions."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Annotated, Any

import typer

from tutor.cli.core import (
    JsonOption,
    TrustOption,
    app,
    deck_style,
    examples,
    note,
    print_json,
)
from tutor.counting.trust import TRUST_DEFAULT

if TYPE_CHECKING:
    pass


@app.command(
    "drill",
    epilog=examples("tutor drill 48", "tutor drill 48 --ruleset scopa --seed 7 --rounds 3"),
)
def drill_command(
    kind: Annotated[
        str, typer.Argument(metavar="48", help="The drill: 48, the rule of 48.", show_default=False)
    ],
    ruleset: Annotated[
        str, typer.Option("--ruleset", "-r", help="A ruleset name or YAML file.")
    ] = "scopone-scientifico",
    seed: Annotated[
        int | None, typer.Option("--seed", help="Seed: the same seed asks the same questions.")
    ] = None,
    rounds: Annotated[int, typer.Option("--rounds", "-n", min=1, help="Questions to ask.")] = 5,
    question: Annotated[
        str,
        typer.Option(
            "--question",
            help="unmatched (which values), holder (who holds a card: must, or most likely, "
            "when readings of behaviour point at a player) or mixed.",
        ),
    ] = "mixed",
    players: Annotated[
        str, typer.Option("--players", help="How the computer plays: greedy or random.")
    ] = "greedy",
    deck: Annotated[str, typer.Option("--deck", help="Card notation of the deck.")] = "italian",
    trust: TrustOption = TRUST_DEFAULT,
    json_out: JsonOption = False,
) -> None:
    """Practise the rule of 48: a random hand is played to a random point, then a question.

    Each question shows the hand so far from your seat (the opening table, every play, the
    table now and your cards) and asks which values are unmatched, or who holds a given card
    (who must, from the facts, or who most likely does, from readings of behaviour); type the
    answer (values like 2 6 8 or none; or a player's name). The tutor checks it and explains:
    the list of sparigli, or the deduction and what it rests on. Answers are
    read from standard input, so a drill can be scripted; --seed makes it repeatable; with
    --json the questions go to stderr and a summary in JSON to stdout.
    """
    import random

    from tutor.training.drill import KINDS, PLAYER_KINDS, check_answer, make_question

    if kind != "48":
        raise typer.BadParameter(f"unknown drill {kind!r}; the drill is: 48", param_hint="KIND")
    if question not in KINDS:
        raise typer.BadParameter(f"choose one of {', '.join(KINDS)}", param_hint="--question")
    if players not in PLAYER_KINDS:
        raise typer.BadParameter(f"choose one of {', '.join(PLAYER_KINDS)}", param_hint="--players")
    style = deck_style(deck)
    if seed is None:
        seed = random.randrange(10**6)
        note(f"tutor: seed {seed} (use --seed {seed} to ask the same questions again)")
    from tutor.game.rules import load_ruleset

    rules = load_ruleset(ruleset)
    rng = random.Random(seed)
    interactive = sys.stdin.isatty()
    out = sys.stderr if json_out else sys.stdout
    results: list[dict[str, Any]] = []
    right = 0
    for number in range(1, rounds + 1):
        q = make_question(rules, rng, kind=question, players=players, style=style, trust=trust)
        out.write(f"\nQuestion {number} of {rounds}\n" + "\n".join(q.position) + "\n")
        out.write(q.question + "\n")
        out.flush()
        line = _drill_answer(q, interactive)
        if line is None:
            note("tutor: no more answers: the drill stops")
            break
        result = check_answer(q, line)
        right += result.correct
        out.write(result.message + "\n" + "\n".join(result.explanation) + "\n")
        out.flush()
        results.append({**q.to_json(), "answer": line.strip(), "correct": result.correct})
    summary = f"Score: {right} of {len(results)}."
    if json_out:
        note(summary)
        print_json(
            {
                "seed": seed,
                "ruleset": rules.name,
                "right": right,
                "asked": len(results),
                "questions": results,
            }
        )
    else:
        out.write("\n" + summary + "\n")
        out.flush()


def _drill_answer(question: Any, interactive: bool) -> str | None:
    """The next readable answer from stdin (None at the end): a slip is said and asked again."""
    from tutor.training.drill import answer_problem

    while True:
        if interactive:
            sys.stderr.write("answer> ")
            sys.stderr.flush()
        line = sys.stdin.readline()
        if not line:
            if interactive:
                sys.stderr.write("\n")
            return None
        if not line.strip():
            continue
        problem = answer_problem(question, line)
        if problem is None:
            return line
        note(f"tutor: {problem}; try again")
