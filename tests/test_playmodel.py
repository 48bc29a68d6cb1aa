"""The play model: likelihoods that add up, readings given their due, reproducible sampling."""

from __future__ import annotations

import itertools
import math
import random
from dataclasses import replace

import pytest
from helpers import EXAMPLES, midgame, reshuffle_hidden

from tutor.counting.assignment import iter_deals
from tutor.game.rules import load_ruleset
from tutor.game.scoring import immediate_gain
from tutor.game.state import GameState, moves_of
from tutor.records.recordfile import load_path
from tutor.search.analysis import value_sample
from tutor.search.players import ChitarrellaPlayer, Context, seat_view
from tutor.search.playmodel import (
    CARE_LEVELS,
    CARELESS_TABLE,
    PlayModel,
    care_prior,
    iter_read_deals,
    read_odds,
)
from tutor.search.tuned import DEFAULT_PLAYOUT


def scopone_after(table: str, hands: list[str], plays: list[str]) -> GameState:
    """A scopone hand dealt ``table`` and ``hands`` (seat 0 first), after ``plays``."""
    state = GameState.from_cards(load_ruleset("scopone-scientifico"), table, hands)
    for play in plays:
        state.push(state.read_move(play))
    return state


def partner_answers_a_taken_five() -> GameState:
    """Scopone: North (seat 2) lays a five, East (seat 3) takes it with a five; South (seat 0)
    to play, holding the third five. Who holds the fourth (5S)?"""
    hands = [
        "5D CB 3C 6S 2D RS 4B FC 7B",
        "CD 3B AS 6B 2C RB 4S FD 7S",
        "5C 5S 3S AB 6C 2S 7D 4D FB",
        "5B CS 3D AD 6D 2B RC 4C 7C",
    ]
    return scopone_after("RD CC FS AC", hands, ["CB x CC", "FD x FS", "5C", "5B x 5C"])


def dealer_leaves_a_seven() -> GameState:
    """Scopone: North (seat 2) lays 7C on the table, East (seat 3, the dealer) does not take it
    and lays CC; South (seat 0) to play with no seven. Who holds the last seven (7S)?"""
    hands = [
        "2S 2B 3S 5B 6S 6B 7D FD FC",
        "2C 4D 5D 6C FS CD RD RS RB",
        "AD 3C 4C 4B 6D 7C 7S CB RC",
        "AS AB 2D 3D 3B 4S 5C FB CC",
    ]
    plays = ["7D x 7B", "5D x 5S", "RC x AC CS", "AB", "FC", "CD x AB FC", "7C", "CC"]
    return scopone_after("AC 5S 7B CS", hands, plays)


def fives_passed_up() -> GameState:
    """Scopone: East (seat 3) three times leaves a five on the table (5D, then 5D, then 5S)
    and lays a four; South (seat 0) to play. Does East hold the last five (5C)?"""
    hands = [
        "AB 2B 5B 6C 6S 6B 7D RD RS",
        "AD 2D 3S 5C 5S FD FC CD CS",
        "AS 2C 2S 3C 3B 4B 7B FB CC",
        "AC 3D 4D 4C 4S 6D 7C CB RC",
    ]
    plays = ["7D x 7S", "FD x FS", "2S", "4C", "6S x 2S 4C", "CS", "CC x CS", "4S", "5B x 5D",
             "5S", "4B x 4S", "4D"]  # fmt: skip
    return scopone_after("5D 7S FS RB", hands, plays)


POOL = 8
"""The pool each of the tests' draws weighs, a quarter of the default 32, so that the shares
of 1,000 draws stay quick to take (a smaller pool follows the weights a little less
closely: docs/solver.md measured it about 0.035 points off in a hand's value)."""


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


def plain_and_read(state: GameState, seat: int, card: str, n: int) -> tuple[float, float]:
    """The share of ``n`` deals (seen from seat 0) giving ``seat`` the card: drawn on the facts
    alone, and from the play model."""
    (plain,), (read,) = shares_of(state, (seat,), card, n)
    return plain, read


def shares_of(
    state: GameState, seats: tuple[int, ...], card: str, n: int
) -> tuple[list[float], list[float]]:
    """:func:`plain_and_read` for several seats at once, from the same draws."""
    view = seat_view(state, 0)
    c = state.read_move(card).card
    plain = list(itertools.islice(iter_deals(view, 0, random.Random(1), use_inferences=False), n))
    read = list(itertools.islice(iter_read_deals(view, 0, random.Random(1)), n))
    return [share(plain, s, c, n) for s in seats], [share(read, s, c, n) for s in seats]


