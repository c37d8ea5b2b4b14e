"""Judge messages and audit findings in words: a rule id and its facts, rendered.

``render(rule, params, lang, vocabulary)`` gives the sentence an arbiter reads:

>>> facts = {"seat": "S", "card": "7C", "led": "S", "best": "AS", "trump": "H",
...          "allowed": ["JS"]}
>>> render("must-follow-suit", facts, "fr")
"renonce : S a joué le 7♣ alors qu'il devait fournir à pique (cartes autorisées : V♠)"
>>> render("must-follow-suit", facts, "en")
'S played 7♣ but must follow suit (spades led) (allowed: J♠)'
>>> render("already-coinched", {"seat": "E"}, "fr", Vocabulary.CONTREE)
'E contre un contrat déjà contré'

Every rule id the rules, the fold, the audit and the write-side check produce has a
message here (:data:`RULES`); a fact a stored row no longer carries is shown as
``?``. Rows written before the facts existed carry their English sentence as the
fact ``text``, shown as it is.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from i18n.vocabulary import Vocabulary
from i18n.words import Speaker, speaker

Params = Mapping[str, Any]


class _Words(dict[str, str]):
    """The words of a finding's facts; a missing one reads ``?``."""

    def __missing__(self, key: str) -> str:
        return "?"


def _words(s: Speaker, p: Params) -> _Words:
    w = _Words()
    for key in ("seat", "turn"):
        if isinstance(p.get(key), str):
            w[key] = s.seat(p[key])
    for key in ("card", "best"):
        if isinstance(p.get(key), str):
            w[key] = s.card_label(p[key])
            w["the_" + key] = s.the_card(p[key])
    if isinstance(p.get("led"), str):
        w["led"] = s.suit(p["led"])
    if isinstance(p.get("suit"), str):
        w["suit"] = s.suit(p["suit"])
    if isinstance(p.get("trump"), str):
        w["trump"] = s.trump(p["trump"])
    for key in ("allowed", "cards"):
        if isinstance(p.get(key), list | tuple):
            w[key] = s.cards(str(c) for c in p[key])
    if isinstance(p.get("allowed"), list | tuple) and all(
        isinstance(c, str) and len(c) == 2 for c in p["allowed"]
    ):
        n = len(p["allowed"])
        note = s.ngettext("allowed: {allowed}", "allowed: {allowed}", n)
        w["allowed_note"] = note.format(allowed=w["allowed"])
    if "value" in p and isinstance(p.get("trump"), str):
        w["bid"] = s.bid(p["value"], p["trump"])
    if "standing_value" in p and isinstance(p.get("standing_trump"), str):
        w["standing"] = s.bid(p["standing_value"], p["standing_trump"])
    if isinstance(p.get("kind"), str):
        w["kind"] = s.announce(p["kind"])
        w["a_kind"] = s.announce(p["kind"], article=True)
    for key, value in p.items():
        if key not in w and isinstance(value, str | int) and not isinstance(value, bool):
            w[key] = str(value)
    return w


Renderer = Callable[[Speaker, Params, _Words], str]


# -- the play of the cards -------------------------------------------------------------------
def _follow(s: Speaker, p: Params, w: _Words) -> str:
    if p.get("led") == p.get("trump"):
        text = s._("{seat} played {card} but trump was led: must play a trump ({allowed_note})")
    else:
        text = s._("{seat} played {card} but must follow suit ({led} led) ({allowed_note})")
    return text.format_map(w)


def _beat(s: Speaker, p: Params, w: _Words) -> str:
    return s._(
        "{seat} played {card} but must follow {led} and beat {the_best} (all trump) "
        "({allowed_note})"
    ).format_map(w)


def _overtrump(s: Speaker, p: Params, w: _Words) -> str:
    if p.get("led") == p.get("trump"):
        text = s._(
            "{seat} played {card} but trump was led: must beat {the_best} on the table "
            "({allowed_note})"
        )
    else:
        text = s._(
            "{seat} played {card} but void in {led}: must overtrump {the_best} of an opponent "
            "({allowed_note})"
        )
    return text.format_map(w)


