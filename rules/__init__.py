"""The Coinche rules as a pure domain package: standard library only, no I/O.

Vocabulary (cards, seats, contracts), the eight rule profiles of RULES.md and
club profiles, the auction, the play of the cards, announces and belote, deal
scoring, whole games, and the judge that explains a rule breach; seeded simulated
games (a generator and its players) live apart in :mod:`rules.simulation`.
Everything else in coinche-log (event store, projections, workers, service) asks
these modules the game's questions.
"""

from rules.actions import (
    Action,
    AnnounceDeclared,
    AnnounceKind,
    BeloteDeclared,
    BeloteWord,
    BidPlaced,
    CardPlayed,
    Coinched,
    DealStarted,
    Misdeal,
    Passed,
    Surcoinched,
)
from rules.cards import Card, CardSet, Rank, Suit, card_label, card_name, parse_card
from rules.contract import CAPOT, Contract, Trump
from rules.deal import Deal, Phase
from rules.documents import load_profile, profile_document
from rules.errors import (
    CardError,
    NotationError,
    ProfileError,
    RulesError,
    UnknownProfileError,
)
from rules.game import DealRecord, Game
from rules.judge import judge
from rules.notation import action_from_wire, action_to_wire
from rules.profiles import Profile
from rules.registry import PROFILES, find_profile
from rules.scoring import DealResult, score_deal
from rules.seats import Direction, Seat, Team
from rules.verdict import Severity, Verdict

__all__ = [
    "CAPOT",
    "PROFILES",
    "Action",
    "AnnounceDeclared",
    "AnnounceKind",
    "BeloteDeclared",
    "BeloteWord",
    "BidPlaced",
    "Card",
    "CardError",
    "CardPlayed",
    "CardSet",
    "Coinched",
    "Contract",
    "Deal",
    "DealRecord",
    "DealResult",
    "DealStarted",
    "Direction",
    "Game",
    "Misdeal",
    "NotationError",
    "Passed",
    "Phase",
    "Profile",
    "ProfileError",
    "Rank",
    "RulesError",
    "Seat",
    "Severity",
    "Suit",
    "Surcoinched",
    "Team",
    "Trump",
    "UnknownProfileError",
    "Verdict",
    "action_from_wire",
    "action_to_wire",
    "card_label",
    "card_name",
    "find_profile",
    "judge",
    "load_profile",
    "parse_card",
    "profile_document",
    "score_deal",
]
