"""The one seed of set D and the seeded random streams every part draws from.

Each stream is named by its parts (``rng("histories", "flags")``), so adding a subject or
a family never shifts the draws of another; a string seed is hashed the same way in every
process, whatever ``PYTHONHASHSEED`` says.
"""

from __future__ import annotations

import random
import unicodedata

HOLDOUT_SEED = 20261204

_ASCII = str.maketrans({"ł": "l", "Ł": "L", "ø": "o", "Ø": "O", "æ": "ae", "ß": "ss", "đ": "d"})


def rng(*parts: object) -> random.Random:
    """A random stream of its own for ``parts``."""
    return random.Random("/".join([str(HOLDOUT_SEED), *map(str, parts)]))


def slug(text: str) -> str:
    """``text`` as a plain-ASCII id part (``Łódź DC`` → ``lodz-dc``)."""
    plain = unicodedata.normalize("NFKD", text.translate(_ASCII))
    ascii_only = plain.encode("ascii", "ignore").decode().lower()
    return "-".join("".join(c if c.isalnum() else " " for c in ascii_only).split())