def test_the_partner_who_answered_holds_the_fourth_five() -> None:
    plain, read = plain_and_read(partner_answers_a_taken_five(), 2, "5S", 1500)
    assert plain == pytest.approx(1 / 3, abs=0.05)  # three hands of eight unseen cards
    assert read > plain + 0.07  # 0.424 against 0.324 (docs/solver.md: 0.43 in 2,000 draws)


def test_the_dealer_who_left_a_seven_holds_none() -> None:
    """A seven left on the table by the dealer: he holds no seven; North, who laid one, is
    likely to hold the other (a card laid from a pair)."""
    state = dealer_leaves_a_seven()
    (plain_north, plain_dealer), (read_north, read_dealer) = shares_of(state, (2, 3), "7S", 1000)
    assert plain_north == pytest.approx(1 / 3, abs=0.06)
    assert plain_dealer == pytest.approx(1 / 3, abs=0.06)
    assert read_dealer < plain_dealer - 0.2
    assert read_north > plain_north + 0.2


def test_a_value_passed_up_three_times_is_not_held() -> None:
    plain, read = plain_and_read(fives_passed_up(), 3, "5C", 1000)
    assert plain == pytest.approx(1 / 3, abs=0.06)
    assert read < plain - 0.12


def test_the_read_moves_the_analysis_towards_answering_with_the_five() -> None:
    """Chitarrella's "answer with your own five": on the same 400 deals, valued once, 5D
    against 6S on the plain count and weighted by the play model. The read (North probably
    holds the fourth five) narrows 6S's lead (``docs/solver.md``). Measured with the untuned
    play-outs, as the page's table was; the tuned ones are the next test."""
    state = partner_answers_a_taken_five()
    view = seat_view(state, 0)
    model = PlayModel(view, 0)
    five, six = state.read_move("5D"), state.read_move("6S")
    deals = list(itertools.islice(iter_deals(view, 0, random.Random(1), use_inferences=False), 400))
    gains = []
    for k, deal in enumerate(deals):
        a, b = value_sample(deal, [five, six], f"1:{k}", playout=DEFAULT_PLAYOUT)
        gains.append(a - b)
    logs = [model.log_weight(d) for d in deals]
    weights = [math.exp(x - max(logs)) for x in logs]
    plain = sum(gains) / len(gains)
    read = sum(w * g for w, g in zip(weights, gains, strict=True)) / sum(weights)
    assert plain < 0  # on the plain count 6S is better
    assert read > plain + 0.04  # seed 1: +0.05 (five seeds: +0.05 to +0.16, docs/solver.md)


def test_the_tuned_playouts_answer_with_the_five() -> None:
    """With the play-outs tuned by self-play (``tutor/search/playouts/``), the analysis on the
    plain count already prefers Chitarrella's 5D to 6S (seed 2: +0.11; the untuned play-outs
    gave 6S +0.56 on the same deals: docs/solver.md)."""
    state = partner_answers_a_taken_five()
    view = seat_view(state, 0)
    five, six = state.read_move("5D"), state.read_move("6S")
    deals = list(itertools.islice(iter_deals(view, 0, random.Random(2), use_inferences=False), 400))
    gains = [
        a - b
        for k, deal in enumerate(deals)
        for a, b in [value_sample(deal, [five, six], f"2:{k}")]
    ]
    assert sum(gains) / len(gains) > 0.05


def test_no_trust_reads_nothing() -> None:
    """Trust 0: every player may play anything, so every deal weighs the same."""
    state = partner_answers_a_taken_five()
    model = PlayModel(seat_view(state, 0), 0, trust=0.0)
    deals = list(itertools.islice(iter_deals(seat_view(state, 0), 0, random.Random(2)), 30))
    weights = {round(model.log_weight(d), 9) for d in deals}
    assert len(weights) == 1
    assert care_prior(0.0)[-1] == 1.0


def test_a_careless_style_as_prior_reads_nothing() -> None:
    """With the tracker's styles as the prior (``styles=``), a player seen as careless for sure
    is read at plain chance only: every deal weighs the same."""
    state = partner_answers_a_taken_five()
    view = seat_view(state, 0)
    careless = {s: {"careless": 1.0} for s in (1, 2, 3)}
    model = PlayModel(view, 0, styles=careless)
    deals = list(itertools.islice(iter_deals(view, 0, random.Random(2)), 30))
    assert len({round(model.log_weight(d), 9) for d in deals}) == 1
    reading = PlayModel(view, 0, styles={s: {"careful": 1.0} for s in (1, 2, 3)})
    assert len({round(reading.log_weight(d), 9) for d in deals}) > 1


