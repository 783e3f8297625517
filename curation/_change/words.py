"""The words of a text as the detector reads them: tokens with their offsets, stems, names,
identifiers and the calendar's words.

Every other part reads text through these, so case, punctuation, inflection and what counts
as a name are decided once."""

from __future__ import annotations

import calendar
import re
import threading
import unicodedata
from datetime import UTC, datetime
from functools import lru_cache

import snowballstemmer
from wordfreq import zipf_frequency

from curation._values import ASSIGNED_NAME, MONTH_NUMBERS

_MONTH = "|".join(sorted(MONTH_NUMBERS, key=len, reverse=True))


_WEEKDAY = r"(?:mon|tues|wednes|thurs|fri|satur|sun)days?"


_DAY = r"\d{1,2}(?:st|nd|rd|th)?"


_YEAR = r"(?:1[0-9]|20)\d{2}"


_TIME = re.compile(
    r"(?:(?<![\w$#€£.:/-])|(?<=[^\W\d_]:))(?:"
    rf"(?P<iso>{_YEAR}-\d{{1,2}}(?:-\d{{1,2}})?"
    r"(?:[t ]\d{1,2}:\d{2}(?::\d{2})?(?:z|[+-]\d{2}:?\d{2})?)?)"
    rf"|(?P<slash>\d{{1,2}}/\d{{1,2}}/(?:{_YEAR}|\d{{2}}))"
    rf"|(?P<dotted>\d{{1,2}}\.\d{{1,2}}\.{_YEAR})"
    rf"|(?P<mdy>(?:{_MONTH})\.?\s+{_DAY}(?:,?\s+{_YEAR})?)"
    rf"|(?P<dmy>{_DAY}\s+(?:of\s+)?(?:{_MONTH})\.?(?:,?\s+{_YEAR})?)"
    rf"|(?P<my>(?:{_MONTH})\.?,?\s+(?:{_YEAR}|['\u2019]\d{{2}}))"
    rf"|(?P<year>{_YEAR}(?:'?s)?)"
    rf"|(?P<weekday>{_WEEKDAY})"
    r"|(?P<relative>today|yesterday|tomorrow|tonight)"
    r")(?![\w$%]|[.,:/-]\d)",
    re.IGNORECASE,
)


_STATE_CUE = re.compile(
    r"\b(?:as of|as at|since|from|now|currently|nowadays|anymore|no longer|is|are|has been"
    r"|have been)\b",
    re.IGNORECASE,
)


def _wordset(words: str) -> frozenset[str]:
    return frozenset(words.split())


_ADDITION = re.compile(r"\b(?:also|another|as well|in addition|additionally)\b", re.IGNORECASE)


_WORD = re.compile(r"[$€£#]?\d[\d,.:/-]*\d%?|[$€£#]?\d%?|[^\W_](?:[\w'\u2019.+-]*[^\W_])?")


_STOP = _wordset(
    """a an the of to in on at for from by with and or but is are was were be been being am
    it its this that these those as i me my we our us you your he him his she her they them
    their do does did done has have had having will would can could should may might must
    shall just so than then there here what which who whom whose when where why how not
    very really about into over up also still some any all each such only own same too s
    t don't i'm i've it's that's there's let's whats what's who's where's"""
)


# the markers of a form or of a change, not content: "Q: … A: …", "fyi", "now", "updated"
_FORM = _wordset(
    """q a question answer note notes noted fyi btw update updated updates currently current
    now nowadays latest today changed change changes moved switched becomes became become
    anymore longer recently effective record recorded info status reminder remember please
    new newly instead per"""
)


# a Snowball stemmer keeps its word in itself while it works: one per thread (the HTTP
# server recalls on several threads; one shared stemmer raised IndexError under load)
_STEMMERS = threading.local()


def _stem(word: str) -> str:
    stemmer = getattr(_STEMMERS, "english", None)
    if stemmer is None:
        stemmer = _STEMMERS.english = snowballstemmer.stemmer("english")
    return str(stemmer.stemWord(word))


