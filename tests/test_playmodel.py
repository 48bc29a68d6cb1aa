"""The play model: likelihoods that add up, readings given their due, reproducible sampling."""

from __future__ import annotations

import itertools
import math
import random
from dataclasses import replace

import pytest
from helpers import reshuffle_hidden

from tutor.counting.assignment import iter_deals
from tutor.game.rules import load_ruleset
from tutor.game.state import GameState, moves_of
from tutor.search.players import seat_view
from tutor.search.playmodel import CARE_LEVELS, PlayModel, care_prior, iter_read_deals


def partner_answers_a_taken_five() -> GameState:
    """Scopone: North (seat 2) lays a five, East (seat 3) takes it with a five; South (seat 0)
    to play, holding the third five. Who holds the fourth (5S)?"""
    rules = load_ruleset("scopone-scientifico")
    hands = [
        "5D CB 3C 6S 2D RS 4B FC 7B",
        "CD 3B AS 6B 2C RB 4S FD 7S",
        "5C 5S 3S AB 6C 2S 7D 4D FB",
        "5B CS 3D AD 6D 2B RC 4C 7C",
    ]
    state = GameState.from_cards(rules, "RD CC FS AC", hands)
    for play in ["CB x CC", "FD x FS", "5C", "5B x 5C"]:
        state.push(state.parse_move(play))
    return state


def share(deals: object, seat: int, c: int, n: int) -> float:
    return sum(d.hands[seat] >> c & 1 for d in itertools.islice(deals, n)) / n  # type: ignore[call-overload]


def test_each_level_gives_a_probability_to_every_move() -> None:
    """Over every move the hand allowed, the model's probabilities add up to one."""
    state = partner_answers_a_taken_five()
    model = PlayModel(seat_view(state, 0), 0)
    o = model.observed[1]  # North's five
    hand = state.hands[2] | o.since
    moves = moves_of(hand, o.table, state.rules)
    totals = [0.0] * len(CARE_LEVELS)
    for move in moves:
        model.observed[1] = replace(o, move=move)
        model._cache.clear()
        for i, x in enumerate(model.play_log_likelihoods(1, hand)):
            totals[i] += math.exp(x)
    assert totals == pytest.approx([1.0] * len(CARE_LEVELS))


def test_the_partner_who_answered_holds_the_fourth_five() -> None:
    state = partner_answers_a_taken_five()
    view = seat_view(state, 0)
    five = state.parse_move("5S").card
    plain = share(iter_deals(view, 0, random.Random(1), use_inferences=False), 2, five, 1500)
    read = share(iter_read_deals(view, 0, random.Random(1)), 2, five, 1500)
    assert plain == pytest.approx(1 / 3, abs=0.05)  # three hands of eight unseen cards
    assert read > plain + 0.12


def test_no_trust_reads_nothing() -> None:
    """Trust 0: every player may play anything, so every deal weighs the same."""
    state = partner_answers_a_taken_five()
    model = PlayModel(seat_view(state, 0), 0, trust=0.0)
    deals = list(itertools.islice(iter_deals(seat_view(state, 0), 0, random.Random(2)), 30))
    weights = {round(model.log_weight(d), 9) for d in deals}
    assert len(weights) == 1
    assert care_prior(0.0)[-1] == 1.0


def test_the_sampler_is_reproducible_and_reads_only_the_view() -> None:
    state = partner_answers_a_taken_five()
    other = reshuffle_hidden(state, random.Random(5))
    a = [d.hands for d in itertools.islice(iter_read_deals(state, 0, random.Random(9)), 20)]
    b = [d.hands for d in itertools.islice(iter_read_deals(other, 0, random.Random(9)), 20)]
    assert a == b


def test_only_plays_with_a_choice_and_hidden_cards_are_read() -> None:
    """The viewer's own plays, and plays of a player whose cards are all seen, say nothing."""
    rules = load_ruleset("scopa")
    state = GameState.from_cards(rules, "2C 5S", [["3S", "AD"], ["AC", "FB"]])
    state.push(state.parse_move("3S"))
    state.push(state.parse_move("FB"))
    model = PlayModel(seat_view(state, 0), 0)
    assert [o.number for o in model.observed] == [2]
    assert model.observed[0].move.card == state.stack[1].card
    state.push(state.parse_move("AD"))
    state.push(state.parse_move("AC x AD"))
    assert PlayModel(seat_view(state, 0), 0).observed == []  # West's cards are all seen now
