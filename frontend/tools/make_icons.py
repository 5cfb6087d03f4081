"""Draw the app icons (a spade on a felt-green tile) as PNGs with only the standard library.

Run from the repository root: ``python frontend/tools/make_icons.py``. The output is committed;
run it again only when the design changes.
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "static" / "frontend" / "icons"
FELT = (21, 101, 62)
CARD = (250, 247, 238)
INK = (24, 24, 28)


def png(width: int, height: int, rows: list[bytes]) -> bytes:
    """An 8-bit RGB PNG from raw rows of ``width * 3`` bytes."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    raw = b"".join(b"\x00" + row for row in rows)
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def in_spade(x: float, y: float) -> bool:
    """A spade in the unit square: a pointed crown over two round lobes, and a flared stem."""
    for cx in (0.33, 0.67):
        if (x - cx) ** 2 + (y - 0.56) ** 2 <= 0.17 ** 2:
            return True
    if 0.1 <= y <= 0.56 and abs(x - 0.5) <= 0.34 * ((y - 0.1) / 0.46) ** 0.6:
        return True
    if 0.56 <= y <= 0.9:
        return abs(x - 0.5) <= 0.03 + ((y - 0.56) / 0.34) ** 2 * 0.13
    return False


def in_rounded(x: float, y: float, x0: float, y0: float, x1: float, y1: float, r: float) -> bool:
    if not (x0 <= x <= x1 and y0 <= y <= y1):
        return False
    cx = min(max(x, x0 + r), x1 - r)
    cy = min(max(y, y0 + r), y1 - r)
    return (x - cx) ** 2 + (y - cy) ** 2 <= r ** 2


def draw(size: int, maskable: bool) -> bytes:
    """Felt background; a card (smaller on maskable icons, inside the 80 % safe zone)."""
    margin = 0.2 if maskable else 0.12
    card = (margin + 0.08, margin, 1 - margin - 0.08, 1 - margin)
    zoom = 0.9 / (card[2] - card[0])  # the spade spans about three quarters of the card
    sub = 3  # supersampling per axis, for smooth edges
    rows = []
    for py in range(size):
        row = bytearray()
        for px in range(size):
            acc = [0, 0, 0]
            for sy in range(sub):
                for sx in range(sub):
                    x = (px + (sx + 0.5) / sub) / size
                    y = (py + (sy + 0.5) / sub) / size
                    colour = FELT
                    if in_rounded(x, y, *card, 0.06):
                        colour = CARD
                        if in_spade((x - 0.5) * zoom + 0.5, (y - 0.5) * zoom + 0.5):
                            colour = INK
                    for i in range(3):
                        acc[i] += colour[i]
            row.extend(round(c / sub / sub) for c in acc)
        rows.append(bytes(row))
    return png(size, size, rows)


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for size in (192, 512):
        (OUT / f"icon-{size}.png").write_bytes(draw(size, maskable=False))
        (OUT / f"maskable-{size}.png").write_bytes(draw(size, maskable=True))
    print(f"icons written to {OUT}")


if __name__ == "__main__":
    main()