def test_a_careless_table_is_mixed_in_as_plain_chance() -> None:
    """A deal's weight is the share CARELESS_TABLE of a table where every player plays at
    random (each observed play one of the n moves the hand then allowed, alike) and the rest
    each player at their own care level."""
    state = partner_answers_a_taken_five()
    view = seat_view(state, 0)
    mixed = PlayModel(view, 0)
    apart = PlayModel(view, 0, careless_table=0.0)
    h = CARELESS_TABLE
    assert 0 < mixed.careless_table == h < 1
    for deal in itertools.islice(iter_deals(view, 0, random.Random(3), use_inferences=False), 12):
        careless = 0.0
        for o in mixed.observed:
            n = len(moves_of(deal.hands[o.seat] | o.since, o.table, state.rules))
            careless -= math.log(n)
        expected = math.log(h * math.exp(careless) + (1 - h) * math.exp(apart.log_weight(deal)))
        assert mixed.log_weight(deal) == pytest.approx(expected)
    assert PlayModel(view, 0, careless_table=1.0).careless_table == 1.0
    known = PlayModel(view, 0, styles={s: {"careful": 1.0} for s in (1, 2, 3)})
    assert known.careless_table == 0.0  # styles known before the hand say who is careless


def test_a_careless_table_tempers_an_early_read_and_fades() -> None:
    """Four plays in, the chance of a careless table still tempers the read of the five
    (weaker than without it, stronger than the plain count); a hand that goes on showing
    chosen plays leaves it nothing: the three fives passed up read alike with and without."""
    state = partner_answers_a_taken_five()
    view = seat_view(state, 0)
    five = state.read_move("5S").card

    def reads(seen: GameState, seat: int, card: int) -> tuple[float, float, float]:
        """The share of 1,500 deals drawn on the facts in which ``seat`` holds ``card``, and
        that share with the deals weighed by the model with and without a careless table
        (self-normalised, as read_odds weighs: the same deals for all three, so the gaps are
        not noise; the sampler drawing 1,500 deals for each took 7 s: test audit, stop 57)."""
        drawn = itertools.islice(iter_deals(seen, 0, random.Random(1), use_inferences=False), 1500)
        hands = [tuple(d.hands) for d in drawn]
        held = [h[seat] >> card & 1 for h in hands]
        out = [sum(held) / len(hands)]
        for careless_table in (None, 0.0):
            model = PlayModel(seen, 0, careless_table=careless_table)
            logs = [model.log_weight_of(h) for h in hands]
            weights = [math.exp(x - max(logs)) for x in logs]
            out.append(sum(w * k for w, k in zip(weights, held, strict=True)) / sum(weights))
        return out[0], out[1], out[2]

    plain, tempered, sharp = reads(view, 2, five)
    assert plain + 0.05 < tempered < sharp - 0.01  # 0.32, 0.42, 0.45
    later_state = fives_passed_up()
    c = later_state.read_move("5C").card
    _plain, with_table, without = reads(seat_view(later_state, 0), 3, c)
    assert with_table == pytest.approx(without, abs=0.03)  # 0.14 and 0.14


def test_the_sampler_is_reproducible_and_reads_only_the_view() -> None:
    state = partner_answers_a_taken_five()
    other = reshuffle_hidden(state, random.Random(5))
    a = [d.hands for d in itertools.islice(iter_read_deals(state, 0, random.Random(9)), 20)]
    b = [d.hands for d in itertools.islice(iter_read_deals(other, 0, random.Random(9)), 20)]
    assert a == b


def test_every_draw_is_a_deal_of_its_own() -> None:
    """Bug (solve sweep): eight draws were taken from one pool of 32 weighed deals, so a strong
    reading drew the same deal again (20 draws held 12.8 deals on average in partial-view.yaml
    after play 20), and the analysis's intervals, which count draws as independent, held the
    mean in 81-86% of runs, not 95%. Each draw now has a pool of its own."""
    record = load_path(EXAMPLES / "partial-view.yaml")[0]
    state = record.state_at(20)
    drawn = list(itertools.islice(iter_read_deals(state, state.turn, random.Random(1)), 64))
    assert len({id(d) for d in drawn}) == len(drawn)


def test_only_plays_with_a_choice_and_hidden_cards_are_read() -> None:
    """The viewer's own plays, and plays of a player whose cards are all seen, say nothing."""
    rules = load_ruleset("scopa")
    state = GameState.from_cards(rules, "2C 5S", [["3S", "AD"], ["AC", "FB"]])
    state.push(state.read_move("3S"))
    state.push(state.read_move("FB"))
    model = PlayModel(seat_view(state, 0), 0)
    assert [o.number for o in model.observed] == [2]
    assert model.observed[0].move.card == state.stack[1].card
    state.push(state.read_move("AD"))
    state.push(state.read_move("AC x AD"))
    assert PlayModel(seat_view(state, 0), 0).observed == []  # West's cards are all seen now


