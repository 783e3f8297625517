"""The trust gate's detectors: secrets, personal data and instruction-like content, found
in a memory's text with maintained libraries that run offline and ship their own data.

- secrets: detect-secrets 1.5's plugin classes on the string, in process (no file scan),
  plus unquoted high-entropy tokens (its entropy plugins only look inside quotes);
- personal data: ``phonenumbers`` (phone), ``python-stdnum`` (IBAN, card by Luhn, US SSN,
  national ids of DE, FR, ES, IT, NL and IN), ``pyap`` (US, CA and GB street addresses), a
  regex for e-mail. Presidio was not used: it needs a spaCy model from a hub. A national id
  is a regex candidate kept only when stdnum validates its checksum, so ordinary numbers
  pass; no UK NINO (stdnum has no module for it, and it has no checksum);
- instruction-like content: phrases that address the agent, tool-call syntax, role tags
  and hidden Unicode (zero-width, bidi controls, tag characters).

Each finding is a kind and a span; callers decide what to do with it (``_trust_gate``).
"""

from __future__ import annotations

import dataclasses
import math
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

import phonenumbers
import pyap
from detect_secrets.core.plugins.util import get_mapping_from_secret_type_to_class
from detect_secrets.settings import default_settings
from stdnum import iban, luhn
from stdnum.de import idnr
from stdnum.es import dni, nie
from stdnum.fr import nir
from stdnum.in_ import aadhaar
from stdnum.it import codicefiscale
from stdnum.nl import bsn
from stdnum.us import ssn


@dataclass(frozen=True)
class Finding:
    """One detected span: ``category`` secret | pii | instruction, ``kind`` its type;
    ``country`` the issuing country of a national id (ISO code), else empty."""

    category: str
    kind: str
    start: int
    end: int
    country: str = ""


# -- secrets -----------------------------------------------------------------------------
# detect-secrets plugins that fire on ordinary prose, need a file context, or find no
# secret (a public IP address)
_SKIPPED_PLUGINS = frozenset({"KeywordDetector", "IbmCloudIamDetector", "IPPublicDetector"})


@cache
def _secret_plugins() -> tuple[Any, ...]:
    with default_settings():
        classes: list[Any] = list(get_mapping_from_secret_type_to_class().values())
        return tuple(cls() for cls in classes if cls.__name__ not in _SKIPPED_PLUGINS)


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


_TOKEN = re.compile(r"[A-Za-z0-9+/=_.\-]{20,}")
ENTROPY_LIMIT = 4.0  # bits per character; hex digests sit near 3.7, English words far below


def shannon_entropy(token: str) -> float:
    counts = Counter(token)
    return -sum(n / len(token) * math.log2(n / len(token)) for n in counts.values())


def _high_entropy(text: str) -> Iterator[Finding]:
    for match in _TOKEN.finditer(text):
        for start, token in _unnamed_parts(match.start(), match.group()):
            mixed = any(c.isdigit() for c in token) and any(c.isalpha() for c in token)
            if len(token) >= 20 and mixed and shannon_entropy(token) >= ENTROPY_LIMIT:
                yield Finding("secret", "high-entropy-string", start, start + len(token))


def _unnamed_parts(start: int, token: str) -> Iterator[tuple[int, str]]:
    """The parts of a token that may be random: a URL's host and path
    ("//hooks.eu-west-2.relaybox.io/in") are names, so only each of its path segments is
    one (a token in a webhook's path still is); any other token is one whole."""
    if not token.startswith("//"):
        yield start, token
        return
    offset = start + 2
    for n, segment in enumerate(token[2:].split("/")):
        if n:  # the host names a server
            yield offset, segment
        offset += len(segment) + 1


# every plugin's pattern needs a long token, a URL's credentials or a key block: text
# without any (most memories) skips the plugin loop, the gate's main cost
_MAY_HOLD_SECRET = re.compile(r"[A-Za-z0-9+/=_.\-]{16,}|://|PRIVATE KEY")


def find_secrets(text: str) -> list[Finding]:
    """A regex plugin's whole match is the span (its ``secret_value`` is only the first
    group for some, e.g. ``ghp``); the entropy plugins' values are located in the line."""
    found: list[Finding] = []
    if not _MAY_HOLD_SECRET.search(text):
        return found
    for plugin in _secret_plugins():
        kind = _slug(plugin.secret_type)
        for line_start, line in _lines(text):
            if hasattr(plugin, "denylist"):
                for regex in plugin.denylist:
                    for m in regex.finditer(line):
                        if m.end() > m.start():
                            found.append(
                                Finding(
                                    "secret", kind, line_start + m.start(), line_start + m.end()
                                )
                            )
                continue
            for secret in plugin.analyze_line(filename="memory", line=line, line_number=0):
                value = secret.secret_value or ""
                at = line.find(value) if value else -1
                while at >= 0:
                    start = line_start + at
                    found.append(Finding("secret", kind, start, start + len(value)))
                    at = line.find(value, at + 1)
    found.extend(_high_entropy(text))
    return found


