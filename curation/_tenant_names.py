"""Tenant names that cannot look alike and that every surface can use.

A tenant name is normalised to NFKC (so ``café`` typed as one code point or as ``e`` plus
a combining accent is one tenant), must keep to one script (``acme`` spelled with a Cyrillic
``a`` is refused), must be a valid Dagster partition key (no ``...``: Dagster could never
schedule it), and a new tenant must not be confusable with an existing one (same
skeleton: case, accents and the common Latin look-alikes folded)."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from curation._errors import ValidationError

# what Dagster refuses inside a partition key (dagster's INVALID_PARTITION_SUBSTRINGS)
PARTITION_KEY_FORBIDDEN = ("...", "\a", "\b", "\f", "\n", "\r", "\t", "\v", "\0")
# scripts that are written together: one name may mix these and nothing else
_JAPANESE = frozenset({"CJK", "HIRAGANA", "KATAKANA", "KATAKANA-HIRAGANA"})
# letters of other scripts that look like a Latin letter (the usual homoglyph attacks)
_LOOKALIKES = str.maketrans(
    # Cyrillic a b e k m h o p c t y x s i j d, Latin script g, Cyrillic palochka, Greek
    # alpha beta epsilon iota kappa nu omicron rho tau upsilon chi; then digits and
    # separators that pass for letters or for each other
    "\u0430\u0432\u0435\u043a\u043c\u043d\u043e\u0440\u0441\u0442\u0443\u0445"
    "\u0455\u0456\u0458\u0501\u0261\u04cf"
    "\u03b1\u03b2\u03b5\u03b9\u03ba\u03bd\u03bf\u03c1\u03c4\u03c5\u03c7"
    "01|_ ",
    "abekmhopctyxsijdglabeikvoptuxoll--",
)


def normalise(name: str) -> str:
    """The one spelling a tenant name is stored and looked up under."""
    return unicodedata.normalize("NFKC", name)


def _script(ch: str) -> str | None:
    """The script of a letter (the first word of its Unicode name), None for anything
    script-neutral (digits, punctuation, spaces, marks)."""
    if not unicodedata.category(ch).startswith("L"):
        return None
    return unicodedata.name(ch, "UNKNOWN").split()[0]


def check(name: str) -> str:
    """``name`` normalised, or a ValidationError naming why no surface could use it."""
    name = normalise(name)
    bad = [s for s in PARTITION_KEY_FORBIDDEN if s in name]
    if bad:
        raise ValidationError("tenant", name, f"contains {bad[0]!r}: not a valid partition key")
    scripts = {s for s in map(_script, name) if s is not None}
    if len(scripts) > 1 and not scripts <= _JAPANESE:
        raise ValidationError(
            "tenant",
            name,
            f"mixes scripts ({', '.join(sorted(scripts))}): it could pass for another name",
        )
    return name


def skeleton(name: str) -> str:
    """What a name looks like: case, accents and look-alike letters folded."""
    folded = unicodedata.normalize("NFKD", normalise(name).casefold())
    bare = "".join(ch for ch in folded if not unicodedata.combining(ch))
    return bare.translate(_LOOKALIKES)


def check_new(name: str, existing: Iterable[str]) -> str:
    """``name`` normalised and checked for a tenant about to be created: refused when it
    looks like a tenant that exists under another spelling."""
    name = check(name)
    look = skeleton(name)
    for other in existing:
        if other != name and skeleton(other) == look:
            raise ValidationError(
                "tenant", name, f"looks like the existing tenant {other!r}; use that name"
            )
    return name
