#!/usr/bin/env python3
"""Writes preview_tokens.json: preview tokens computed from the format
PreviewSigner documents, with Python's hmac, hashlib and base64 alone, so
that TestPreviewTokenVectors checks Sign and Verify against an
independent implementation rather than against themselves.

The payload: the version byte 1; the expiry in Unix seconds, the theme id
and the revision number as unsigned LEB128 varints (Go's
encoding/binary.Uvarint); the tenant and the user, each as its length in
bytes (a varint) and its UTF-8 bytes. The token: the payload, a dot, and
HMAC-SHA-256(key, "themekit preview token" NUL payload), both in
unpadded base64url.

Run: python3 preview_token_vectors.py > preview_tokens.json
"""
import base64
import hashlib
import hmac
import json


def uvarint(n):
    out = b""
    while True:
        b, n = n & 0x7F, n >> 7
        if n:
            out += bytes([b | 0x80])
        else:
            return out + bytes([b])


def b64(b):
    return base64.urlsafe_b64encode(b).rstrip(b"=").decode()


key = bytes(range(32))
vectors = []
for tenant, user, theme, number, expires in [
    ("acme", "alice", 1, 3, 1893456000),  # 2030-01-01T00:00:00Z
    ("acme", "", 2, 300, 1893456000),
    ("", "", 1, 1, 1893456000),
    ("globex", "zoë@example.com", 2147483647, 2147483647, 4102444800),  # 2100-01-01
]:
    t, u = tenant.encode(), user.encode()
    payload = bytes([1]) + uvarint(expires) + uvarint(theme) + uvarint(number) + uvarint(len(t)) + t + uvarint(len(u)) + u
    mac = hmac.new(key, b"themekit preview token\x00" + payload, hashlib.sha256).digest()
    vectors.append({"tenant": tenant, "user": user, "theme": theme, "number": number,
                    "expires": expires, "token": b64(payload) + "." + b64(mac)})
print(json.dumps({"key_hex": key.hex(), "vectors": vectors}, indent=1, ensure_ascii=False))