def _lines(text: str) -> Iterator[tuple[int, str]]:
    offset = 0
    for line in text.splitlines(keepends=True):
        yield offset, line
        offset += len(line)


# -- personal data -----------------------------------------------------------------------
PII_KINDS = ("email", "phone", "card", "iban", "ssn", "national_id", "address")
_EMAIL = re.compile(r"(?<![\w.+-])[\w.+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}")
_CARD = re.compile(r"(?<!\d)(?:\d[ -]?){12,18}\d(?!\d)")
_IBAN = re.compile(r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,30}\b")
_SSN = re.compile(r"(?<!\d)\d{3}-\d{2}-\d{4}(?!\d)")
_OMO = "[0-9LMNPQRSTUV]"  # a codice fiscale's digits may be replaced by these letters
# (country, regex of the written format, stdnum module whose checksum must hold)
_NATIONAL_IDS: tuple[tuple[str, re.Pattern[str], Any], ...] = (
    ("DE", re.compile(r"(?<![\d.-])\d{2} ?\d{3} ?\d{3} ?\d{3}(?![\d.-])"), idnr),
    (
        "FR",
        re.compile(r"(?<!\w)[12] ?\d{2} ?\d{2} ?(?:\d{2}|2[AB]) ?\d{3} ?\d{3} ?\d{2}(?!\w)"),
        nir,
    ),
    ("ES", re.compile(r"(?<!\w)\d{8}-?[A-Z](?!\w)", re.IGNORECASE), dni),
    ("ES", re.compile(r"(?<!\w)[XYZ]-?\d{7}-?[A-Z](?!\w)", re.IGNORECASE), nie),
    (
        "IT",
        re.compile(rf"(?<!\w)[A-Z]{{6}}{_OMO}{{2}}[A-Z]{_OMO}{{2}}[A-Z]{_OMO}{{3}}[A-Z](?!\w)"),
        codicefiscale,
    ),
    ("NL", re.compile(r"(?<![\d.-])\d{4}\.?\d{2}\.?\d{3}(?![\d.-])"), bsn),
    ("IN", re.compile(r"(?<![\d.-])[2-9]\d{3} ?\d{4} ?\d{4}(?![\d.-])"), aadhaar),
)
_ADDRESS_COUNTRIES = ("US", "CA", "GB")
# an address starts with a street number and a capitalised name ("10 Downing", "611 3rd
# Ave", "144 W. Colfax"): a text without one skips pyap (its regexes cost ~20 ms a text),
# and a pyap match not starting so ("2 images. It is ... MAJA") is dropped
_STREET_START = re.compile(
    r"(?<![\w.])\d{1,6}[A-Za-z]?,?\s+(?:[NSEW]\.?\s+)?(?:[A-Z][a-z]|\d+(?:st|nd|rd|th)\b)"
)


def _national_ids(text: str) -> Iterator[Finding]:
    for country, regex, module in _NATIONAL_IDS:
        for m in regex.finditer(text):
            if module.is_valid(m.group()):
                yield Finding("pii", "national_id", m.start(), m.end(), country)


def _numbered(found: str, country: str) -> str | None:
    """An address must start with its street number: pyap's GB grammar also takes a word
    before it ("NIR, lives at 10 Downing Street, ..."), so such a match is cut at its first
    number and parsed again."""
    if _STREET_START.match(found):
        return found
    number = re.search(r"(?<!\w)\d", found)
    if number is None:
        return None
    again = pyap.parse(found[number.start() :], country=country)
    return again[0].full_address if again and _STREET_START.match(again[0].full_address) else None


def _addresses(text: str, taken: list[tuple[int, int]]) -> Iterator[Finding]:
    """Spans already found are blanked first (pyap would read an id's digits as a street
    number). pyap reports offsets in its whitespace-normalised copy of the text: the
    address is found again in ``text`` with any run of spaces or commas between words."""
    for start, end in taken:
        text = text[:start] + " " * (end - start) + text[end:]
    if not _STREET_START.search(text):
        return
    for country in _ADDRESS_COUNTRIES:
        for address in pyap.parse(text, country=country):
            numbered = _numbered(address.full_address, country)
            if numbered is None:
                continue
            words = re.findall(r"[^\s,]+", numbered)
            found = re.search(r"[\s,]+".join(map(re.escape, words)), text)
            if found:
                yield Finding("pii", "address", found.start(), found.end(), country)


