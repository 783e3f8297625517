"""Do two similar texts disagree on a value? The guard between "duplicate" and "conflict".

Embeddings put "The user's plan is Basic" and "The user's plan is Pro" close together;
merging them would silently keep one claim and bury the other (source 001). Before two
similar entries are folded, this module pulls out the values each states -- quoted
strings, addresses, dates, weekdays, times, versions, money, percentages, numbers,
identifiers, plan tiers, proper names -- plus polarity words and negation, and reports
where they disagree.

Rules that keep paraphrases quiet:
- A category disagrees only when *each* side states a value the other lacks; a value
  stated on one side only is extra detail, not a contradiction ("May 8" vs "May 8, 3pm").
- Values are normalised before comparing: 350,000 = 350000 = 350k, 3.5 = 3.50,
  "three" = 3, v2.1 = version 2.1, "8 May 2023" = "May 8, 2023" = 2023-05-08, and a date
  missing its year is compatible with the same day in any year.
- Negation counts by parity, so "never deploy" and "don't deploy" agree, and a flipped
  polarity word cancels a negation ("not healthy" = "unhealthy").
- Each span is consumed by the first extractor that claims it, so "$350,000" is money,
  not also a number.

Known limits: a capitalised word at the start of a sentence is taken for a name only if
either text also capitalises it mid-sentence (otherwise every sentence would open with a
"name"); quantities spelled as compounds ("twenty five") are not parsed.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from importlib import resources

Found = list[tuple[str, str]]  # (category, normalised value)
Q_OPEN, Q_CLOSE, D_OPEN, D_CLOSE = "\u2018", "\u2019", "\u201c", "\u201d"  # curly quotes


def _split(text: str) -> list[str]:
    return text.split()


def _wordset(text: str) -> frozenset[str]:
    return frozenset(text.split())


Normalizer = Callable[[re.Match[str]], Found]

_MONTH_NUMBERS = {
    "January": 1,
    "February": 2,
    "March": 3,
    "April": 4,
    "May": 5,
    "June": 6,
    "July": 7,
    "August": 8,
    "September": 9,
    "October": 10,
    "November": 11,
    "December": 12,
    "Jan": 1,
    "Feb": 2,
    "Mar": 3,
    "Apr": 4,
    "Jun": 6,
    "Jul": 7,
    "Aug": 8,
    "Sep": 9,
    "Sept": 9,
    "Oct": 10,
    "Nov": 11,
    "Dec": 12,
}
_FULL_MONTHS = (
    "January|February|March|April|May|June|July|August|September|October|November|December"
)
MONTH_NAMES = _FULL_MONTHS + "|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec"
# a month's number by its lower-case name or abbreviation (the names above, read in any case)
MONTH_NUMBERS: dict[str, int] = {
    name: number
    for number, names in enumerate(
        (
            ("january", "jan"),
            ("february", "feb"),
            ("march", "mar"),
            ("april", "apr"),
            ("may",),
            ("june", "jun"),
            ("july", "jul"),
            ("august", "aug"),
            ("september", "sep", "sept"),
            ("october", "oct"),
            ("november", "nov"),
            ("december", "dec"),
        ),
        start=1,
    )
    for name in names
}
_NUM = r"(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?"
# a sign and a number assigned a quoted or structured value ('$3 = "the euro"', '$5 =
# {{value = …}}': a debugger's value history) name that value: no amount, nor content.
# An amount may stand before "=" ("€599 = the desk's price", "$200 + $150 = $350")
ASSIGNED_NAME = re.compile(r"[$€£¥]\d+(?=\s*=\s*[\"'{(\[<])")
_MULTIPLIERS = {
    "k": 1_000,
    "thousand": 1_000,
    "M": 1_000_000,
    "mn": 1_000_000,
    "million": 1_000_000,
    "bn": 1_000_000_000,
    "billion": 1_000_000_000,
}
_UNIT_SUFFIX = r"ms|s|m|h|d|w|x|[kKMGT]B|[kmgt]b"
_SPOKEN_UNITS = (
    r"milliseconds?|msecs?|ms|seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|wks?"
    r"|months?|years?|yrs?|[kKMGT]i?B|bytes?"
)
_RATE_UNITS = _SPOKEN_UNITS + r"|ms|s|m|h|d|w"
_UNIT_NAMES = {
    "millisecond": "ms", "msec": "ms", "second": "s", "sec": "s", "m": "min", "minute": "min",
    "hour": "h", "hr": "h", "day": "d", "week": "w", "wk": "w", "month": "mo", "year": "y",
    "yr": "y",
}  # fmt: skip  # a lookup table: a spelling and its unit, side by side
_CURRENCIES = {
    "$": "USD",
    "€": "EUR",
    "£": "GBP",
    "¥": "JPY",
    "dollar": "USD",
    "dollars": "USD",
    "euro": "EUR",
    "euros": "EUR",
    "pound": "GBP",
    "pounds": "GBP",
    "cent": "USD",
    "cents": "USD",
}
_CODES = "USD|EUR|GBP|JPY|CHF|CAD|AUD|INR|CNY"
_NUMBER_WORDS = {
    w: i
    for i, w in enumerate(
        _split(
            "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
            "fifteen sixteen seventeen eighteen nineteen twenty"
        )
    )
} | {
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
    "twice": 2,
}
_NOT_A_NUMBER_BEFORE_ONE = _wordset(
    "the this that each any no every some which another a one only new right wrong"
)

TIER_WORDS = _wordset(
    "free basic starter standard plus pro premium business team enterprise gold silver "
    "bronze platinum trial lite ultimate"
)
_TIER_CONTEXT = _wordset(
    "plan plans tier tiers subscription subscriptions edition license licence package "
    "level account version"
)
NEGATION_WORDS = _wordset("not no never none nobody nothing nowhere neither cannot without")


def _polarity_families() -> dict[str, tuple[frozenset[str], frozenset[str]]]:
    """family -> (positive words, negative words), from ``data/polarity_families.jsonl``
    in its order. Only antonyms that rarely appear in a paraphrase of the same claim:
    "before/after" is left out for that reason."""
    text = resources.files("curation.data").joinpath("polarity_families.jsonl").read_text("utf-8")
    rows = [json.loads(line) for line in text.splitlines() if line.strip()]
    return {r["family"]: (frozenset(r["positive"]), frozenset(r["negative"])) for r in rows}


POLARITY_FAMILIES = _polarity_families()
_POLE_OF = {w: (fam, "+") for fam, (pos, _) in POLARITY_FAMILIES.items() for w in pos} | {
    w: (fam, "-") for fam, (_, neg) in POLARITY_FAMILIES.items() for w in neg
}
CATEGORIES = (
    "quoted",
    "address",
    "reference",
    "date",
    "day",
    "time",
    "version",
    "money",
    "percentage",
    "number",
    "identifier",
    "tier",
    "name",
)
# Categories naming *what* a statement is about rather than what it says of it: two texts
# that disagree here are about different subjects (order #10001 vs order #10002), so they
# are neither duplicates nor a contradiction.
SUBJECT_CATEGORIES = frozenset({"reference"})
_REFERENCE_NOUNS = (
    "order|ticket|job|issue|build|run|case|invoice|incident|pr|pull request|request|"
    "customer id|user id|account|id|no\\.|number"
)
# Words that open a sentence without being part of the name after them.
_SENTENCE_OPENERS = _wordset(
    """a an the this that these those our my your their his her its we you they he she it
    in on at for to from with by of and or but if when while after before since until once
    always never often usually sometimes only also then so do don't does not no please
    use using ask check set make add remove avoid prefer run try keep send call get put
    move deploy install update upgrade enable disable open close tell see note remember
    per via every each all any some most many"""
)
_INITIAL_BEFORE = set('.!?:;\n\r•*(["' + D_OPEN + Q_OPEN)
_PRONOUN_I = {"I", "I'm", "I've", "I'd", "I'll"}


def _decimal(text: str, multiplier: int | Decimal = 1) -> str | None:
    try:
        value = Decimal(text.replace(",", "")) * multiplier
    except InvalidOperation:
        return None
    return format(value.normalize(), "f")


def _date(y: str | None, month: int | None, d: str | None) -> Found:
    day = int(d) if d else None
    if (month is not None and not 1 <= month <= 12) or (day is not None and not 1 <= day <= 31):
        return []
    parts = [y or "?", f"{month:02d}" if month else "?", f"{day:02d}" if day else "?"]
    return [("date", "-".join(parts))]


def _named_date(m: re.Match[str]) -> Found:
    groups = m.groupdict()
    month = _MONTH_NUMBERS[groups["mon"]] if groups.get("mon") else None
    return _date(groups.get("y"), month, groups.get("d"))


def _iso(m: re.Match[str]) -> Found:
    found = _date(m.group("y"), int(m.group("m")), m.group("d"))
    if found and m.group("H"):
        found += _clock(int(m.group("H")), int(m.group("M")), None)
    return found


def _clock(hour: int, minute: int, meridiem: str | None) -> Found:
    if meridiem:
        if not 1 <= hour <= 12:
            return []
        hour = hour % 12 + (12 if meridiem.lower() == "p" else 0)
    if hour > 24 or minute > 59:
        return []
    return [("time", f"{hour:02d}:{minute:02d}")]


def _time(m: re.Match[str]) -> Found:
    groups = m.groupdict()
    if groups.get("word"):
        return [("time", "12:00" if m.group("word").lower() == "noon" else "00:00")]
    return _clock(int(m.group("h")), int(groups.get("mi") or 0), groups.get("ap"))


def _version(m: re.Match[str]) -> Found:
    parts = m.group("v").split(".")
    while len(parts) > 1 and parts[-1] == "0":
        parts.pop()
    return [("version", ".".join(parts).lower())]


def _money(m: re.Match[str]) -> Found:
    cur = m.group("cur")
    code = _CURRENCIES.get(cur) or _CURRENCIES.get(cur.lower()) or cur.upper()
    mult = Decimal(_MULTIPLIERS.get(m.group("mult") or "", 1))
    if cur.lower().startswith("cent"):
        mult = mult / 100
    value = _decimal(m.group("num"), mult)
    return [("money", f"{code} {value}")] if value is not None else []


def _percent(m: re.Match[str]) -> Found:
    value = _decimal(m.group("num"))
    return [("percentage", value)] if value is not None else []


def _unit(written: str) -> str:
    """One spelling per unit: "30 days", "30d" and "30 day" are one amount."""
    lower = written.lower()
    if lower in ("ms", "s", "m", "h", "d", "w", "x") or lower[-1:] == "b":
        return _UNIT_NAMES.get(lower, lower)
    return _UNIT_NAMES.get(lower.removesuffix("s"), lower.removesuffix("s"))


def _number(m: re.Match[str]) -> Found:
    """A number with what it counts in: a unit of time or size and a rate ("100 requests per
    minute" is not "100 requests per second"; "30 days" is not "30 hours")."""
    suffix = m.group("suffix") or ""
    word = m.group("word") or ""
    unit = ""
    if suffix in ("k", "K", "M", "bn"):
        mult = _MULTIPLIERS[suffix.lower() if suffix == "K" else suffix]
    elif suffix in ("st", "nd", "rd", "th"):
        mult = 1
    else:
        mult, unit = 1, _unit(suffix) if suffix else ""
    if m.group("unit"):
        unit = _unit(m.group("unit"))
    mult *= _MULTIPLIERS.get(word, 1)
    value = _decimal(m.group("num"), mult)
    if value is None:
        return []
    per = f"/{_unit(m.group('per'))}" if m.group("per") else ""
    return [("number", value + unit + per)]


def _number_word(m: re.Match[str]) -> Found:
    word = m.group("v").lower()
    if word == "one":
        before = m.string[max(0, m.start() - 40) : m.start()].split()
        after = m.string[m.end() : m.end() + 40].split()
        if (before and before[-1].lower() in _NOT_A_NUMBER_BEFORE_ONE) or (
            after and after[0].lower().strip(".,;:") in {"of", "another"}
        ):
            return []
    return [("number", str(_NUMBER_WORDS[word]))]


_NUMBER_LIKE = re.compile(rf"^\d+(?:\.\d+)?(?:st|nd|rd|th|k|K|M|bn|{_UNIT_SUFFIX})$")


def _identifier(m: re.Match[str]) -> Found:
    token = m.group(0)
    return [] if _NUMBER_LIKE.match(token) else [("identifier", token.casefold())]


def _plain(category: str, fold: bool = False) -> Normalizer:
    def normalize(m: re.Match[str]) -> Found:
        value = " ".join(m.group("v").split())
        return [(category, value.casefold() if fold else value)] if value else []

    return normalize


def _day(m: re.Match[str]) -> Found:
    return [("day", m.group("v").lower())]


_EXTRACTORS: list[tuple[re.Pattern[str], Normalizer]] = [
    (re.compile(p, flags), fn)
    for p, flags, fn in (
        (r'"(?P<v>[^"\n]{1,300})"', 0, _plain("quoted")),
        (D_OPEN + r"(?P<v>[^" + D_CLOSE + r"\n]{1,300})" + D_CLOSE, 0, _plain("quoted")),
        (Q_OPEN + r"(?P<v>[^" + Q_CLOSE + r"\n]{1,300})" + Q_CLOSE, 0, _plain("quoted")),
        (r"`(?P<v>[^`\n]{1,300})`", 0, _plain("quoted")),
        (r"(?<!\w)'(?P<v>[^'\n]{1,300})'(?!\w)", 0, _plain("quoted")),
        (r"(?P<v>\bhttps?://[^\s<>\"')\]]*[^\s<>\"')\].,;:!?])", 0, _plain("address")),
        (r"(?P<v>\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+)", 0, _plain("address", fold=True)),
        (r"#\s?(?P<v>\d+)\b", 0, _plain("reference")),
        (rf"\b(?:{_REFERENCE_NOUNS})\s*#?\s*(?P<v>\d{{2,}})\b", re.I, _plain("reference")),
        (
            r"\b(?P<y>\d{4})-(?P<m>\d{1,2})-(?P<d>\d{1,2})(?:[T ](?P<H>\d{1,2}):(?P<M>\d{2})"
            r"(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?(?!\d)",
            0,
            _iso,
        ),
        (
            rf"\b(?P<d>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<mon>{MONTH_NAMES})\.?"
            rf"(?:,?\s+(?P<y>\d{{4}}))?(?!\w)",
            0,
            _named_date,
        ),
        (
            rf"\b(?P<mon>{MONTH_NAMES})\.?\s+(?P<d>\d{{1,2}})(?:st|nd|rd|th)?(?!\d)"
            rf"(?:,?\s+(?P<y>\d{{4}}))?(?!\w)",
            0,
            _named_date,
        ),
        (rf"\b(?P<mon>{MONTH_NAMES})\.?,?\s+(?P<y>\d{{4}})(?!\w)", 0, _named_date),
        (r"\b(?P<v>\d{1,2}/\d{1,2}/\d{2,4})\b", 0, _plain("date")),
        (rf"\b(?P<mon>{_FULL_MONTHS})\b", 0, _named_date),
        (
            r"\b(?:in|since|from|until|till|by|during|of|year)\s+(?P<y>(?:19|20)\d{2})"
            r"(?!\w|[.,]\d)",
            re.I,
            _named_date,
        ),
        (
            r"\b(?P<v>today|tomorrow|yesterday|tonight|monday|tuesday|wednesday|thursday|friday"
            r"|saturday|sunday)(?:s\b|\b)",
            re.I,
            _day,
        ),
        (r"\b(?P<h>\d{1,2}):(?P<mi>\d{2})(?::\d{2})?(?:\s*(?P<ap>[ap])\.?m\b\.?)?", re.I, _time),
        (r"\b(?P<h>\d{1,2})\s*(?P<ap>[ap])\.?m\b\.?", re.I, _time),
        (r"\b(?P<word>noon|midnight)\b", re.I, _time),
        (r"\b[vV](?P<v>\d+(?:\.\d+)*)\b", 0, _version),
        (r"\b(?:version|release|ver\.?)\s+v?(?P<v>\d+(?:\.\d+)*)\b", re.I, _version),
        (r"\b(?P<v>\d+\.\d+\.\d+(?:\.\d+)*)(?:-[0-9A-Za-z.]+)?\b", 0, _version),
        (
            rf"(?P<cur>[$€£¥])\s?(?P<num>{_NUM})(?:\s?(?P<mult>k|M|mn|bn|thousand|million|billion)"
            rf"(?!\w))?",
            0,
            _money,
        ),
        (
            rf"\b(?P<cur>{_CODES})\s?(?P<num>{_NUM})(?:\s?(?P<mult>k|M|mn|bn|thousand|million"
            rf"|billion)(?!\w))?",
            0,
            _money,
        ),
        (
            rf"(?<![\w.])(?P<num>{_NUM})(?:\s?(?P<mult>k|M|mn|bn|thousand|million|billion)(?!\w))?"
            rf"\s?(?P<cur>{_CODES}|dollars?|euros?|pounds?|cents?)\b",
            0,
            _money,
        ),
        (rf"(?<![\w.])(?P<num>{_NUM})\s?(?:%|percent\b|per\s?cent\b|pct\b)", re.I, _percent),
        (
            r"(?<![\w-])(?=[A-Za-z0-9_-]*[A-Za-z])(?=[A-Za-z0-9_-]*\d)[A-Za-z0-9]+(?:[-_][A-Za-z0-9]+)*"
            r"(?![\w-])",
            0,
            _identifier,
        ),
        (
            rf"(?<![\w.])(?P<num>{_NUM})(?P<suffix>st|nd|rd|th|k|K|M|bn|{_UNIT_SUFFIX})?(?!\w)"
            rf"(?!\.\d)(?:\s(?P<word>thousand|million|billion)\b)?"
            rf"(?:\s?(?P<unit>{_SPOKEN_UNITS})\b)?"
            rf"(?:(?:\s+[^\W\d_]+)?(?:\s*/\s*|\s+(?:per|an?|each)\s+)(?P<per>{_RATE_UNITS})\b)?",
            0,
            _number,
        ),
        (rf"\b(?P<v>{'|'.join(_NUMBER_WORDS)})\b", re.I, _number_word),
    )
]

_WORD = re.compile(r"[^\W\d_][\w'-]*")


@dataclass(frozen=True)
class ValueProfile:
    """What one text states: values by category, polarity per family, negation cues."""

    values: dict[str, dict[str, str]]  # category -> {normalised value: surface text}
    poles: dict[str, tuple[str, str]]  # family -> ("+" | "-", surface word), if unambiguous
    negations: tuple[str, ...]
    name_runs: tuple[tuple[tuple[str, ...], bool], ...]  # capitalised runs, starts a sentence?
    mid_caps: frozenset[str]  # capitalised words seen mid-sentence
    # the sentence's words minus those that flip it (negations, polarity words)
    frame: frozenset[str] = frozenset()


def _consume(text: str, values: dict[str, dict[str, str]]) -> str:
    """Run every extractor in order; blank each claimed span so no later one sees it."""
    text = ASSIGNED_NAME.sub(lambda m: " " * len(m.group(0)), text)
    for pattern, normalize in _EXTRACTORS:
        pieces: list[str] = []
        last = 0
        for m in pattern.finditer(text):
            found = normalize(m)
            if not found:
                continue
            surface = " ".join(m.group(0).split()).strip(" ,")
            for category, value in found:
                values.setdefault(category, {}).setdefault(value, surface)
            pieces += [text[last : m.start()], " " * (m.end() - m.start())]
            last = m.end()
        text = "".join([*pieces, text[last:]])
    return text


def _previous_mark(text: str, end: int) -> int:
    """Index of the last character before ``end`` that is not a space or tab (-1: none)."""
    k = end - 1
    while k >= 0 and text[k] in " \t":
        k -= 1
    return k


def _is_initial(text: str, start: int) -> bool:
    k = _previous_mark(text, start)
    if k < 0 or text[k] in _INITIAL_BEFORE:
        return True
    if text[k] in "-\u2013\u2014":  # a bullet at the start of a line
        j = _previous_mark(text, k)
        return j < 0 or text[j] == "\n"
    return False


def _words(text: str) -> list[tuple[str, int, int]]:
    out = []
    for m in _WORD.finditer(text):
        word = m.group(0).rstrip("-'")
        if word.endswith("'s"):
            word = word[:-2]
        if word:
            out.append((word, m.start(), m.start() + len(word)))
    return out


def extract_values(text: str) -> ValueProfile:
    values: dict[str, dict[str, str]] = {}
    rest = _consume(unicodedata.normalize("NFKC", text), values).replace(Q_CLOSE, "'")
    words = _words(rest)
    lower = [w.lower() for w, _, _ in words]

    tiers: set[int] = set()
    for k, word in enumerate(lower):
        window = lower[max(0, k - 2) : k + 3]
        if word in TIER_WORDS and _TIER_CONTEXT.intersection(window):
            tiers.add(k)
            values.setdefault("tier", {}).setdefault(word, words[k][0])

    seen_poles: dict[str, dict[str, str]] = {}
    for word in lower:
        if word in _POLE_OF:
            family, pole = _POLE_OF[word]
            seen_poles.setdefault(family, {}).setdefault(pole, word)
    poles = {f: next(iter(p.items())) for f, p in seen_poles.items() if len(p) == 1}
    negations = tuple(w for w in lower if w in NEGATION_WORDS or w.endswith("n't"))

    runs: list[tuple[tuple[str, ...], bool]] = []
    mid_caps: set[str] = set()
    current: list[str] = []
    current_initial = False
    prev_end = -2
    for k, (word, start, end) in enumerate(words):
        capital = word[0].isupper() and word not in _PRONOUN_I and k not in tiers
        initial = _is_initial(rest, start)
        if capital and not initial:
            mid_caps.add(word)
        if capital and current and rest[prev_end:start] == " ":
            current.append(word)
        else:
            if current:
                runs.append((tuple(current), current_initial))
            current, current_initial = ([word], initial) if capital else ([], False)
        prev_end = end
    if current:
        runs.append((tuple(current), current_initial))
    return ValueProfile(values, poles, negations, tuple(runs), frozenset(mid_caps), _frame(text))


def _keeps_head(run: tuple[str, ...], known: frozenset[str]) -> bool:
    """Whether a sentence-opening word belongs to the name that follows it.

    "Acme Corp is the vendor" keeps Acme; "Use Stripe" and "The Basic plan" drop the
    opener, which is a common word rather than part of a name.
    """
    head = run[0]
    if head in known or (head.isupper() and len(head) > 1):
        return True
    return len(run) > 1 and head.lower() not in _SENTENCE_OPENERS


def _names(profile: ValueProfile, known: frozenset[str]) -> dict[str, str]:
    """Capitalised runs that are names; see ``_keeps_head`` for the sentence opener."""
    names: dict[str, str] = {}
    for run, initial in profile.name_runs:
        keep = run if not initial or _keeps_head(run, known) else run[1:]
        if keep:
            surface = " ".join(keep)
            names.setdefault(surface.casefold(), surface)
    return names


def _compatible(category: str, a: str, b: str) -> bool:
    if a == b:
        return True
    if category == "date":
        pa, pb = a.split("-"), b.split("-")
        return len(pa) == len(pb) == 3 and all(
            x == y or "?" in (x, y) for x, y in zip(pa, pb, strict=True)
        )
    if category == "name":
        ta, tb = set(a.split()), set(b.split())
        return ta <= tb or tb <= ta
    return False


def _only(category: str, mine: dict[str, str], theirs: dict[str, str]) -> list[str]:
    return [
        surface
        for value, surface in mine.items()
        if not any(_compatible(category, value, other) for other in theirs)
    ]


_ALIGNMENT = 0.6
_TOKEN_RE = re.compile(r"[a-z0-9']+")


def _frame(text: str) -> frozenset[str]:
    return frozenset(
        w
        for w in _TOKEN_RE.findall(text.lower())
        if w not in NEGATION_WORDS and w not in _POLE_OF and not w.endswith("n't")
    )


def _aligned(a: ValueProfile, b: ValueProfile) -> bool:
    """Polarity and negation only mean disagreement between near-identical sentences
    ("the deploy is healthy" / "the deploy is not healthy"); across two differently worded
    paraphrases a 'not' is phrasing, not a flipped claim."""
    union = a.frame | b.frame
    return bool(union) and len(a.frame & b.frame) / len(union) >= _ALIGNMENT


def compare_profiles(a: ValueProfile, b: ValueProfile) -> list[str]:
    """Differences in a fixed order: value categories, polarity families, negation
    (the last two only between aligned sentences)."""
    diffs: list[str] = []
    known = a.mid_caps | b.mid_caps
    a_values = a.values | {"name": _names(a, known)}
    b_values = b.values | {"name": _names(b, known)}
    for category in CATEGORIES:
        mine, theirs = a_values.get(category, {}), b_values.get(category, {})
        a_only, b_only = _only(category, mine, theirs), _only(category, theirs, mine)
        if a_only and b_only:
            diffs.append(f"{category}: {', '.join(a_only)} ≠ {', '.join(b_only)}")

    if not _aligned(a, b):
        return diffs
    flipped = [
        f
        for f in POLARITY_FAMILIES
        if f in a.poles and f in b.poles and a.poles[f][0] != b.poles[f][0]
    ]
    negation_differs = len(a.negations) % 2 != len(b.negations) % 2
    if negation_differs and flipped:  # "not healthy" vs "unhealthy": the flips cancel
        flipped, negation_differs = flipped[1:], False
    diffs += [f"{f}: {a.poles[f][1]} ≠ {b.poles[f][1]}" for f in flipped]
    if negation_differs:
        a_extra = Counter(a.negations) - Counter(b.negations)
        b_extra = Counter(b.negations) - Counter(a.negations)
        parts = [
            f"{', '.join(repr(w) for w in extra)} only in {side}"
            for extra, side in ((a_extra, "a"), (b_extra, "b"))
            if extra
        ]
        diffs.append("negation: " + ", ".join(parts))
    return diffs


def distinct_subjects(differences: list[str]) -> bool:
    """True when the differences name different subjects (see SUBJECT_CATEGORIES)."""
    return any(d.split(":", 1)[0] in SUBJECT_CATEGORIES for d in differences)


def value_differences(a: str, b: str) -> list[str]:
    """Human-readable disagreements between ``a`` and ``b``; [] when none is found."""
    return compare_profiles(extract_values(a), extract_values(b))
