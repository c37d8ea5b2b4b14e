"""``coinche replay``'s terminal table of one deal: hands, auction, tricks, score.

Pure text from a projected state (no database), so it is easy to test:

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

from rules.actions import BidPlaced, Call, Coinched, Passed
from rules.cards import SUIT_MASKS, CardSet, card_label, iter_cards
from rules.contract import Contract, bid_label
from rules.deal import Deal, Phase
from rules.game import DealRecord
from rules.seats import SEATS, Seat, seats_from

_COINCHE = {1: "", 2: ", coinched", 4: ", surcoinched"}


def contract_text(c: Contract | None) -> str:
    if c is None:
        return "no contract"
    return f"{bid_label(c.value, c.trump)} by {c.taker.name}{_COINCHE.get(c.coinche, '')}"


def hand_text(cards: CardSet) -> str:
    """``♠ A 10 K  ♥ J 9  ♦ —  ♣ A 8 7`` (suits spades first, cards in deck order)."""
    parts = []
    for suit in (3, 2, 1, 0):
        in_suit = [card_label(c)[:-1] for c in iter_cards(cards & SUIT_MASKS[suit])]
        symbol = card_label(suit * 8)[-1]
        parts.append(f"{symbol} {' '.join(reversed(in_suit)) if in_suit else '—'}")
    return "  ".join(parts)


def call_text(call: Call) -> str:
    if isinstance(call, BidPlaced):
        return bid_label(call.value, call.trump)
    if isinstance(call, Passed):
        return "pass"
    return "coinche" if isinstance(call, Coinched) else "surcoinche"


def auction_lines(deal: Deal) -> list[str]:
    calls = deal.auction.calls
    if not calls:
        return ["  (no call yet)"]
    order = seats_from(calls[0].seat, deal.profile.direction)
    rows: list[list[str]] = [[""] * 4]
    last = -1
    for call in calls:
        column = order.index(call.seat)
        if column <= last:
            rows.append([""] * 4)
        rows[-1][column] = call_text(call)
        last = column
    lines = ["  " + "".join(f"{s.name:<11}" for s in order)]
    lines += ["  " + "".join(f"{cell:<11}" for cell in row) for row in rows]
    return [line.rstrip() for line in lines]


def _trick_row(number: int | str, seats: tuple[Seat, ...], cards: tuple[int, ...],
               winner: Seat | None, points: int | None) -> str:  # fmt: skip
    shown = {s: card_label(c) for s, c in zip(seats, cards, strict=True)}
    cells = []
    for s in SEATS:
        mark = ">" if seats and s == seats[0] else "*" if s == winner else " "
        cells.append(f"{mark}{shown.get(s, '·'):<6}")
    won = f"{winner.name:<8}{points}" if winner is not None else ""
    return f"  {number!s:>2}  {''.join(cells)} {won}".rstrip()


def trick_lines(deal: Deal) -> list[str]:
    lines = ["   #  " + "".join(f" {s.name:<6}" for s in SEATS) + " won by  points"]
    for i, t in enumerate(deal.tricks, start=1):
        lines.append(_trick_row(i, t.seats, t.cards, t.winner, t.points))
    if deal.phase is Phase.PLAY and deal.trick_cards:
        lines.append(_trick_row(len(deal.tricks) + 1, deal.trick_seats, deal.trick_cards,
                                None, None))  # fmt: skip
    return lines


def deal_table(
    deal: Deal,
    hands: tuple[CardSet, ...] | None,
    record: DealRecord | None,
    totals: tuple[int, int],
) -> str:
    """The deal as text; ``hands`` as dealt (None: unknown), ``record`` once it is scored."""
    where = deal.phase.value if deal.phase is not Phase.PLAY else f"play, trick {deal.trick_number}"
    out = [f"Deal {deal.number} · dealer {deal.dealer.name} · "
           f"{contract_text(deal.contract)} · {where}", "", "Hands as dealt"]  # fmt: skip
    for s in SEATS:
        out.append(f"  {s.name}  {hand_text(hands[s]) if hands is not None else '(not recorded)'}")
    out += ["", "Auction (bidding sheet, first speaker on the left)", *auction_lines(deal)]
    if deal.contract is not None:
        out += ["", "Tricks (> led, * won)", *trick_lines(deal)]
    for d in deal.declared:
        cards = " ".join(card_label(c) for c in d.cards)
        out.append(f"  {d.seat.name} declared a {d.kind.value}: {cards}")
    for b in deal.belotes:
        out.append(f"  {b.seat.name} said {b.word.value}")
    out += ["", "Score"]
    if record is None:
        ns, ew = deal.card_points()
        out.append(f"  in progress: card points so far NS {ns}, EW {ew}")
    else:
        r = record.result
        made = "—" if r.made is None else "made" if r.made else "down"
        out.append(f"  contract {made}; points NS {r.points[0]}, EW {r.points[1]}; "
                   f"marks NS {r.marks[0]}, EW {r.marks[1]}")  # fmt: skip
    out.append(f"  game totals NS {totals[0]}, EW {totals[1]}")
    return "\n".join(out)