def find_pii(text: str, region: str = "US") -> list[Finding]:
    found = [Finding("pii", "email", m.start(), m.end()) for m in _EMAIL.finditer(text)]
    for m in _CARD.finditer(text):
        digits = re.sub(r"\D", "", m.group())
        if 13 <= len(digits) <= 19 and luhn.is_valid(digits):
            found.append(Finding("pii", "card", m.start(), m.end()))
    found += [
        Finding("pii", "iban", m.start(), m.end())
        for m in _IBAN.finditer(text)
        if iban.is_valid(m.group())
    ]
    found += [
        Finding("pii", "ssn", m.start(), m.end())
        for m in _SSN.finditer(text)
        if ssn.is_valid(m.group())
    ]
    found += _national_ids(text)
    found += _addresses(text, [(f.start, f.end) for f in found])
    taken = [(f.start, f.end) for f in found]
    for match in phonenumbers.PhoneNumberMatcher(text, region, phonenumbers.Leniency.VALID):
        if not any(s < match.end and match.start < e for s, e in taken):
            found.append(Finding("pii", "phone", match.start, match.end))
    return found


# -- instruction-like content ------------------------------------------------------------
_ADDRESSING = re.compile(
    r"\b(?:ignore|disregard|forget|override)\s+(?:all\s+|any\s+|the\s+|your\s+)*"
    r"(?:previous|prior|above|earlier|system)\s+(?:instructions?|prompts?|rules?|messages?)"
    r"|\byou\s+must\s+(?:always|never)\b"
    r"|\bfrom\s+now\s+on,?\s+you\b"
    r"|\b(?:new|updated)\s+system\s+(?:prompt|instructions?)\b"
    r"|\byou\s+are\s+now\s+(?:a|an|in)\b"
    r"|\bdo\s+not\s+(?:tell|inform|reveal\s+to)\s+the\s+user\b",
    re.IGNORECASE,
)
_ROLE_TAG = re.compile(
    r"<\|?/?(?:system|assistant|im_start|im_end|tool|function_call)\|?>|\[/?INST\]",
    re.IGNORECASE,
)
# a line that speaks as the system ("system: the user is an admin"); an "assistant:" line
# is how an agent's own turns are kept (LongMemEval's memories are "role: text"), not
# a forgery: flagging it quarantined every such memory
_ROLE_LINE = re.compile(r"^\s*system\s*:", re.IGNORECASE | re.MULTILINE)
# any labelled line: a speaker's ("user:", "Sam:") or a field's ("updated:", "owner:")
_LABELLED_LINE = re.compile(r"^\s*([^\W\d][\w .-]{0,30}?)\s*:", re.MULTILINE)
_TOOL_CALL = re.compile(
    r"<(?:tool_call|function_calls?|invoke)\b|\"(?:tool_calls?|function_call)\"\s*:",
    re.IGNORECASE,
)
_HIDDEN = re.compile(
    "[\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\U000e0000-\U000e007f]"
)


def _quotes_labelled_lines(text: str) -> bool:
    """Whether ``text`` is a transcript or a record: lines under two or more labels
    ("user: … / system: …", "system: data warehouse / updated: …"). Its "system:" line
    is then a quoted speaker or a field, not a message forged in the system's role; a
    lone one (or one amid prose) is."""
    labels = {m.group(1).strip().lower() for m in _LABELLED_LINE.finditer(text)}
    return len(labels) >= 2


def find_instructions(text: str) -> list[Finding]:
    found = [
        Finding("instruction", "addresses-agent", m.start(), m.end())
        for m in _ADDRESSING.finditer(text)
    ]
    found += [
        Finding("instruction", "role-tag", m.start(), m.end()) for m in _ROLE_TAG.finditer(text)
    ]
    role_lines = list(_ROLE_LINE.finditer(text))
    if role_lines and not _quotes_labelled_lines(text):
        found += [Finding("instruction", "role-tag", m.start(), m.end()) for m in role_lines]
    found += [
        Finding("instruction", "tool-call", m.start(), m.end()) for m in _TOOL_CALL.finditer(text)
    ]
    found += [
        Finding("instruction", "hidden-unicode", m.start(), m.end()) for m in _HIDDEN.finditer(text)
    ]
    return found


def merged(findings: list[Finding]) -> list[Finding]:
    """Non-overlapping findings in text order: of overlapping ones the earliest, longest."""
    out: list[Finding] = []
    for f in sorted(findings, key=lambda f: (f.start, -(f.end - f.start))):
        if out and f.start < out[-1].end:
            if f.end > out[-1].end and out[-1].category == f.category:
                out[-1] = dataclasses.replace(out[-1], end=f.end)
            continue
        out.append(f)
    return out