def _undertrump(s: Speaker, p: Params, w: _Words) -> str:
    if s.vocabulary is Vocabulary.TRIPOT:
        text = s._(
            "{seat} played {card} but void in {led} and unable to overtrump: must undertrump "
            "(sous-couper) ({allowed_note})"
        )
    else:
        text = s._(
            "{seat} played {card} but void in {led} and unable to overtrump: must undertrump "
            "(pisser) ({allowed_note})"
        )
    return text.format_map(w)


def _trump(s: Speaker, p: Params, w: _Words) -> str:
    return s._(
        "{seat} played {card} but void in {led} and the partner does not hold the trick: "
        "must trump ({allowed_note})"
    ).format_map(w)


def _already_played(s: Speaker, p: Params, w: _Words) -> str:
    return s._("{card} has already been played").format_map(w)


def _out_of_turn(s: Speaker, p: Params, w: _Words) -> str:
    if "card" in p:
        return s._("{seat} plays {card} but it is {turn}'s turn").format_map(w)
    call = p.get("call")
    if call == "coinche":
        if s.contre:
            text = s._("{seat} cannot say contre now: it is {turn}'s turn to speak")
        else:
            text = s._("{seat} cannot coinche now: it is {turn}'s turn to speak")
    elif call == "surcoinche":
        if s.contre:
            text = s._("{seat} cannot say surcontre now: it is {turn}'s turn to speak")
        else:
            text = s._("{seat} cannot surcoinche now: it is {turn}'s turn to speak")
    else:
        text = s._("{seat} cannot speak now: it is {turn}'s turn to speak")
    return text.format_map(w)


def _not_held(s: Speaker, p: Params, w: _Words) -> str:
    return s._("{seat} plays {card}, which it was not dealt").format_map(w)


# -- the course of the game ---------------------------------------------------------------------
def _game_over(s: Speaker, p: Params, w: _Words) -> str:
    return s._("the game is over: no more events can be recorded")


def _deal_in_progress(s: Speaker, p: Params, w: _Words) -> str:
    return s._("a deal is in progress: finish it first")


def _no_deal(s: Speaker, p: Params, w: _Words) -> str:
    return s._("no deal in progress: record a DealStarted first")


def _misdeal_too_late(s: Speaker, p: Params, w: _Words) -> str:
    return s._("a misdeal is declared instead of the auction, not after it")


def _auction_closed(s: Speaker, p: Params, w: _Words) -> str:
    return s._("{seat} calls after the auction closed").format_map(w)


def _auction_not_over(s: Speaker, p: Params, w: _Words) -> str:
    event = p.get("event")
    if event == "CardPlayed":
        return s._("a card is played before the end of the auction")
    if event == "AnnounceDeclared":
        return s._("an announce is declared before the end of the auction")
    if event == "BeloteDeclared":
        return s._("belote is said before the end of the auction")
    return s._("{event} before the end of the auction").format_map(w)


# -- the auction ---------------------------------------------------------------------------------
def _frozen(s: Speaker, p: Params, w: _Words) -> str:
    if s.contre:
        return s._("{seat} bids {bid} after a contre: the contract is frozen").format_map(w)
    return s._("{seat} bids {bid} after a coinche: the contract is frozen").format_map(w)


def _one_speech(s: Speaker, p: Params, w: _Words) -> str:
    return s._("{seat} bids {bid}, but each player speaks only once").format_map(w)


def _trump_not_allowed(s: Speaker, p: Params, w: _Words) -> str:
    allowed = p.get("allowed")
    names = ", ".join(s.trump(str(t)) for t in allowed) if isinstance(allowed, list) else "?"
    text = s._("{seat} bids in {trump}, which is not played here (trumps played: {trumps})")
    return text.format_map(w | {"trumps": names})


def _raise_own(s: Speaker, p: Params, w: _Words) -> str:
    return s._("{seat} raises its own bid with no bid in between").format_map(w)


def _capot_not_allowed(s: Speaker, p: Params, w: _Words) -> str:
    return s._("{seat} bids capot, which is not played here").format_map(w)


def _too_low(s: Speaker, p: Params, w: _Words) -> str:
    if p.get("standing_value") == "capot":
        return s._("{seat} bids {bid}, but nothing beats the standing capot").format_map(w)
    return s._("{seat} bids {bid}, which does not beat the standing {standing}").format_map(w)


