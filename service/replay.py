"""A game's state at any point, in one of its views: shared by the API and ``coinche replay``.

``at`` is a game version (``12``), a global position (``p345``) or a table address
(``3.5.2``: deal 3, trick 5, after its 2nd card; trick 0 is the auction). For the
arbiter's view of a deal whose hands were not recorded, the hands are inferred
when the deal's 32 cards are in the log: the rest of the deal is folded too, and
each seat's hand is the cards it went on to play.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from psycopg import Connection

from projections.address import Address, Upto, reached
from projections.snapshots import load_state
from projections.state import GameState
from projections.views import View, state_view
from rules.cards import CardSet
from rules.deal import Phase
from rules.seats import Seat

POSITION_OF = "SELECT position FROM events WHERE game_id = %s AND version = %s"


def parse_at(text: str) -> Upto:
    """``"12"`` → version 12, ``"p345"`` → position 345, ``"3.5.2"`` → an address.

    >>> parse_at("p7")
    Upto(version=None, position=7, address=None)
    """
    if text.isdigit() and int(text) >= 1:
        return Upto(version=int(text))
    if text[:1] == "p" and text[1:].isdigit() and int(text[1:]) >= 1:
        return Upto(position=int(text[1:]))
    if "." in text:
        return Upto(address=Address.parse(text))
    raise ValueError(
        f"{text!r} is not a point of the game: a version (12), a position (p345) "
        "or an address deal.trick.card (3.5.2)"
    )


def state_at(conn: Connection[Any], game_id: UUID, upto: Upto | None) -> GameState:
    """The state at ``upto`` (the current state when None); ``ValueError`` when the game
    never reaches that address."""
    state, _ = load_state(conn, game_id, upto)
    if upto is not None and upto.address is not None and not reached(state, upto.address):
        raise ValueError(f"the game never reaches {upto.address}")
    if state.position is None and state.version:  # a snapshot written by the judgement
        row = conn.execute(POSITION_OF, (game_id, state.version)).fetchone()
        state = state._replace(position=row[0] if row else None)
    return state


def inferred_hands(
    conn: Connection[Any], game_id: UUID, state: GameState
) -> tuple[CardSet, ...] | None:
    """The hands of the deal in progress, when unrecorded but revealed later in the log."""
    deal = state.game.deal if state.game is not None else None
    if deal is None or deal.hands is not None or deal.over:
        return None
    later, _ = load_state(conn, game_id, Upto(address=Address(deal.number, 8, 4)))
    done = later.game.deal if later.game is not None else None
    if done is None or done.number != deal.number or done.phase is not Phase.DONE:
        return None
    return done.played


def view_at(
    conn: Connection[Any],
    game_id: UUID,
    upto: Upto | None,
    view: View,
    seat: Seat | None = None,
) -> dict[str, Any]:
    """The JSON document of the state at ``upto`` in ``view``."""
    state = state_at(conn, game_id, upto)
    inferred = inferred_hands(conn, game_id, state) if view == "arbiter" else None
    return state_view(state, view, seat, inferred)
