"""The receiving side of Web Push, as a browser does it, written from RFC 8291 and RFC 8292.

A ``Browser`` owns a P-256 key pair and an auth secret, hands out a subscription like
``PushSubscription.toJSON()`` and decrypts what the push service delivers. ``vapid_claims``
checks the sender's ``Authorization: vapid t=..., k=...`` header the way a push service does.
"""

from __future__ import annotations

import base64
import json
import os

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def _hkdf(*, salt: bytes, ikm: bytes, info: bytes, length: int) -> bytes:
    return HKDF(algorithm=hashes.SHA256(), length=length, salt=salt, info=info).derive(ikm)


class Browser:
    """One subscribed browser profile: its keys, and decryption of what reaches it."""

    def __init__(self) -> None:
        self.private_key = ec.generate_private_key(ec.SECP256R1())
        self.public_point = self.private_key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        self.auth_secret = os.urandom(16)

    def subscription(self, endpoint: str) -> dict:
        """What ``PushSubscription.toJSON()`` gives the page to send to the server."""
        return {
            "endpoint": endpoint,
            "expirationTime": None,
            "keys": {"p256dh": b64url(self.public_point), "auth": b64url(self.auth_secret)},
        }

    def decrypt(self, body: bytes) -> bytes:
        """Undo ``aes128gcm`` (RFC 8188) with keys derived as RFC 8291 section 3.4 says."""
        salt, record_size, id_length = body[:16], int.from_bytes(body[16:20], "big"), body[20]
        assert id_length == 65, "the key id must be the sender's uncompressed public key"
        sender_point = body[21 : 21 + id_length]
        sender_key = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), sender_point)
        shared_secret = self.private_key.exchange(ec.ECDH(), sender_key)

        key_info = b"WebPush: info\x00" + self.public_point + sender_point
        ikm = _hkdf(salt=self.auth_secret, ikm=shared_secret, info=key_info, length=32)
        cek = _hkdf(salt=salt, ikm=ikm, info=b"Content-Encoding: aes128gcm\x00", length=16)
        nonce = _hkdf(salt=salt, ikm=ikm, info=b"Content-Encoding: nonce\x00", length=12)

        records = body[21 + id_length :]
        plaintext = b""
        for sequence, start in enumerate(range(0, len(records), record_size)):
            record_nonce = (int.from_bytes(nonce, "big") ^ sequence).to_bytes(12, "big")
            padded = AESGCM(cek).decrypt(record_nonce, records[start : start + record_size], None)
            content = padded.rstrip(b"\x00")
            is_last = start + record_size >= len(records)
            assert content[-1:] == (b"\x02" if is_last else b"\x01"), "bad record delimiter"
            plaintext += content[:-1]
        return plaintext

    def decrypt_json(self, body: bytes) -> dict:
        return json.loads(self.decrypt(body))


def vapid_claims(authorization: str, *, public_key: str) -> dict:
    """Check a ``vapid t=<JWT>, k=<key>`` header signed by ``public_key``; return its claims."""
    scheme, _, parameters = authorization.partition(" ")
    assert scheme.lower() == "vapid"
    fields = dict(part.strip().split("=", 1) for part in parameters.split(","))
    assert fields["k"] == public_key
    header, claims, signature = fields["t"].split(".")
    assert json.loads(unb64url(header)) == {"typ": "JWT", "alg": "ES256"}
    raw_signature = unb64url(signature)
    assert len(raw_signature) == 64
    der_signature = encode_dss_signature(
        int.from_bytes(raw_signature[:32], "big"), int.from_bytes(raw_signature[32:], "big")
    )
    signer = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64url(public_key))
    signer.verify(der_signature, f"{header}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))
    return json.loads(unb64url(claims))