def _bid_value(s: Speaker, p: Params, w: _Words) -> str:
    if p.get("max"):
        text = s._(
            "{value} is not a bid: {min} or a multiple of {step} above it, up to {max}, or capot"
        )
    else:
        text = s._(
            "{value} is not a bid: {min} or a multiple of {step} above it, with no maximum, "
            "or capot"
        )
    return text.format_map(w)


def _nothing_to_coinche(s: Speaker, p: Params, w: _Words) -> str:
    if s.contre:
        return s._("{seat} says contre before any bid").format_map(w)
    return s._("{seat} coinches before any bid").format_map(w)


def _already_coinched(s: Speaker, p: Params, w: _Words) -> str:
    if s.contre:
        return s._("{seat} says contre on a contract already doubled").format_map(w)
    return s._("{seat} coinches a contract already coinched").format_map(w)


def _coinche_own(s: Speaker, p: Params, w: _Words) -> str:
    if s.contre:
        return s._("{seat} says contre on its own side's bid").format_map(w)
    return s._("{seat} coinches its own side's bid").format_map(w)


def _surcoinche_without(s: Speaker, p: Params, w: _Words) -> str:
    if s.contre:
        return s._("{seat} says surcontre with no contre").format_map(w)
    return s._("{seat} surcoinches with no coinche").format_map(w)


def _surcoinche_defence(s: Speaker, p: Params, w: _Words) -> str:
    if s.contre:
        return s._("{seat} says surcontre but is not a taker").format_map(w)
    return s._("{seat} surcoinches but is not a taker").format_map(w)


# -- the deal ------------------------------------------------------------------------------------
def _wrong_dealer(s: Speaker, p: Params, w: _Words) -> str:
    return s._("{seat} deals, but it is {turn}'s deal").format_map(w)


def _packets(s: Speaker, p: Params, w: _Words) -> str:
    allowed = p.get("allowed")
    listed = ", ".join(map(str, allowed)) if isinstance(allowed, list) else "?"
    text = s._("dealt in packets {packets}; allowed: {patterns}")
    return text.format_map(w | {"patterns": listed})


def _cut(s: Speaker, p: Params, w: _Words) -> str:
    least = p.get("min")
    n = least if isinstance(least, int) else 0
    return s.ngettext(
        "a cut of {cut} cards leaves fewer than {min} card in a packet",
        "a cut of {cut} cards leaves fewer than {min} cards in a packet",
        n,
    ).format_map(w)


def _mismatch(s: Speaker, p: Params, w: _Words) -> str:
    return s._(
        "the hands are not what the recorded deck, cut and packets give (e.g. {cards})"
    ).format_map(w)


def _shuffled(s: Speaker, p: Params, w: _Words) -> str:
    return s._(
        "the deck is not the gathered tricks of the previous deal (this game is not shuffled)"
    )


# -- belote and announces -----------------------------------------------------------------------
def _belote_wrong_card(s: Speaker, p: Params, w: _Words) -> str:
    if "card" not in p:
        return s._("{seat} said {word} and played no card after it").format_map(w)
    return s._("{seat} said {word} but played {card}, not the king or queen of trump").format_map(w)


def _no_belote(s: Speaker, p: Params, w: _Words) -> str:
    return s._("{seat} says {word}, but there is no belote at {trump}").format_map(w)


def _belote_late(s: Speaker, p: Params, w: _Words) -> str:
    return s._("{seat} says {word} out of its turn").format_map(w)


def _belote_order(s: Speaker, p: Params, w: _Words) -> str:
    if p.get("word") == "belote":
        return s._("{seat} said belote twice in {suit}").format_map(w)
    return s._("{seat} says rebelote before belote").format_map(w)


def _belote_pair(s: Speaker, p: Params, w: _Words) -> str:
    if p.get("at") == "claim":
        return s._(
            "{seat} declares a belote at the claim without the king and queen of trump both "
            "unplayed in hand"
        ).format_map(w)
    return s._("{seat} says {word} without the king and queen of trump").format_map(w)


# -- claims and score-only deals ---------------------------------------------------------------
def _claim_unsound(s: Speaker, p: Params, w: _Words) -> str:
    seats, cards = p.get("seats"), p.get("cards")
    line = "?"
    if isinstance(seats, list | tuple) and isinstance(cards, list | tuple):
        line = ", ".join(
            f"{s.seat(str(x))} {s.card_label(str(c))}" for x, c in zip(seats, cards, strict=False)
        )
    words = _Words(w)
    words |= {"line": line, "winner": s.seat(str(p.get("winner", "?")))}
    if p.get("takes") == "none":
        text = s._(
            "{seat}'s concession of the rest is not sound: {winner} wins trick {trick} after {line}"
        )
    else:
        text = s._(
            "{seat}'s claim of the rest is not sound: {winner} wins trick {trick} after {line}"
        )
    return text.format_map(words)


