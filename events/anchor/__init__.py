"""Anchoring the hash chains: signed, chained checkpoints of every game's head.

A game's hash chain shows that no event was changed *inside* it, but not that the
chain was not cut short, rewound or rewritten whole by someone with the database in
hand. A checkpoint fixes every game's head (version and hash) at a moment: a Merkle
root over all heads, chained to the previous checkpoint and signed with the server's
Ed25519 key. Checkpoints are append-only and exportable as a small file a club can
keep or publish; :mod:`events.anchor.audit` checks the games against the last one (or
against a kept file) and names what happened to each: truncated, rewound, rehashed,
deleted.
"""
