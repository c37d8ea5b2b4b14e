"""What each problem type means, and an example of the request it answers and its fix.

Served at ``/problems/<slug>`` (JSON, or a page for a browser) next to the type's
``title`` and ``status`` (:data:`service.api.problems.PROBLEMS`). Every slug has an
entry; the tests hold the two catalogues together. Each text is a message of the
catalogues (``{game}`` stands for an example game's path), worded by :func:`worded`.
"""

from __future__ import annotations

from typing import NamedTuple

from i18n.catalogues import translations
from service.api.problems import N_


class ProblemDoc(NamedTuple):
    explanation: str
    wrong: str  # a request that gets this answer
    answer: str  # the answer's ``detail`` (and members) for it
    fix: str  # the request that works, or what to do

    def worded(self, lang: str) -> ProblemDoc:
        """This document in ``lang``, the example game's path in place."""
        t = translations(lang)
        return ProblemDoc(*(t.gettext(text).replace("{game}", GAME) for text in self))


GAME = "/games/0193a1b2-0000-7000-8000-000000000001"
DOCS: dict[str, ProblemDoc] = {
    "bad-request": ProblemDoc(
        N_(
            "The request could not be read at all: the body is not JSON, or a query string "
            "or header is malformed. Nothing was done."
        ),
        N_('POST {game}/events with the body {"expected_version": 3, "events": [}'),
        N_('"detail": "malformed JSON: Expecting value: line 1 column 36 (char 35)"'),
        N_(
            'Send well-formed JSON: {"expected_version": 3, "events": [{"type": "Passed", '
            '"data": {"seat": "E"}}]}'
        ),
    ),
    "validation": ProblemDoc(
        N_(
            "The body or the query string does not fit its schema: a field is missing, "
            "unknown (unknown fields are refused, never ignored), of the wrong type or out "
            "of range. `errors` maps each field at fault to its messages. Nothing was "
            "stored."
        ),
        N_('POST {game}/events with {"events": [...]} (no expected_version)'),
        N_('"errors": {"expected_version": ["Missing data for required field."]}'),
        N_(
            "Add the field: read the game's `version` (GET /games/{id}) and send it as "
            '"expected_version".'
        ),
    ),
    "unauthorized": ProblemDoc(
        N_("The request needs a bearer token and has none, or the token is unknown or revoked."),
        N_("POST {game}/events without an Authorization header"),
        N_('"detail": "recording needs a token with the \'record\' scope"'),
        N_(
            "Send `Authorization: Bearer ck_…` with a token of the game's club (`coinche "
            "token create CLUB -s record`)."
        ),
    ),
    "forbidden": ProblemDoc(
        N_(
            "The token is valid but may not do this: it lacks the scope (`record`, "
            "`arbiter`, `admin`), it acts for another club, or, for a recorder's undo, the "
            "event to void was recorded by another token or belongs to a finished deal (an "
            "arbiter's job)."
        ),
        N_(
            'POST {game}/events with a record token: [{"type": "EventVoided", "data": '
            '{"version": 12, "reason": "typo", "by": "table 3"}}] where event 12 is in a '
            "finished deal"
        ),
        N_(
            '"detail": "event 12 is not in the deal in progress (its deal is finished): '
            "voiding it is an arbiter's job (a token with the 'arbiter' scope)\", \"index\": 0"
        ),
        N_("Ask an arbiter: the same request with a token that has the `arbiter` scope."),
    ),
    "not-found": ProblemDoc(
        N_("No such resource, or a private game of another club (its existence is not disclosed)."),
        N_("GET /games/0193a1b2-0000-7000-8000-00000000ffff"),
        N_('"detail": "no game 0193a1b2-0000-7000-8000-00000000ffff"'),
        N_("Check the id (GET /games lists the games you may read) and the token's club."),
    ),
    "method-not-allowed": ProblemDoc(
        N_("The path exists but not with this method; the `Allow` header lists the methods."),
        N_("DELETE {game}"),
        N_('"detail": "this method is not allowed on this URL" (Allow: GET, HEAD, OPTIONS)'),
        N_("Events are never deleted: void one with an `EventVoided` instead."),
    ),
    "not-acceptable": ProblemDoc(
        N_("The `Accept` header asks for a media type this resource cannot produce."),
        N_("GET {game}/sheet with Accept: text/csv"),
        N_('"detail": "this resource cannot answer in a media type the request accepts"'),
        N_("Ask for application/json (or send no Accept header)."),
    ),
    "version-conflict": ProblemDoc(
        N_(
            "The game is not at the `expected_version` you sent: somebody appended since "
            "you read it. `current_version` says where it is. Nothing was stored."
        ),
        N_('POST {game}/events with "expected_version": 40 when the game is at 41'),
        N_('"current_version": 41, "expected_version": 40'),
        N_(
            "Read the events after your version (GET /games/{id}/events?after=40), decide "
            'again, and send "expected_version": 41.'
        ),
    ),
    "conflict": ProblemDoc(
        N_(
            "The request conflicts with what is stored: a game id already taken, or event "
            "ids re-sent with different content or mixed with new ones."
        ),
        N_('POST /games with "id" of an existing game'),
        N_('"detail": "game id … cannot be used for a new game: choose another id, or send none"'),
        N_("Send no id (one is chosen), or a fresh UUID; re-send a batch only unchanged."),
    ),
    "payload-too-large": ProblemDoc(
        N_("The body is over the size limit; it was refused before being read."),
        N_("POST {game}/events with 5,000 events in one body"),
        N_('"detail": "the body is 1200000 bytes; the limit is 1048576"'),
        N_("Send at most 500 events per request, in several appends."),
    ),
    "unsupported-media-type": ProblemDoc(
        N_("The body must be `application/json` (archives: `application/x-ndjson`)."),
        N_("POST {game}/events with Content-Type: text/plain"),
        N_('"detail": "send application/json, not text/plain"'),
        N_("Send `Content-Type: application/json`."),
    ),
    "rule-breach": ProblemDoc(
        N_(
            "In a `strict` game, the event breaks a rule of the game's profile (an illegal "
            "card or bid); `rule` is the rule's id, `index` the event in the batch, "
            "`detail` names the card or bid and what was required. Nothing of the batch was "
            "stored. In a `record` game the same event is kept, marked, and reported by the "
            "audit."
        ),
        N_(
            'POST {game}/events [{"type": "CardPlayed", "data": {"seat": "W", "card": '
            '"7C"}}] when W holds hearts and hearts were led'
        ),
        N_(
            '"rule": "must-follow-suit", "index": 0, "detail": "W played 7♣ but must follow '
            'suit (hearts led) (allowed: 8♥ K♥)"'
        ),
        N_(
            'Record the card that was really played, e.g. {"seat": "W", "card": "8H"} (or '
            'create the game with "enforcement": "record" to keep table mistakes for the '
            "audit)."
        ),
    ),
    "impossible-event": ProblemDoc(
        N_(
            "The event cannot happen at this point of the game in any mode: a card already "
            "played, a call after the auction, a deal started during another, anything "
            "after the game ended, a void of an unknown event, a ruling on a deal that is "
            "not finished or a second penalty on one deal. `rule` says which; nothing of "
            "the batch was stored."
        ),
        N_(
            'POST {game}/events [{"type": "RulingIssued", "data": {"deal": 4, "ruling": '
            '{"penalty": "revoke", "offender": "W"}, "reason": "revoke", "by": "arbiter"}}] '
            "while deal 4 is still played"
        ),
        N_(
            '"rule": "ruling-unknown-deal", "detail": "deal 4 is not finished: a ruling '
            'names a finished deal"'
        ),
        N_(
            "Wait for the deal's last card, then send the ruling (or `POST "
            "/games/{id}/penalties` with the audit finding's position)."
        ),
    ),
    "invalid-event": ProblemDoc(
        N_(
            "The event does not fit the event vocabulary: an unknown type, a missing or "
            "unknown field, a card or seat that cannot be read. `errors` names each field, "
            "`index` the event in the batch. `GET /docs/events` lists every type and its "
            "data."
        ),
        N_(
            'POST {game}/events [{"type": "EventVoided", "data": {"position": 12, "reason": '
            '"typo", "by": "arbiter"}}]'
        ),
        N_(
            '"errors": {"position": ["Unknown field."], "version": ["Missing data for '
            'required field."]}, "index": 0'
        ),
        N_(
            'Name the voided event by its game version: {"version": 12, "reason": "typo", '
            '"by": "arbiter"}.'
        ),
    ),
    "bad-profile": ProblemDoc(
        N_("The profile document is not valid; `switch` names the switch at fault."),
        N_(
            'POST /games with "profile": {"base": "ffb", "id": "club-a", "penalties": '
            '{"revoke": {"score": "fixed"}}}'
        ),
        N_('"switch": "penalties.revoke.points", "detail": "a fixed penalty says how many points"'),
        N_('Give the points: "penalties": {"revoke": {"score": "fixed", "points": 250}}.'),
    ),
    "ambiguous-player": ProblemDoc(
        N_(
            "A seat names a player by a name that matches several players of the club's "
            "roster (case, accents and spacing ignored): which one sat there is not "
            "guessed. `errors.seats` names the seat and the candidates' ids. Nothing was "
            "stored."
        ),
        N_('POST /games with "seats": {"N": "jean martin", …} when the roster has two Jean Martin'),
        N_(
            '"errors": {"seats": {"N": ["\'jean martin\' matches 2 players (pl_…, pl_…): give '
            'the id"]}}'
        ),
        N_(
            'Seat the player by id: "seats": {"N": "pl_…", …} (GET '
            "/clubs/{club}/players?q=jean lists them, with their licence numbers)."
        ),
    ),
    "cross-club-merge": ProblemDoc(
        N_(
            "A merge of two roster entries of different clubs: each club's roster is its "
            "own, and a person who plays in two clubs has an entry in each. Nothing was "
            "changed."
        ),
        N_('POST /clubs/lyon/players/pl_…/merge with {"into": "<a player of another club>"}'),
        N_(
            '"detail": "player pl_… is not of club \'lyon\': players of two clubs are never merged"'
        ),
        N_("Merge only entries of the same club (GET /clubs/{club}/players lists them)."),
    ),
    "tournament-refused": ProblemDoc(
        N_(
            "A tournament command that its format refuses (a bad format document, a draw "
            "before the registrations close…); `rule` names the tournament rule and "
            "`errors` the field at fault. Nothing was recorded."
        ),
        N_('POST /tournaments with "format": {"base": "concours", "duplicate": "yes"}'),
        N_('"rule": "bad-format", "errors": {"duplicate": ["must be true or false"]}'),
        N_('Send the switch its type: "format": {"base": "concours", "duplicate": true}.'),
    ),
    "link-refused": ProblemDoc(
        "A sign-in link works once and for a short time (15 minutes unless its maker chose "
        "otherwise): this one was used already (`reason`: `used`) or has expired "
        "(`expired`). No token was made.",
        'POST /sign-in-links/redeem with {"code": "cl_…"} a second time',
        '"reason": "used", "detail": "this sign-in link was used already: each link works '
        'once; ask the club for a new one"',
        "Ask a club admin for a new link (`coinche token link CLUB`); a recorder already "
        "signed in on this device needs none.",
    ),
    "request-timeout": ProblemDoc(
        N_("The request did not arrive in time (a slow or stalled client); nothing was done."),
        N_("A body sent at a few bytes per second"),
        N_('"detail": "the body did not arrive in time: …"'),
        N_(
            "Send the whole request at once; retry with the same event ids (appends are "
            "idempotent)."
        ),
    ),
    "uri-too-long": ProblemDoc(
        N_(
            "The request line (method, path and query string) is longer than the server "
            "accepts; nothing was done."
        ),
        N_("GET /archives/export?game=…&game=… with thousands of ids"),
        N_('"detail": "the request line is too long"'),
        N_("Filter by club, player or dates instead, or export in several requests."),
    ),
    "headers-too-large": ProblemDoc(
        N_(
            "The request's headers are larger than the server accepts (answered by the HTTP "
            "server before the app reads the request)."
        ),
        N_("A request with a 100 KB cookie"),
        N_('"detail": "the request headers are too large"'),
        N_("Send only the headers the API needs (Authorization, Content-Type, Accept)."),
    ),
    "expectation-failed": ProblemDoc(
        N_("The `Expect` header asks for something the server does not do."),
        N_("Expect: something-else"),
        N_('"detail": "the Expect header cannot be met"'),
        N_("Send no Expect header (or `Expect: 100-continue`)."),
    ),
    "not-implemented": ProblemDoc(
        N_(
            "The server does not implement what the request asks (an unknown method or "
            "transfer encoding)."
        ),
        N_("A request with Transfer-Encoding: gzip"),
        N_('"detail": "…"'),
        N_("Use the methods and encodings of the API (openapi.yaml)."),
    ),
    "unavailable": ProblemDoc(
        N_(
            "The service or its database is not ready; nothing was half-written. "
            "`Retry-After` says when to try again."
        ),
        N_("POST {game}/events while the database restarts"),
        N_('"detail": "the database is unavailable; retry in a moment"'),
        N_("Retry the same request (same event ids) after a few seconds: nothing is stored twice."),
    ),
    "internal": ProblemDoc(
        N_("An unexpected error; it was logged, and nothing was half-written."),
        N_("—"),
        N_('"detail": "an unexpected error occurred; it has been logged"'),
        N_(
            "Retry later; if it persists, report the time of the request to the service's "
            "operators."
        ),
    ),
}
