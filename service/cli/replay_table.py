"""``coinche replay``'s terminal table of one deal: hands, auction, tricks, score.

Pure text from a projected state (no database), so it is easy to test; in English or
French (``--lang``), in the profile's table words:

    Deal 2 · dealer W · contract 90♥ by S, coinched · play, trick 4
    Hands as dealt
      N  ♠ A 10 K  ♥ J 9  ♦ —  ♣ A 8 7
      …
    Auction (bidding sheet, first speaker on the left)
       N       W       S       E
       pass    80♥     90♥     coinche
    Tricks (> led, * won)
       #   N      E      S      W      won by  points
       1  >A♠     7♠    *10♠    8♠     S       21
"""

from __future__ import annotations

from i18n.vocabulary import vocabulary_of
from i18n.words import Speaker, speaker
from rules.actions import BidPlaced, Call, Coinched, Passed
from rules.cards import SUIT_MASKS, CardSet, card_name, iter_cards
from rules.contract import Contract
from rules.deal import Deal, Phase
from rules.game import DealRecord
from rules.seats import SEATS, Seat, seats_from


def contract_text(c: Contract | None, s: Speaker) -> str:
    if c is None:
        return s._("no contract")
    said = s._("{bid} by {seat}").format(
        bid=s.bid(c.value, c.trump.name), seat=s.seat(c.taker.name)
    )
    if c.coinche == 2:
        return said + (s._(", doubled (contre)") if s.contre else s._(", coinched"))
    if c.coinche == 4:
        return said + (s._(", redoubled (surcontre)") if s.contre else s._(", surcoinched"))
    return said


def hand_text(cards: CardSet, s: Speaker) -> str:
    """``♠ A 10 K  ♥ J 9  ♦ —  ♣ A 8 7`` (suits spades first, cards in deck order)."""
    parts = []
    for suit in (3, 2, 1, 0):
        in_suit = [s.card_label(card_name(c))[:-1] for c in iter_cards(cards & SUIT_MASKS[suit])]
        symbol = "♣♦♥♠"[suit]
        parts.append(f"{symbol} {' '.join(reversed(in_suit)) if in_suit else '—'}")
    return "  ".join(parts)


def call_text(call: Call, s: Speaker) -> str:
    if isinstance(call, BidPlaced):
        return s.bid(call.value, call.trump.name)
    if isinstance(call, Passed):
        return s.pgettext("call", "pass")
    return s.coinche_noun() if isinstance(call, Coinched) else s.surcoinche_noun()


def auction_lines(deal: Deal, s: Speaker) -> list[str]:
    calls = deal.auction.calls
    if not calls:
        return ["  " + s._("(no call yet)")]
    order = seats_from(calls[0].seat, deal.profile.direction)
    rows: list[list[str]] = [[""] * 4]
    last = -1
    for call in calls:
        column = order.index(call.seat)
        if column <= last:
            rows.append([""] * 4)
        rows[-1][column] = call_text(call, s)
        last = column
    lines = ["  " + "".join(f"{s.seat(seat.name):<11}" for seat in order)]
    lines += ["  " + "".join(f"{cell:<11}" for cell in row) for row in rows]
    return [line.rstrip() for line in lines]


def _trick_row(number: int | str, seats: tuple[Seat, ...], cards: tuple[int, ...],
               winner: Seat | None, points: int | None, s: Speaker) -> str:  # fmt: skip
    shown = {seat: s.card_label(card_name(c)) for seat, c in zip(seats, cards, strict=True)}
    cells = []
    for seat in SEATS:
        mark = ">" if seats and seat == seats[0] else "*" if seat == winner else " "
        cells.append(f"{mark}{shown.get(seat, '·'):<6}")
    won = f"{s.seat(winner.name):<9}{points}" if winner is not None else ""
    return f"  {number!s:>2}  {''.join(cells)} {won}".rstrip()


def trick_lines(deal: Deal, s: Speaker) -> list[str]:
    seats = "".join(f" {s.seat(seat.name):<6}" for seat in SEATS)
    lines = ["   #  " + seats + " " + s._("won by  points")]
    for i, t in enumerate(deal.tricks, start=1):
        lines.append(_trick_row(i, t.seats, t.cards, t.winner, t.points, s))
    if deal.phase is Phase.PLAY and deal.trick_cards:
        lines.append(_trick_row(len(deal.tricks) + 1, deal.trick_seats, deal.trick_cards,
                                None, None, s))  # fmt: skip
    return lines


def deal_table(
    deal: Deal,
    hands: tuple[CardSet, ...] | None,
    record: DealRecord | None,
    totals: tuple[int, int],
    lang: str = "en",
) -> str:
    """The deal as text in ``lang`` (and the profile's table words); ``hands`` as dealt
    (None: unknown), ``record`` once it is scored."""
    s = speaker(lang, vocabulary_of(deal.profile))
    ns, ew = s.team("NS"), s.team("EW")
    if deal.phase is Phase.PLAY:
        where = s._("play, trick {trick}").format(trick=deal.trick_number)
    else:
        where = {
            "auction": s._("auction"),
            "done": s._("over"),
            "void": s._("all passed"),
        }.get(deal.phase.value, deal.phase.value)
    head = s._("Deal {deal} · dealer {seat} · {contract} · {where}").format(
        deal=deal.number, seat=s.seat(deal.dealer.name), contract=contract_text(deal.contract, s),
        where=where,
    )  # fmt: skip
    out = [head, "", s._("Hands as dealt")]
    for seat in SEATS:
        shown = hand_text(hands[seat], s) if hands is not None else s._("(not recorded)")
        out.append(f"  {s.seat(seat.name)}  {shown}")
    out += ["", s._("Auction (bidding sheet, first speaker on the left)"), *auction_lines(deal, s)]
    if deal.contract is not None:
        out += ["", s._("Tricks (> led, * won)"), *trick_lines(deal, s)]
    for d in deal.declared:
        cards = " ".join(s.card_label(card_name(c)) for c in d.cards)
        said = s._("{seat} declared {a_kind}: {cards}").format(
            seat=s.seat(d.seat.name), a_kind=s.announce(d.kind.value, article=True), cards=cards
        )
        out.append(f"  {said}")
    for b in deal.belotes:
        out.append(
            "  " + s._("{seat} said {word}").format(seat=s.seat(b.seat.name), word=b.word.value)
        )
    out += ["", s._("Score")]
    if record is None:
        points = deal.card_points()
        out.append("  " + s._("in progress: card points so far {NS} {ns}, {EW} {ew}").format(
            NS=ns, EW=ew, ns=points[0], ew=points[1]))  # fmt: skip
    else:
        r = record.result
        made = "—" if r.made is None else s._("made") if r.made else s._("down")
        out.append("  " + s._(
            "contract {made}; points {NS} {pns}, {EW} {pew}; marks {NS} {mns}, {EW} {mew}"
        ).format(made=made, NS=ns, EW=ew, pns=r.points[0], pew=r.points[1], mns=r.marks[0],
                 mew=r.marks[1]))  # fmt: skip
    out.append("  " + s._("game totals {NS} {ns}, {EW} {ew}").format(
        NS=ns, EW=ew, ns=totals[0], ew=totals[1]))  # fmt: skip
    return "\n".join(out)