def _summary_problem(s: Speaker, p: Params, w: _Words) -> str:
    problem = p.get("problem")
    words = _Words(w)
    for key in ("team", "other"):
        if isinstance(p.get(key), str):
            words[key] = s.team(p[key]) if key == "team" else s.seat(p[key])
    if isinstance(p.get("trumps"), list | tuple):
        words["trumps"] = ", ".join(s.trump(str(t)) for t in p["trumps"])
    if problem == "passed-card-points":
        text = s._("all four passed: no card was played, so no card points")
    elif problem == "passed-nothing-written":
        text = s._("all four passed: no trick, belote or announce can be written")
    elif problem == "trump-not-played":
        text = s._("{profile} plays no {trump} contract ({trumps})")
    elif problem == "no-capot-bid":
        text = s._("{profile} has no capot bid")
    elif problem == "not-a-bid" and p.get("max"):
        text = s._(
            "{number} is not a bid of {profile}: {min} or a multiple of {step} above it, "
            "up to {max}, or capot"
        )
    elif problem == "not-a-bid":
        text = s._(
            "{number} is not a bid of {profile}: {min} or a multiple of {step} above it, "
            "with no maximum, or capot"
        )
    elif problem == "card-points-total":
        text = s._(
            "the cards and the last trick make {full} ({capot_points} to one team on a "
            "capot), not {ns} + {ew} = {total}"
        )
    elif problem == "tricks-total":
        text = s._("a deal has 8 tricks, not {ns} + {ew}")
    elif problem == "tricks-capot":
        text = s._("all 8 tricks to one team is a capot: {capot_points} card points to it")
    elif problem == "no-trick-points":
        text = s._("{team} took no trick but has {points} card points")
    elif problem == "generale-not-capot":
        text = s._("a générale is a player of the capot team taking all 8 tricks")
    elif problem == "no-belote" and p.get("trump") == "SA":
        text = s._("there is no belote at {trump}")
    elif problem == "no-belote":
        text = s._("there is no belote at {trump} under {profile}")
    elif problem == "too-many-belotes":
        text = s._("{count} belotes, but this contract has at most {most}")
    elif problem == "belote-only":
        text = s._("{profile} plays belote only, no other announce")
    elif problem == "carre-suit":
        text = s._("a carré has no suit")
    elif problem == "carre-height":
        text = s._("a carré of {rank} does not count")
    elif problem == "suite-suit":
        text = s._("{a_kind} is in one suit: say which")
    elif problem == "suite-height":
        text = s._("no {kind} ends at {rank}")
    elif problem == "announce-card-twice":
        text = s._("{seat}'s {kind} uses a card of another of its announces")
    elif problem == "announce-card-held":
        text = s._("{seat}'s {kind} shows a card that {other} holds")
    else:
        text = str(problem or "?")
    # TRANSLATORS: {field} is the payload's field at fault (left as it is written)
    return s._("{field}: {problem}").format(
        field=p.get("field", "?"), problem=text.format_map(words)
    )


def _no_announces(s: Speaker, p: Params, w: _Words) -> str:
    return s._("{seat} declares {a_kind}: only belote is announced in this game").format_map(w)


def _announce_late(s: Speaker, p: Params, w: _Words) -> str:
    return s._(
        "{seat} declares {a_kind}: announces are declared in the first trick, just before "
        "the player's own card"
    ).format_map(w)


