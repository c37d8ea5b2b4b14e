"""A stored game's state at any point, in one of its views (the API's ``state`` and
``sheet`` reads), through the snapshots' one query path (:func:`load_state`).

The point is an :class:`~projections.address.Upto` (see
:func:`~projections.address.parse_at`). For the arbiter's view of a deal whose hands
were not recorded, the hands are inferred when the deal's 32 cards are in the log:
the rest of the deal is folded too, and each seat's hand is the cards it went on to
play.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any
from uuid import UUID

from projections.address import Address, Upto, reached
from projections.snapshots import load_state
from projections.state import GameState
from projections.views import View, state_view
from rules.cards import CardSet
from rules.deal import Phase
from rules.seats import Seat

if TYPE_CHECKING:
    from psycopg import Connection


def state_at(conn: Connection[Any], game_id: UUID, upto: Upto | None) -> GameState:
    """The state at ``upto`` (the current state when None); ``ValueError`` when the game
    never reaches that address."""
    state, _ = load_state(conn, game_id, upto)
    if upto is not None and upto.address is not None and not reached(state, upto.address):
        raise ValueError(f"the game never reaches {upto.address}")
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
    lang: str = "en",
) -> dict[str, Any]:
    """The JSON document of the state at ``upto`` in ``view`` (its words in ``lang``)."""
    state = state_at(conn, game_id, upto)
    inferred = inferred_hands(conn, game_id, state) if view == "arbiter" else None
    return state_view(state, view, seat, inferred, lang)
