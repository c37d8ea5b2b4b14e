"""The server's checkpoint key (Ed25519), kept as a PEM file in the data folder.

Why Ed25519 and not an HMAC: a checkpoint is meant to be kept or published by clubs
and checked by anyone (a federation, an arbiter, another club) with the *public* key;
with an HMAC every checker would hold the secret and could forge checkpoints. The key
file is created (mode 0600) on the first checkpoint; only the process that takes
checkpoints needs it, checkers need its public key (written into every checkpoint
and its exported file).
"""

from __future__ import annotations

import base64
import hashlib
import os
from pathlib import Path

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import (
    Ed25519PrivateKey,
    Ed25519PublicKey,
)

ALGORITHM = "Ed25519"
KEY_FILE = "checkpoint-key.pem"


def load_key(path: Path, create: bool = True) -> Ed25519PrivateKey | None:
    """The key at ``path``; a new one written there when missing and ``create``."""
    if path.exists():
        key = serialization.load_pem_private_key(path.read_bytes(), password=None)
        if not isinstance(key, Ed25519PrivateKey):
            raise ValueError(f"{path.name} is not an Ed25519 private key")
        return key
    if not create:
        return None
    key = Ed25519PrivateKey.generate()
    pem = key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    )
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(pem)
    return key


def public_text(key: Ed25519PrivateKey | Ed25519PublicKey) -> str:
    """The raw 32-byte public key, base64."""
    public = key.public_key() if isinstance(key, Ed25519PrivateKey) else key
    raw = public.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
    return base64.b64encode(raw).decode()


def fingerprint(public: str) -> str:
    """A short name for a public key: the first 16 hex digits of its SHA-256."""
    return hashlib.sha256(base64.b64decode(public)).hexdigest()[:16]


def sign(key: Ed25519PrivateKey, message: bytes) -> str:
    return base64.b64encode(key.sign(message)).decode()


def signed_by(public: str, message: bytes, signature: str) -> bool:
    """Whether ``signature`` (base64) is ``public``'s signature of ``message``."""
    try:
        key = Ed25519PublicKey.from_public_bytes(base64.b64decode(public, validate=True))
        key.verify(base64.b64decode(signature, validate=True), message)
    except (InvalidSignature, ValueError):
        return False
    return True
