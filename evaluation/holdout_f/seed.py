"""The one seed every random choice of set F derives from (times, template variants)."""

from __future__ import annotations

import random
import re
import zlib

HOLDOUT_SEED = 20261204


def rng(*parts: str) -> random.Random:
    """A generator seeded by the set's seed and ``parts``: the same in every process."""
    return random.Random(":".join((str(HOLDOUT_SEED), *parts)))


def stable_index(*parts: str) -> int:
    """A number derived from ``parts`` that no hash seed changes."""
    return zlib.crc32(":".join((str(HOLDOUT_SEED), *parts)).encode())


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