def _false_announce(s: Speaker, p: Params, w: _Words) -> str:
    why = p.get("why")
    if why == "card-twice":
        reason = s._("a card is listed twice")
    elif why == "carre-shape":
        reason = s._("a carré is four cards of one rank")
    elif why == "carre-no-value":
        rank = str(p.get("rank", "?"))
        reason = s._("a carré of {rank} does not count").format(rank=s.card_label(rank + "C")[:-1])
    elif why == "suite-suits":
        reason = s._("a suite is in one suit")
    elif why == "suite-gap":
        reason = s._("the cards of a suite follow each other (7 8 9 10 J Q K A)")
    elif why == "suite-length":
        makes = str(p.get("makes") or "")
        length = p.get("length")
        n = length if isinstance(length, int) else 0
        if makes:
            reason = s.ngettext(
                "{length} card in a row makes {makes}", "{length} cards in a row make {makes}", n
            ).format_map(w | {"makes": s.announce(makes, article=True)})
        else:
            reason = s.ngettext(
                "{length} card in a row makes no announce",
                "{length} cards in a row make no announce",
                n,
            ).format_map(w)
    elif why == "not-held":
        reason = s._("the player does not hold these cards")
    elif why == "reused":
        reason = s._("a card serves in another of the player's announces")
    else:
        reason = "?"
    return s._("{seat}'s {kind} ({cards}) is false: {reason}").format_map(w | {"reason": reason})


# -- the log, the written scores, the import ----------------------------------------------------
def _created_first(s: Speaker, p: Params, w: _Words) -> str:
    return s._("the first event of a game must be GameCreated")


def _created_again(s: Speaker, p: Params, w: _Words) -> str:
    return s._("GameCreated may only be the first event")


def _abandoned(s: Speaker, p: Params, w: _Words) -> str:
    return s._("the game was abandoned: nothing follows")


def _ruling_malformed(s: Speaker, p: Params, w: _Words) -> str:
    why = p.get("why")
    if why == "both":
        return s._("a ruling has an adjustment or a penalty, not both")
    if why == "penalty-shape":
        return s._("a penalty is written {example}").format(
            example='{"penalty": name, "offender": seat, "finding"?}'
        )
    if why == "finding-shape":
        return s._("a finding is written {example}").format(
            example='{"deal": n, "trick": n or null, "seat": seat or null}'
        )
    if why == "finding-seat":
        return s._("the finding's seat {seat} is not on the offending side").format_map(w)
    return s._("a ruling's adjustment is written {example}").format(
        example='{"NS": points, "EW": points}'
    )


def _ruling_unknown_deal(s: Speaker, p: Params, w: _Words) -> str:
    return s._("deal {deal} is not finished: a ruling names a finished deal").format_map(w)


def _penalty_unknown(s: Speaker, p: Params, w: _Words) -> str:
    known = p.get("known")
    listed = ", ".join(map(str, known)) if isinstance(known, list) and known else "—"
    return s._("the profile {profile} has no penalty {penalty} (it has: {known})").format_map(
        w | {"known": listed}
    )


def _penalty_elsewhere(s: Speaker, p: Params, w: _Words) -> str:
    return s._("the finding is in deal {finding_deal}, the ruling is on deal {deal}").format_map(w)


def _penalty_twice(s: Speaker, p: Params, w: _Words) -> str:
    return s._("deal {deal} already has a penalty: void that ruling to change it").format_map(w)


def _penalty_needs_contract(s: Speaker, p: Params, w: _Words) -> str:
    return s._("the deal had no contract to lose")


def _void_unknown(s: Speaker, p: Params, w: _Words) -> str:
    return s._("no earlier event {target} to void").format_map(w)


def _void_twice(s: Speaker, p: Params, w: _Words) -> str:
    return s._("event {target} is already voided").format_map(w)


def _void_refused(s: Speaker, p: Params, w: _Words) -> str:
    return s._("a {event} event cannot be voided").format_map(w)


def _unreadable(s: Speaker, p: Params, w: _Words) -> str:
    return s._("unreadable event: {error}").format_map(w)


def _malformed(s: Speaker, p: Params, w: _Words) -> str:
    return s._("unreadable line: {error}").format_map(w)


def _score_unknown(s: Speaker, p: Params, w: _Words) -> str:
    return s._("a score is written for deal {deal}, which is not finished").format_map(w)


def _score_mismatch(s: Speaker, p: Params, w: _Words) -> str:
    return s._(
        "deal {deal} written {ns} {written_ns}, {ew} {written_ew}; "
        "the rules give {ns} {rules_ns}, {ew} {rules_ew}"
    ).format_map(w | {"ns": s.team("NS"), "ew": s.team("EW")})