@lru_cache(maxsize=65536)
def _norm(surface: str) -> str:
    """The stem of a content word, or "" for a function word or a form marker."""
    if surface in _STOP or surface in _FORM:
        return ""
    if any(c.isdigit() for c in surface):
        return surface
    return _stem(surface)


# a dot, underscore or hyphen between two letters joins the parts of one identifier
# ("payments-api.oncall_owner", "ios-app"): each part is a word, as a person would say it
_IDENTIFIER_JOIN = re.compile(r"(?<=[^\W\d_])[._-](?=[^\W\d_])")


_THE_US = frozenset({"U.S", "U.S.A"})  # the country written with stops: the name "USA"


def _words(text: str) -> list[tuple[str, int, int, bool]]:
    """Each word of ``text`` as written, where its match starts and ends, and whether it
    is a part of an identifier."""
    out: list[tuple[str, int, int, bool]] = []
    matches = list(_WORD.finditer(text))
    for n, match in enumerate(matches):
        if ASSIGNED_NAME.match(text, match.start()):
            continue
        raw = match.group(0).replace("\u2019", "'").strip(".'").removesuffix("'s")
        if raw in _THE_US or (raw == "US" and not _among_capitals(text, matches, n)):
            raw = "USA"  # the country's name, not the pronoun "us"
        parts = [part for part in _IDENTIFIER_JOIN.split(raw) if part]
        out.extend((part, match.start(), match.end(), len(parts) > 1) for part in parts)
    return out


def _among_capitals(text: str, matches: list[re.Match[str]], n: int) -> bool:
    """Whether the words beside the ``n``-th on its line are all written in capitals, as
    a shouted phrase is ("CONTACT US TODAY"): there "US" is the pronoun. A record's field
    name in capitals on one side ("SUMMARY:US Chess Federation …") is no such phrase."""
    line_start = text.rfind("\n", 0, matches[n].start()) + 1
    line_end = text.find("\n", matches[n].end())
    if line_end < 0:
        line_end = len(text)
    beside = [
        matches[k].group(0)
        for k in (n - 1, n + 1)
        if 0 <= k < len(matches) and line_start <= matches[k].start() < line_end
    ]
    return bool(beside) and all(word.isupper() for word in beside)


def _tokens(text: str) -> list[tuple[str, str]]:
    """Each word of ``text`` lower-cased for lookups, beside it as written."""
    return [(written.lower(), written) for written, _, _, _ in _words(text)]


@lru_cache(maxsize=65536)
def identifiers(text: str) -> frozenset[str]:
    """The identifiers of ``text`` written whole ("payments-core-eu", "billing-api-v2",
    "same-day"), lower case."""
    found = set()
    for match in _WORD.finditer(unicodedata.normalize("NFKC", text)):
        raw = match.group(0).replace("\u2019", "'").strip(".'").removesuffix("'s").strip(".'")
        if _IDENTIFIER_JOIN.search(raw):
            found.add(raw.lower())
    return frozenset(found)


def _parts(identifier: str) -> frozenset[str]:
    return frozenset(_IDENTIFIER_JOIN.split(identifier))


def twins(one: frozenset[str], other: frozenset[str]) -> bool:
    """Two sets of identifiers that each hold one the other lacks, the two sharing a part:
    near-twin names ("payments-core" / "payments-core-eu", "billing-api" / "billing-web"),
    not two labels of one thing ("same-day cutoff" / "cutoff_time")."""
    return any(_parts(i) & _parts(j) for i in one - other for j in other - one)


@lru_cache(maxsize=65536)
def _names(text: str) -> frozenset[str]:
    """The stems of the words of ``text`` that name something: a word rare in the language
    (a name, an identifier) or a part of an identifier ("log-retention", "refund_window":
    common words that together name one thing)."""
    return frozenset(
        norm
        for written, _, _, part in _words(text)
        if (norm := _norm(written.lower())) and (part or _rare_in_language(written.lower()))
    )


