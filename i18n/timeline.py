"""The timeline's steps in words: a step's kind and its facts, in one language.

>>> describe_step("bid", {"seat": "S", "value": 90, "trump": "H"}, "fr")
'S annonce 90♥'
>>> describe_step("trick-won", {"team": "EW", "trick": 3, "points": 24}, "fr")
'EO font le pli 3 (24 points)'
>>> describe_step("coinched", {"seat": "E"}, "fr", Vocabulary.CONTREE)
'E contre'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from i18n.vocabulary import Vocabulary
from i18n.words import Speaker, speaker

Params = Mapping[str, Any]


def _seat(s: Speaker, p: Params) -> str:
    return s.seat(str(p.get("seat", "?")))


def _created(s: Speaker, p: Params) -> str:
    seats = p.get("seats") or []
    listed = ", ".join(s.seat(str(x)[:1]) + str(x)[1:] for x in seats)
    return s._("Game created ({profile}): {seats}; {dealer} deals first").format(
        profile=p.get("profile", "?"), seats=listed, dealer=s.seat(str(p.get("dealer", "?")))
    )


def _deal(s: Speaker, p: Params) -> str:
    return s._("Deal {deal}: {dealer} deals").format(
        deal=p.get("deal", "?"), dealer=s.seat(str(p.get("dealer", "?")))
    )


def _claimed(s: Speaker, p: Params) -> str:
    belote = p.get("belote") or []
    seat = _seat(s, p)
    if p.get("takes") == "none":
        text = s._("{seat} concedes the rest").format(seat=seat)
    else:
        text = s._("{seat} claims the rest").format(seat=seat)
    if not belote:
        return text
    seats = ", ".join(s.seat(str(x)) for x in belote)
    return s._("{step} (belote: {seats})").format(step=text, seats=seats)


def _summarized(s: Speaker, p: Params) -> str:
    coinche = p.get("coinche")
    bid = s.bid(p.get("value"), str(p.get("trump", "?")))
    if isinstance(coinche, int) and coinche > 1:
        bid = f"{bid} ×{coinche}"
    return s._(
        "Deal {deal} (score only): {dealer} deals; {seat} {bid}; cards {NS} {ns}, {EW} {ew}"
    ).format(
        deal=p.get("deal", "?"),
        dealer=s.seat(str(p.get("dealer", "?"))),
        seat=_seat(s, p),
        bid=bid,
        ns=p.get("ns", "?"),
        ew=p.get("ew", "?"),
        NS=s.team("NS"),
        EW=s.team("EW"),
    )


def _summarized_passed(s: Speaker, p: Params) -> str:
    return s._("Deal {deal} (score only): {dealer} deals, all four pass").format(
        deal=p.get("deal", "?"), dealer=s.seat(str(p.get("dealer", "?")))
    )


def _passed(s: Speaker, p: Params) -> str:
    if s.vocabulary is Vocabulary.TRIPOT:
        return s._("{seat} says “I pass”").format(seat=_seat(s, p))
    return s._("{seat} passes").format(seat=_seat(s, p))


def _bid(s: Speaker, p: Params) -> str:
    return s._("{seat} bids {bid}").format(
        seat=_seat(s, p), bid=s.bid(p.get("value"), str(p.get("trump", "?")))
    )


def _coinched(s: Speaker, p: Params) -> str:
    if s.contre:
        return s._("{seat} says contre").format(seat=_seat(s, p))
    return s._("{seat} coinches").format(seat=_seat(s, p))


def _surcoinched(s: Speaker, p: Params) -> str:
    if s.contre:
        return s._("{seat} says surcontre").format(seat=_seat(s, p))
    return s._("{seat} surcoinches").format(seat=_seat(s, p))


def _misdeal(s: Speaker, p: Params) -> str:
    return s._("Misdeal by {seat}").format(seat=_seat(s, p))


def _announce(s: Speaker, p: Params) -> str:
    kind = s.announce(str(p.get("kind", "?")), article=True)
    return s._("{seat} declares {a_kind}").format(seat=_seat(s, p), a_kind=kind)


def _belote(s: Speaker, p: Params) -> str:
    return s._("{seat} says {word}").format(seat=_seat(s, p), word=p.get("word", "?"))


def _card(s: Speaker, p: Params) -> str:
    code = str(p.get("card", "?"))
    words = {"seat": _seat(s, p), "card": s.card_label(code), "the_card": s.the_card(code)}
    if "word" in p:
        return s._("{seat} plays {card} — {word}").format(**words, word=p["word"])
    return s._("{seat} plays {card}").format(**words)


def _trick(s: Speaker, p: Params) -> str:
    points = p.get("points")
    n = points if isinstance(points, int) else 0
    return s.ngettext(
        "{team} win trick {trick}, {points} point", "{team} win trick {trick}, {points} points", n
    ).format(team=s.team(str(p.get("team", "?"))), trick=p.get("trick", "?"), points=n)


def _deal_over(s: Speaker, p: Params) -> str:
    words = {"deal": p.get("deal", "?"), "ns": p.get("ns", "?"), "ew": p.get("ew", "?")}
    words |= {"NS": s.team("NS"), "EW": s.team("EW")}
    if p.get("made"):
        return s._("Deal {deal} over: contract made; marks {NS} {ns}, {EW} {ew}").format(**words)
    return s._("Deal {deal} over: contract down; marks {NS} {ns}, {EW} {ew}").format(**words)


def _score(s: Speaker, p: Params) -> str:
    return s._("Score written for deal {deal}: {NS} {ns}, {EW} {ew}").format(
        deal=p.get("deal", "?"),
        ns=p.get("ns", "?"),
        ew=p.get("ew", "?"),
        NS=s.team("NS"),
        EW=s.team("EW"),
    )


def _voided(s: Speaker, p: Params) -> str:
    return s._("{by} voids event {target}: {reason}").format(
        by=p.get("by", "?"), target=p.get("target", "?"), reason=p.get("reason", "")
    )


def _ruling(s: Speaker, p: Params) -> str:
    return s._("Ruling by {by} on deal {deal}: {reason}").format(
        by=p.get("by", "?"), deal=p.get("deal", "?"), reason=p.get("reason", "")
    )


def _ruling_penalty(s: Speaker, p: Params) -> str:
    return s._("Ruling by {by} on deal {deal} (penalty {penalty} against {seat}): {reason}").format(
        by=p.get("by", "?"),
        deal=p.get("deal", "?"),
        penalty=p.get("penalty", "?"),
        seat=_seat(s, p),
        reason=p.get("reason", ""),
    )


def _abandoned(s: Speaker, p: Params) -> str:
    return s._("Game abandoned: {reason}").format(reason=p.get("reason", ""))


def _other(s: Speaker, p: Params) -> str:
    return str(p.get("event", "?"))


STEPS: dict[str, Callable[[Speaker, Params], str]] = {
    "game-created": _created,
    "deal-started": _deal,
    "deal-summarized": _summarized,
    "deal-summarized-passed": _summarized_passed,
    "claimed": _claimed,
    "passed": _passed,
    "bid": _bid,
    "coinched": _coinched,
    "surcoinched": _surcoinched,
    "misdeal": _misdeal,
    "announce": _announce,
    "belote": _belote,
    "card": _card,
    "trick-won": _trick,
    "deal-over": _deal_over,
    "score-written": _score,
    "voided": _voided,
    "ruling": _ruling,
    "ruling-penalty": _ruling_penalty,
    "abandoned": _abandoned,
    "other": _other,
}


def describe_step(
    kind: str, params: Params, lang: str = "en", vocabulary: Vocabulary = Vocabulary.FFB
) -> str:
    """One timeline step in words."""
    found = STEPS.get(kind, _other)
    return found(speaker(lang, vocabulary), params)