def _chain_break(s: Speaker, p: Params, w: _Words) -> str:
    why = p.get("why")
    if why == "missing":
        return s._("event {version} is missing from the game's stream").format_map(w)
    if why == "changed":
        return s._(
            "event {version} ({event}) does not match its stored hash: it was changed after "
            "it was written (stored {stored}…, content gives {computed}…)"
        ).format_map(w)
    return s._("the game's head (last version and hash) does not match its last event")


def _bad_profile(s: Speaker, p: Params, w: _Words) -> str:
    return s._("the game's profile is not valid: {error}").format_map(w)


def _wrong_club(s: Speaker, p: Params, w: _Words) -> str:
    return s._("the game belongs to club {owner}; this token imports for {club}").format_map(w)


RULES: dict[str, Renderer] = {
    "must-follow-suit": _follow,
    "must-beat": _beat,
    "must-overtrump": _overtrump,
    "must-undertrump": _undertrump,
    "must-trump": _trump,
    "card-already-played": _already_played,
    "out-of-turn": _out_of_turn,
    "card-not-held": _not_held,
    "game-over": _game_over,
    "deal-in-progress": _deal_in_progress,
    "no-deal": _no_deal,
    "misdeal-too-late": _misdeal_too_late,
    "auction-closed": _auction_closed,
    "auction-not-over": _auction_not_over,
    "contract-frozen": _frozen,
    "one-speech": _one_speech,
    "trump-not-allowed": _trump_not_allowed,
    "raise-own-bid": _raise_own,
    "capot-not-allowed": _capot_not_allowed,
    "bid-too-low": _too_low,
    "bid-value": _bid_value,
    "nothing-to-coinche": _nothing_to_coinche,
    "already-coinched": _already_coinched,
    "coinche-own-bid": _coinche_own,
    "surcoinche-without-coinche": _surcoinche_without,
    "surcoinche-by-defence": _surcoinche_defence,
    "wrong-dealer": _wrong_dealer,
    "deal-packets": _packets,
    "cut-too-small": _cut,
    "deal-mismatch": _mismatch,
    "deck-shuffled": _shuffled,
    "belote-wrong-card": _belote_wrong_card,
    "no-belote-here": _no_belote,
    "belote-out-of-time": _belote_late,
    "belote-order": _belote_order,
    "belote-without-pair": _belote_pair,
    "no-announces": _no_announces,
    "claim-unsound": _claim_unsound,
    "impossible-summary": _summary_problem,
    "announce-out-of-time": _announce_late,
    "false-announce": _false_announce,
    "game-created-first": _created_first,
    "game-already-created": _created_again,
    "game-abandoned": _abandoned,
    "ruling-malformed": _ruling_malformed,
    "ruling-unknown-deal": _ruling_unknown_deal,
    "penalty-unknown": _penalty_unknown,
    "penalty-finding-elsewhere": _penalty_elsewhere,
    "penalty-twice": _penalty_twice,
    "penalty-needs-contract": _penalty_needs_contract,
    "void-unknown": _void_unknown,
    "void-twice": _void_twice,
    "void-refused": _void_refused,
    "unreadable": _unreadable,
    "malformed-event": _malformed,
    "score-unknown-deal": _score_unknown,
    "score-mismatch": _score_mismatch,
    "wrong-club": _wrong_club,
    "bad-profile": _bad_profile,
    "hash-chain-break": _chain_break,
}

REVOKES = frozenset(
    {"must-follow-suit", "must-beat", "must-overtrump", "must-undertrump", "must-trump"}
)
"""The rules whose breach is a *renonce* (a revoke): French names the fault first."""


def render(
    rule: str, params: Params, lang: str = "en", vocabulary: Vocabulary = Vocabulary.FFB
) -> str:
    """The sentence of ``rule`` with its facts, in ``lang`` and the table's ``vocabulary``."""
    s = speaker(lang, vocabulary)
    text = params.get("text")
    renderer = RULES.get(rule)
    if isinstance(text, str) and (renderer is None or len(params) == 1):
        return text  # a row written before the facts: its own sentence
    if renderer is None:
        return s._("rule {rule} broken").format(rule=rule)
    sentence = renderer(s, params, _words(s, params))
    if rule in REVOKES:
        # TRANSLATORS: a revoke (renonce) named before its explanation; English says nothing
        sentence = s.pgettext("revoke", "{sentence}").format(sentence=sentence)
    return sentence