def test_read_odds_agree_with_the_sampler_and_add_up() -> None:
    """The weighted odds: each unseen card is somewhere (the seats' chances add up to one),
    and they agree with the share of the play model's draws."""
    state = partner_answers_a_taken_five()
    view = seat_view(state, 0)
    five = state.read_move("5S").card
    odds = read_odds(state, 0, random.Random(3), proposals=400)
    assert not odds.exact
    chances = [odds.probability(seat, 1 << five) for seat in (1, 2, 3)]
    assert sum(c or 0.0 for c in chances) == pytest.approx(1.0)
    drawn = share(iter_read_deals(view, 0, random.Random(1), pool=POOL), 2, five, 1500)
    assert chances[1] == pytest.approx(drawn, abs=0.08)
    assert chances[1] is not None and chances[1] > 0.4  # the facts say a third; here 0.44


def test_read_odds_say_nothing_without_a_play_to_read() -> None:
    rules = load_ruleset("scopone-scientifico")
    state = GameState.random(rules, random.Random(4))
    assert read_odds(state, 0, random.Random(1)).probability(1, 1) is None


def test_styles_known_before_the_hand_set_the_levels_prior() -> None:
    """A player known to be careless reads as chance: the deals drawn no longer follow the
    read of the five; known careful, the read stays. The review passes the styles on."""
    from tutor.counting.style import stated_style
    from tutor.review.judge import Settings

    state = partner_answers_a_taken_five()
    view = seat_view(state, 0)
    c = state.read_move("5S").card
    plain = share(iter_deals(view, 0, random.Random(1), use_inferences=False), 2, c, 1000)
    careless = {s: stated_style("careless", 1.0) for s in (1, 2, 3)}
    careful = {s: stated_style("careful", 1.0) for s in (1, 2, 3)}
    as_chance = share(
        iter_read_deals(view, 0, random.Random(1), styles=careless, pool=POOL), 2, c, 1000
    )
    as_care = share(
        iter_read_deals(view, 0, random.Random(1), styles=careful, pool=POOL), 2, c, 1000
    )
    assert as_chance == pytest.approx(plain, abs=0.05)
    assert as_care > plain + 0.1
    assert Settings().deals() is None and Settings(styles=careless).deals() is not None


def _plain_log_likelihoods(model: PlayModel, k: int, hand: int) -> tuple[float, ...]:
    """The likelihoods of observed play ``k`` the plain way, every move scored afresh: the
    reference that the play model's remembered scores must match bit for bit."""
    o = model.observed[k]
    moves = moves_of(hand, o.table, model.rules)
    n = len(moves)
    if n <= 1:
        return (0.0,) * len(model.levels)
    ctx = Context.at(model.rules, o.seat, hand, o.table, o.captured, o.next_hand,
                     o.deck_left, o.in_hands)  # fmt: skip
    scores = model.player.score_moves(ctx, moves)
    mine = moves.index(o.move)
    top, eps = max(scores), model.chance
    logs = []
    for level in model.levels:
        if level.grabbing:
            gains = [immediate_gain(model.rules, o.table, m.card, m.capture, False) for m in moves]
            best = max(gains)
            logs.append(math.log((1 - eps) * ((gains[mine] == best) / gains.count(best)) + eps / n))
        elif math.isinf(level.temperature):
            logs.append(-math.log(n))
        else:
            t = level.temperature
            z = sum(math.exp((s - top) / t) for s in scores)
            logs.append(math.log((1 - eps) * math.exp((scores[mine] - top) / t) / z + eps / n))
    return tuple(logs)


@pytest.mark.parametrize("ruleset", ["scopone-scientifico", "scopa"])
@pytest.mark.parametrize("weights", [None, {"take-scopa": 0.4, "lay-doubles": 2.5}])
def test_remembered_scores_match_scoring_every_hand_afresh(
    ruleset: str, weights: dict[str, float] | None
) -> None:
    """The play model scores a move once per play seen and count of the values its rules ask
    about; over many proposed deals of self-played positions, the likelihoods are those of
    scoring every hand afresh, exactly."""
    player = ChitarrellaPlayer(count_limit=0, weights=weights)
    checked = scored = 0
    for seed, plays in enumerate((6, 9, 12, 15)):
        state = midgame(ruleset, seed, plays)
        view = seat_view(state, state.turn)
        model = PlayModel(view, state.turn, player=player)
        deals = iter_deals(view, state.turn, random.Random(seed), use_inferences=False)
        for deal in itertools.islice(deals, 60):
            for k, o in enumerate(model.observed):
                hand = deal.hands[o.seat] | o.since
                assert model.play_log_likelihoods(k, hand) == _plain_log_likelihoods(model, k, hand)
                checked += 1
        scored += sum(len(known) for _, known in model._memo.values())
    assert checked > 100
    assert 0 < scored < checked  # fewer moves scored than plays weighed: the scores were shared