def _surfaces(text: str) -> list[str]:
    return [lower for lower, _ in _tokens(text)]


def _day(year: int, month: int, day: int) -> datetime:
    """That day, or the month's first when no such day exists ("31 February")."""
    if not 1 <= day <= calendar.monthrange(year, month)[1]:
        day = 1
    return datetime(year, month, day, tzinfo=UTC)


def _name_like(word: str) -> bool:
    return word[:1].isupper() or _is_code(word)


def _continues_a_name(word: str) -> bool:
    """A word that may go on with the name before it: a name's word, or a number ("Milan
    Metro Line 2", "British Rail Class 24")."""
    return _name_like(word) or word.isdigit()


def _is_code(word: str) -> bool:
    """A code of capitals and digits ("VP-29", "S46"), not a version ("v17")."""
    return any(c.isdigit() for c in word) and any(c.isupper() for c in word)


@lru_cache(maxsize=65536)
def _capitalised_inside(text: str) -> frozenset[str]:
    """The stems of the words ``text`` writes as names: capitalised where no sentence,
    line or field opens ("… replaced by Rod Beckstrom", "New START status"), however common
    the word is in the language; and where one opens (after ".", "!", "?", ":", a line break
    or at the start) when it runs on into another capitalised word ("…? Silver Spring,
    Maryland.", "New START"). A single opening word is not read as a name, however rare
    ("Workaround: …", "Hotfix until …" open two paraphrases). "I" (and "I'll") is
    capitalised wherever it stands."""
    words = _words(text)
    found = set()
    for n, (written, start, _, _) in enumerate(words):
        if not written[:1].isupper() or written.split("'")[0] == "I":
            continue
        opened = text[:start].rstrip()
        if (n and opened and opened[-1] not in ".!?:\n") or _runs_on(text, words, n):
            found.add(_norm(written.lower()))
    return frozenset(found - {""})


SUBJECT_ZIPF = 4.0  # rare in the language (wordfreq's Zipf scale: "went" 5.5, "Koller" 2.1)


_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")


_CALENDAR = frozenset(_norm(word) for word in (*MONTH_NUMBERS, *_WEEKDAYS))


@lru_cache(maxsize=65536)
def _rare_in_language(word: str) -> bool:
    """A word that names something rather than says something: rare in written English
    (names, identifiers) or holding a digit. Common words are the question's wording."""
    if any(c.isdigit() for c in word):
        return True
    if len(word) < 2:
        return False
    return zipf_frequency(word, "en") < SUBJECT_ZIPF


_CONNECTORS = frozenset({"of", "the", "de", "du", "des", "la", "le", "del", "di", "van", "von"})


def _opens_with_a_name(text: str, words: list[tuple[str, int, int, bool]]) -> bool:
    """Whether the first word starts a name: capitalised, and rare in the language or
    running on into another name word (``_runs_on``)."""
    if not words or not words[0][0][:1].isupper():
        return False
    return _rare_in_language(words[0][0].lower()) or _runs_on(text, words, 0)


def _runs_on(text: str, words: list[tuple[str, int, int, bool]], n: int) -> bool:
    """Whether word ``n`` runs on into a capitalised word with only a space between
    ("Silver Spring", "Kim So-yeon"): a name, wherever a sentence opens."""
    return (
        n + 1 < len(words)
        and words[n + 1][0][:1].isupper()
        and not text[words[n][2] : words[n + 1][1]].strip()
    )


def _connected(words: list[tuple[str, int, int, bool]], text: str, last: int, first: int) -> bool:
    """Only connectors, spaced, between word ``last`` of one run and word ``first`` of the
    next."""
    between = range(last + 1, first)
    return (
        bool(between)
        and all(words[k][0] in _CONNECTORS for k in between)
        and all(not text[words[k - 1][2] : words[k][1]].strip() for k in range(last + 1, first + 1))
    )
