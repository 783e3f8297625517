"""The change detector: does a newer memory state another value for the same subject and slot?

One component for every place that asks: the write-time hooks, the nightly plan and recall.

Why it reads statements this way. A detector fitted to one dataset's phrasing (the value
comes last, a capital marks a name, any "in <year>" is an event) fails as soon as the same
facts are written otherwise, and it fails by crossing subjects: "the catalog service runs
on port 8121" archived by "the search service now runs on port 9011". So the test rests on
what survives a change of wording:

1. **The validity time is metadata, not content.** A time expression introduced as a note
   ("as of 1999", "since 2001", "(noted in 2018)", "updated 2021-03-04", a leading
   "[2021-03-04]", a trailing ", 1999" or "| 2021-03-04 |", "effective: …", "apr '22", a
   record's field: "valid_from: …", `"as_of": "…"`, "effective_date = …")
   says *when* the statement held; it is set apart (``Statement.valid_from``) and compared
   by no one. So is the value a statement says it replaced ("previous: Ana Souza", "(was
   09:15)", "; formerly Facebook": ``Statement.former``): a change is then told by what
   the newer replaced being what the older states. A time that is not such a note ("every
   Monday", "A: November 23, 2017", "rotates on Fridays") stays in the content: a date, a
   weekday or an amount can be the value.
2. **Form is not content.** Case, punctuation, function words and the markers of a form
   ("Q:", "A:", "fyi", "now", "updated", "changed to") are dropped; words are lightly stemmed.
3. **A change is one substitution.** The two content sequences are aligned. Exactly one
   stretch of one side replaced by a stretch of the other is a change of value; two or more
   substitutions are another subject or another slot ("catalog … 8121" / "search … 9011"),
   and so is one stretch that crosses punctuation on both sides (a value is one phrase:
   "Oslo = Ingrid Solberg's home city" / "Cardiff = Marcus Bell's home city");
   words only one side has (inserted, not replaced) are wording or detail. The shared words
   must carry the statement (its frame), and inserted words stay a minority.
4. **Which stretch is the value needs the question.** "Ana plays for Porto" / "Bo plays for
   Porto" is one substitution too, and without knowing what is asked nobody can tell the
   subject from the value. So a pair's verdict alone never archives anything (the curator's
   review gate decides, see ``_store/change_review``), and recall \u2014 which knows the question
   \u2014 only groups statements whose changed stretch the question does not name
   (``newest_of_slot_first``). Where the form itself says which side is asked \u2014 a
   question and its answer, one key and its value on a line \u2014 a stretch replaced in the
   question with the answer kept whole is another question ("Which team did Guy
   Whittingham play for? Aston Villa" / "\u2026 Steve Sidwell \u2026? Aston Villa"), and so is
   one that swaps a name there with the answer only narrowed or widened ("\u2026 Ana Souza
   join? FC Porto B" / "\u2026 Bo Lima join? FC Porto").
   Where the grammar says whose the slot is, it says which stretch is the subject: a
   possessive ("Priya Raman's", "Blue Vase (Ming dynasty)'s", "Line 3's"), a noun's
   "of" or "for" ("the team of Guy Whittingham", "the support plan for globex"), a record's
   field naming what it is about (`"subject": "Kestrel"`), a name heading its line
   ("Kestrel - owner is \u2026"). One stretch replaced there on both sides \u2014 all of the
   owner's name, its last words, or the owner running on into the value \u2014 is another
   subject. So is a pair where, besides the replaced stretch, each side names a thing the
   other does not.
5. **Events and additions are not replacements.** Two statements both anchored at a point
   ("in 2019", "on 3 May") with no state cue report events; a newer statement marked as an
   addition ("also", "another") adds a value to a multi-valued relation.
6. **A change changes a value.** When both state the same values (a date, an amount, a
   weekday, a version) outside the replaced stretch, the stretch named what the statement
   is about: "crawler: 256 MiB" / "email-digest: 256 MiB" are two subjects.

English function words are the only language knowledge here; no template of any dataset.
"""

from __future__ import annotations

import calendar
import math
import re
import threading
import unicodedata
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from difflib import SequenceMatcher
from enum import StrEnum
from functools import lru_cache

import snowballstemmer
from wordfreq import zipf_frequency

from curation._unionfind import UnionFind
from curation._values import ASSIGNED_NAME, MONTH_NUMBERS, extract_values

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
# words that introduce a validity note, longest first; the point cues anchor an event
_NOTE_CUES = (
    "with effect from",
    "with effect",
    "in effect from",
    "in effect since",
    "in force from",
    "in force since",
    "in place from",
    "in place since",
    "as of",
    "as at",
    "valid from",
    "starting from",
    "effective from",
    "effective",
    "starting",
    "since",
    "from",
    "updated on",
    "updated in",
    "updated",
    "last updated",
    "noted on",
    "noted in",
    "noted",
    "notes",
    "dated",
    "changed on",
    "changed",
    "recorded on",
    "recorded in",
    "recorded",
    "written on",
    "written in",
    "seen on",
    "seen in",
    "checked on",
    "checked",
    "last verified",
    "verified on",
    "verified",
    "confirmed on",
    "confirmed",
    "reviewed on",
    "reviewed",
    "fetched on",
    "fetched",
    "retrieved on",
    "retrieved",
    "observed on",
    "observed",
    "logged on",
    "logged",
    "until",
    "till",
    "by",
    "per",
)
_POINT_CUES = ("in", "on", "at", "during")
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
MAX_INSERTED_SHARE = 0.5  # inserted (wording) words at most this share of the shared ones
MAX_VALUE_SHARE = 0.6  # a stretch replacing most of a statement replaced its subject too
MIN_FRAME_SHARE = 0.5  # shared words at least this share of each side outside its value


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


def _name_other_things(first: Statement, second: Statement) -> bool:
    """Each names a near-twin of an identifier the other names: two things, whatever else
    they share ("search-svc" is not a vaguer "search-svc-eu")."""
    return twins(identifiers(first.text), identifiers(second.text))


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


_PHRASE_BREAK = re.compile(r"[,;:=|()\[\]?!\u2014\u2013]|\.(?:\s|$)|\s-\s")
# "to be" between two words ends a phrase as punctuation does: what it joins is what the
# statement is about and what it says of it ("the chief executive of Pfizer is Jeff
# Kindler"); before a participle or another of its forms it is an auxiliary ("was named",
# "has been recorded") and divides nothing
_COPULA = frozenset({"is", "are", "was", "were", "be", "been", "being"})


def _after_a_genitive_of(text: str, written: list[tuple[str, int, int, bool]], n: int) -> bool:
    """Whether ``written[n]`` opens what a statement says is whose: after a common noun's
    "of" (or, after "the", its "for") in one phrase, or after a leading "For" ("the team of
    Guy Whittingham", "the owner for payments", "For payments, the owner is …" say whose
    it is, as "Guy Whittingham's team" does). After a capitalised word the "of" is inside a
    name ("University of Glasgow"); "works for Acme" has no noun before its "for"."""
    if n < 1 or written[n - 1][0].lower() not in ("of", "for"):
        return False
    if n == 1:
        return written[0][0].lower() == "for"
    if written[n - 1][0].lower() == "for" and not _definite_noun_before(text, written, n - 1):
        return False
    noun, _, noun_end, _ = written[n - 2]
    return (
        noun.islower()
        and bool(_norm(noun))
        and not _PHRASE_BREAK.search(text[noun_end : written[n][1]])
    )


def _definite_noun_before(text: str, written: list[tuple[str, int, int, bool]], n: int) -> bool:
    """Whether ``written[n]`` follows a noun phrase opened by "the" in one phrase: its
    words lower-case content words or "of" ("the team for", "the heritage designation
    for", "the title of chess person for"); a function word, a copula or punctuation ends
    the search ("the meeting is scheduled for", "signed up for")."""
    end = written[n][1]
    for k in range(n - 1, -1, -1):
        word, _, word_end, _ = written[k]
        if _PHRASE_BREAK.search(text[word_end:end]):
            return False
        end = written[k][1]
        lower = word.lower()
        if lower == "the":
            return k < n - 1
        if lower != "of" and not (word.islower() and _norm(lower)):
            return False
    return False


def _divides(written: list[tuple[str, int, int, bool]], n: int) -> bool:
    """Whether ``written[n]``, a word of the text, is "to be" used as a copula."""
    if written[n][0].lower() not in _COPULA:
        return False
    following = written[n + 1][0].lower() if n + 1 < len(written) else ""
    return not (following.endswith("ed") or following in _COPULA)


@dataclass(frozen=True)
class _Content:
    words: tuple[str, ...]
    written: tuple[str, ...]
    phrases: tuple[int, ...]
    owners: frozenset[int]
    asked: frozenset[int]
    answered: frozenset[int]
    owned_by: frozenset[int]


# an owner's "'s" after a closing bracket or a number: "Air Staff (Sweden)'s", "Pelican
# (Fabergé egg)'s" (the bracket qualifies the name before it), "LCS(L)(3)-102's"
_OWNED_AFTER = re.compile(r"(?:\s*\([^()\n]*\)|\))?['\u2019]s\b")
# a record's field that says what the record is about, quoted or set with "=":
# `"subject": "…"`, "entity=…" (a mail's "Subject: Re: …" line is not a record's field)
_SUBJECT_FIELD = re.compile(
    r"""(?:(["'])(?:subject|entity|about|topic)\1\s*[:=]|\b(?:subject|entity|about|topic)\s*=)"""
    r"""\s*["']?$""",
    re.IGNORECASE,
)


# a heading set off by a spaced dash: "Steve Sidwell - team is …", "Line 2 — terminus: …"
_HEADING_DASH = re.compile(r"\s[-\u2013\u2014]\s")
_BRACKETED = re.compile(r"\([^()]*\)")


def _in_a_named_heading(text: str, start: int) -> bool:
    """Whether the word at ``start`` lies in a name that opens ``text`` as its heading, set
    off by a spaced dash: every word before the dash (outside brackets) written as a name
    ("Steve Sidwell - team is …", as "Steve Sidwell: team is …" keys a line; not "Reminder
    - Monday is …", whose first content word is after it). Where nothing after it is
    written as an owner, such a heading names whose the statement is."""
    dash = _HEADING_DASH.search(text)
    if dash is None or not 0 <= start < dash.start():
        return False
    head = [word for word, _, _, _ in _words(_BRACKETED.sub(" ", text[: dash.start()]))]
    return bool(head) and all(_name_like(word) or word.isdigit() for word in head)


def _opens_a_subject_field(text: str, start: int) -> bool:
    """Whether the word at ``start`` opens the value of a field naming what a record is
    about (``_SUBJECT_FIELD``): the record's owner, as "the team of X" names X."""
    return bool(_SUBJECT_FIELD.search(text, max(0, start - 40), start))


def _content(text: str) -> _Content:
    """The stemmed content words of ``text`` in order, the same words as written, the
    phrase each belongs to (punctuation or a copula between two words starts a new
    phrase), the positions of the words written as owners ("Priya Raman's", "the
    account's"), and those written before and after a line's key separator
    (``_key_and_answer``)."""
    words: list[str] = []
    written: list[str] = []
    phrases: list[int] = []
    owners: set[int] = set()
    asked: set[int] = set()
    answered: set[int] = set()
    owned_by: set[int] = set()
    phrase, last_end = 0, 0
    written_words = _words(text)
    asks, answers = _key_and_answer(text)
    first_start = -1
    for n, (raw, start, end, _) in enumerate(written_words):
        if _PHRASE_BREAK.search(text[last_end:start]) or _divides(written_words, n):
            phrase += 1
        last_end = end
        norm = _norm(raw.lower())
        if norm:
            first_start = start if first_start < 0 else first_start
            token = text[start:end].replace("\u2019", "'").strip(".'")
            possessive = token.endswith("'s") and token[:-2].endswith(raw)
            if (possessive or _OWNED_AFTER.match(text, end)) and norm != "let":
                owners.add(len(words))
            if _after_a_genitive_of(text, written_words, n) or _opens_a_subject_field(text, start):
                owned_by.add(len(words))
            if any(a <= start < b for a, b in asks):
                asked.add(len(words))
            elif any(a <= start < b for a, b in answers):
                answered.add(len(words))
            words.append(norm)
            written.append(raw)
            phrases.append(phrase)
    if words and not (owners or owned_by) and _in_a_named_heading(text, first_start):
        owned_by.add(0)  # "Steve Sidwell - team is …"; not "Lagos — Amara Okafor's home city"
    return _Content(
        tuple(words),
        tuple(written),
        tuple(phrases),
        frozenset(owners),
        frozenset(asked),
        frozenset(answered),
        frozenset(owned_by),
    )


# what parts a question from its answer, or a key from its value, on a line: "Which team
# did he play for? Aston Villa", "Steve Sidwell / team: Aston Villa" (a colon before a space
# or the line's end, not a time's "15:30"); "=" is left out: it is written both ways ("team
# of X = Aston Villa", "Aston Villa = X's team")
_QUESTION_END = re.compile(r"\?")
_KEY_COLON = re.compile(r":(?=\s|$)")
_LINE = re.compile(r"[^\n]+")
_WORD_CHAR = re.compile(r"\w")


def _key_and_answer(text: str) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """Where each line's question (or key) and its answer (or value) are written: around the
    line's last question mark with a word after it ("Q: Which team …? A: Aston Villa"), else
    around its one key colon; a line ending in that colon is a heading, a key of the lines
    below it ("Guy Whittingham:"). A line with several colons ("Employer: X; subject: Y")
    or none is neither: which side is the value is not written there."""
    asks: list[tuple[int, int]] = []
    answers: list[tuple[int, int]] = []
    for line in _LINE.finditer(text):
        written = line.group()
        questions = [
            m for m in _QUESTION_END.finditer(written) if _WORD_CHAR.search(written, m.end())
        ]
        colons = list(_KEY_COLON.finditer(written))
        if questions:
            split = questions[-1]
        elif len(colons) == 1:
            split = colons[0]
        else:
            continue
        if _WORD_CHAR.search(written, split.end()):
            asks.append((line.start(), line.start() + split.start()))
            answers.append((line.start() + split.end(), line.end()))
        elif "\n" in text:
            asks.append((line.start(), line.end()))  # a heading
    return asks, answers


def content_words(text: str) -> tuple[str, ...]:
    """The stemmed content words of ``text`` in order (no function words, no form markers)."""
    return tuple(n for n in (_norm(s) for s in _surfaces(text)) if n)


@dataclass(frozen=True)
class _Note:
    start: int
    end: int
    when: datetime | None
    point: bool  # introduced by "in"/"on"/"at"/"during": an event's moment
    says: bool = False  # also part of what the statement says (a weekday), kept in content


@dataclass(frozen=True)
class Statement:
    """A text read for comparison: its content words in order, its validity note apart."""

    text: str
    words: tuple[str, ...]
    written: tuple[str, ...]  # ``words`` as written (for evidence a curator reads)
    phrases: tuple[int, ...]  # the phrase of each word: punctuation between words splits
    valid_from: datetime | None
    point_anchored: bool
    state_cued: bool
    addition: bool
    owners: frozenset[int] = frozenset()  # words written with a possessive "'s"
    former: tuple[str, ...] = ()  # the words of the values it says it replaced
    # words written before a line's key separator (a key, a question) and after it (the
    # value, the answer): "Steve Sidwell / team: Aston Villa"
    asked: frozenset[int] = frozenset()
    answered: frozenset[int] = frozenset()
    # words that open an owner after a noun's "of" ("the team of Guy Whittingham", "the
    # owner for payments")
    owned_by: frozenset[int] = frozenset()
    # a note's day written without its year ("confirmed Jan 08", "on May 15"): the year is
    # the writer's, so it is read against the moment the statement was written
    month_day: tuple[int, int] | None = None
    # the end of the period ``valid_from`` names ("2023": the year's end, "March 2023": the
    # month's), so a write time within it places the statement more precisely
    valid_until: datetime | None = None

    def held_from(self, written_at: datetime) -> datetime | None:
        """When the statement held by its own note: its dated note (the write time when
        that falls within the year or month the note names), else its year-less day at
        its latest on or before ``written_at``."""
        if self.valid_from is not None:
            within = (
                self.valid_until is not None and self.valid_from <= written_at < self.valid_until
            )
            return written_at if within else self.valid_from
        if self.month_day is None:
            return None
        month, day = self.month_day
        on = _day(written_at.year, month, day)
        return on if on <= written_at else _day(written_at.year - 1, month, day)


def _when(match: re.Match[str]) -> datetime | None:
    """The moment a time expression names (its first day), when it has a year."""
    text = match.group(0).lower()
    if match.group("slash") or match.group("dotted"):
        return _numeric_day(text, day_first=bool(match.group("dotted")))
    years = re.findall(_YEAR, text)
    if match.group("iso"):
        parts = [int(p) for p in re.split(r"[-t ]", text)[:3] if p.isdigit()]
        month = parts[1] if len(parts) > 1 and 1 <= parts[1] <= 12 else 1
        return _day(parts[0], month, parts[2] if len(parts) > 2 else 1)
    if not years:
        short = re.search(r"['\u2019](\d{2})\b", text)
        if short is None:
            return None
        years = [str(_posix_year(int(short.group(1))))]  # "apr '22"
    return _day(int(years[-1]), _month_named(text) or 1, _day_number(text) or 1)


def _posix_year(two_digits: int) -> int:
    """A two-digit year read as POSIX does (69-99: 1900s, 00-68: 2000s)."""
    return two_digits + (1900 if two_digits >= 69 else 2000)


def _month_named(text: str) -> int | None:
    """The month a lower-case date names by its name ("mar", "march"), if any."""
    return next((n for name, n in MONTH_NUMBERS.items() if re.search(rf"\b{name}\b", text)), None)


def _day_number(text: str) -> int | None:
    """The first day number of a lower-case date ("5th", "08"; not the "22" of "'22")."""
    day = re.search(r"(?<!['\u2019])\b(\d{1,2})(?:st|nd|rd|th)?\b", text)
    return int(day.group(1)) if day else None


def _period_end(match: re.Match[str], start: datetime) -> datetime:
    """The end of the period a dated time expression names from ``start``: its day, or its
    month ("March 2023", "2023-03") or year ("2023") when it names no day."""
    if match.group("year"):
        return start.replace(year=start.year + 1)
    if not _names_a_day(match):
        return _day(start.year + start.month // 12, start.month % 12 + 1, 1)
    return start + timedelta(days=1)


def _names_a_day(match: re.Match[str]) -> bool:
    """Whether a time expression names a day, not only a year or a month ("March 2023",
    "2023-03")."""
    if match.group("year") or match.group("my"):
        return False
    iso = match.group("iso")
    return not iso or iso.count("-") == 2


def _month_day(match: re.Match[str]) -> tuple[int, int] | None:
    """The month and day of a date written without its year ("Jan 08", "5 March")."""
    if not (match.group("mdy") or match.group("dmy")):
        return None
    text = match.group(0).lower()
    month, day = _month_named(text), _day_number(text)
    return (month, day) if month and day and 1 <= day <= 31 else None


def _numeric_day(text: str, *, day_first: bool) -> datetime | None:
    """ "08/21/19", "26/09/2004", "22.02.2023": the order the numbers allow, else the
    writing's custom (a dotted date is day first, a slashed one month first, as the US
    tools most slashed dates come from write it); a two-digit year read as POSIX does."""
    first, second, year = (int(part) for part in re.split(r"[/.]", text))
    if year < 100:
        year = _posix_year(year)
    if first > 12 or (day_first and second <= 12):
        first, second = second, first
    return _day(year, first, second) if 1 <= first <= 12 else None


def _day(year: int, month: int, day: int) -> datetime:
    """That day, or the month's first when no such day exists ("31 February")."""
    if not 1 <= day <= calendar.monthrange(year, month)[1]:
        day = 1
    return datetime(year, month, day, tzinfo=UTC)


def _as_written_or_as_a_key(cue: str) -> str:
    """A cue as a person writes it or as a record's field name: "valid from",
    "valid_from", "valid-from" (a YAML, TOML or JSON record keeps its validity there)."""
    return r"[\s_-]+".join(re.escape(word) for word in cue.split())


# the cue, then a colon, an equals sign or a tag's end (a field's, quoted or not:
# `"as_of": "`, `<since>`) or a space; a field may name the kind of moment
# ("updated_at", "effective_date", "since_year"). A record's field named only for a
# moment (`year = {2008}`, `"date": "…"`, `DTSTART:`, `datetime="…"`) is one too, where
# a field starts: "the renewal date: 1 March 2021" names a slot, and its date is the value
_CUE_BEFORE = re.compile(
    r"(?:(?:^|[\s(\[{,;:\"'<>\u2014\u2013-])[\"']?(?P<cue>"
    + "|".join(_as_written_or_as_a_key(c) for c in (*_NOTE_CUES, *_POINT_CUES))
    + r")(?:[_-](?:at|on|date|time|year))?"
    + r"|(?:^|(?<=[\n{,;|\t<(\"']))\s*[\"']?(?P<key>year|date)"
    + r"|(?<![\w-])(?P<machine_key>datetime|dtstart|timestamp))"
    + r"[\"']?(?:\s*[:=>]\s*[\"'{]?|\s+)(?:the\s+|"
    + _WEEKDAY
    + r",?\s+)?$",
    re.IGNORECASE,
)


def _note_at(text: str, match: re.Match[str]) -> _Note | None:
    """``match`` as a validity note (with its cue and brackets), or None when the time is
    part of what the statement says."""
    start, end = match.start(), match.end()
    before, after = text[:start], text[end:]
    when = _when(match)
    if match.group("iso") and re.search(r"t\d{1,2}:\d{2}", match.group("iso"), re.I):
        # a machine timestamp ("ts": "2023-05-03T11:45:00Z") says when a record was
        # logged, not what it says (a person's "2024-03-01 22:00" may be a value): the
        # moment of a report, so two logged records are two events unless a state is said
        return _bracketed(text, start, end, when, True)
    cue = _CUE_BEFORE.search(before)
    if cue:
        named = next(group for group in ("cue", "key", "machine_key") if cue.group(group))
        word = " ".join(re.split(r"[\s_-]+", cue.group(named).lower()))
        start = cue.start(named)
        point = word in _POINT_CUES and not re.search(
            r"\b(?:noted|dated|changed|updated|recorded|written|seen|checked|verified|confirmed|reviewed"
            r"|fetched|retrieved|observed|logged)\s*$",
            before[: cue.start("cue")],
            re.I,
        )
        if match.group("weekday"):
            if re.search(r"\bevery\s*$", before[:start], re.I):
                return None
            # a weekday names no moment: it stays what the statement says ("the sync is
            # on Friday"), and still places a report at a point ("was in on Tuesday")
            return _Note(start, end, when, point, says=True)
        return _bracketed(text, start, end, when, point)
    if before.rstrip().endswith(("(", "[")) and after.lstrip().startswith((")", "]")):
        return _bracketed(text, start, end, when, False)
    return _a_field_of_its_own(text, match, when)


# what may open a line before its leading date: bullets, brackets, a heading's or a diff
# hunk's marks, a weekday ("Sunday 2 January 2022. …")
_LINE_OPENING = re.compile(
    rf"[\s(\[{{*\u2022>#@-]*(?:(?:{_WEEKDAY}|(?:mon|tue|wed|thu|fri|sat|sun)\.?),?\s+)?",
    re.IGNORECASE,
)
# what may follow a line's leading date: a field separator, the line's end (a date alone on
# its line), a sentence's end, or, after a whole date, the record's next word
_AFTER_A_LEADING_DATE = re.compile(
    r"\s*(?:[\]):\u2014\u2013|,;\t&@-]|\n(?!\s*$))|\.\s+(?=\w)|[ \t]+(?P<word>[\w']+)"
)
# what separates a record's fields before its last one (a table's pipes, a TSV's tabs,
# LaTeX's ampersands, a triple's "@ 1964-06-01", an HTML cell), and what may close the line
_BEFORE_A_LAST_FIELD = re.compile(
    r"\w.*(?:[,;|\u00b7\u2022\u2014\u2013\t&@-]"
    r"|<(?:td|th|dd|li|span|div|p|b|i|em|strong|code|small)\b[^<>]*>)\s*$"
)
_LINE_CLOSING = re.compile(r"(?:[\s.!)|\\]|</\w+>)*")
_SHORT_HEADER = 3  # words before the date of a header ("- SRE weekly, 24 Jan 2023: …")


def _a_field_of_its_own(text: str, match: re.Match[str], when: datetime | None) -> _Note | None:
    """A date with no cue that fills a field of a record by itself is the record's note: the
    first field of a line ("2023-01-19: …", "1995-09-03<tab>Las Vegas Raiders …",
    "03/01/19 Tomasz Wieczorek — …", a date alone on its line), its last field ("… |
    2021-03-04 |", "… & 2021 \\", "<td>27/01/2000</td></tr>"), or the end of an aside or
    of a short header ("(oncall/rotations.yaml, 2023-01-19)", "Journal, 1916-07-15: …").
    A date a label or a question introduces ("renewal date: 1 March 2021", "A: 2018",
    "warranty end date?" then "3 June 2026.") or that a sentence goes on from
    ("2023-05-08 is the launch") is what it says; a weekday names no moment."""
    if match.group("weekday") or match.group("relative"):
        return None
    start, end = match.start(), match.end()
    before, after = text[:start], text[end:]
    line_start = before.rfind("\n") + 1
    line_before, line_after = before[line_start:], after.split("\n", 1)[0]
    if _LINE_OPENING.fullmatch(line_before) and _leads_its_line(before, after, line_start, match):
        return _Note(line_start, end + len(after) - len(after.lstrip(" \t])")), when, False)
    if _BEFORE_A_LAST_FIELD.search(line_before) and _LINE_CLOSING.fullmatch(line_after):
        cut = len(before.rstrip(" ,;\u00b7\u2022\u2014\u2013\t&@-"))
        return _Note(cut, end + len(line_after), when, False)
    if re.search(r"[,;]\s*$", line_before) and (
        re.match(r"\s*[)\]]", after)
        or (re.match(r"\s*:\s", after) and len(_words(line_before)) <= _SHORT_HEADER)
    ):
        return _Note(len(before.rstrip(" ,;")), end, when, False)
    return None


def _leads_its_line(before: str, after: str, line_start: int, match: re.Match[str]) -> bool:
    """A date opening its line is the line's note unless the line answers the one before
    (which ends in ":", "=" or "?") or a sentence goes on from it."""
    follows = _AFTER_A_LEADING_DATE.match(after)
    if not follows:
        return False
    previous_line = before[:line_start].rstrip("\n").rsplit("\n", 1)[-1]
    if line_start > 0 and previous_line.rstrip(" *_").endswith((":", "=", "?")):
        return False
    word = follows.group("word")
    return not word or (_full_date(match) and word.lower() not in _STOP)


def _full_date(match: re.Match[str]) -> bool:
    """A date down to its day, with its year: a log line's leading stamp."""
    numeric = match.group("iso") or match.group("slash") or match.group("dotted")
    written = match.group("mdy") or match.group("dmy")
    return _names_a_day(match) and bool(numeric or (written and re.search(_YEAR, written)))


def _bracketed(text: str, start: int, end: int, when: datetime | None, point: bool) -> _Note:
    """Widen a note to its brackets when it fills them ("(noted in 2018)")."""
    inside_start = text.rfind("(", 0, start)
    inside_start = max(inside_start, text.rfind("[", 0, start))
    if inside_start >= 0 and not text[inside_start + 1 : start].strip(" ,;"):
        close = re.match(r"\s*[)\]]", text[end:])
        if close:
            return _Note(inside_start, end + close.end(), when, point)
    return _Note(start, end, when, point)


# words that mark the value a statement replaced ("previous: Ana Souza", "(was 09:15)",
# "; formerly Facebook"): only where a field or a phrase starts, since inside a sentence
# "was" is its verb ("the sync was moved to Friday") and "old" or "former" describe
_FORMER_PHRASE_MARKS = (
    "previously",
    "formerly",
    "was",
    "were",
    "replacing",
    "replaces",
    "supersedes",
    "superseding",
    "instead of",
    "succeeding",
    "no longer",
)
_FORMER_FIELD_MARKS = ("previous", "prev", "former", "old", *_FORMER_PHRASE_MARKS)
# up to the phrase's end: punctuation, a bracket, a sentence's full stop (not a decimal one)
_VALUE_TO_PHRASE_END = r"[^,;|(){}\[\]\n.]*(?:\.\d[^,;|(){}\[\]\n.]*)*"
_FORMER = re.compile(
    # a field: `"previous": "Ana Souza"`, `old_value = 3.9`, `formerValue: 2M`, `was: Monday`,
    # a keyword's: `:replaces "the kroon"`
    r"(?:^|(?<=[\s{(\[,;|]))[\"']?(?P<field>(?:"
    + "|".join(_as_written_or_as_a_key(mark) for mark in _FORMER_FIELD_MARKS)
    + r")(?:[_-]?values?)?[\"']?\s*[:=]|:(?:"
    + "|".join(re.escape(mark) for mark in _FORMER_FIELD_MARKS)
    + r")\s)\s*(?:\"[^\"\n]*\"|'[^'\n]*'|"
    + _VALUE_TO_PHRASE_END
    + ")"
    # a phrase: "; was Ed Whitacre", "(previously €79)", ", replacing Ana Souza", a
    # config line's comment "# was 3.11", "-- was \"the kroon\""
    r"|(?:^|(?<=[;(\[,|\n\u2014\u2013#])|(?<=--))\s*(?P<phrase>(?:"
    + "|".join(re.escape(mark) for mark in _FORMER_PHRASE_MARKS)
    + r")\s)"
    + _VALUE_TO_PHRASE_END,
    re.IGNORECASE,
)


def _former_apart(content: str) -> tuple[str, tuple[str, ...]]:
    """``content`` without the values it names as replaced, and their words: like the
    validity note, what a statement says it replaced is not what it states (left in, "Chen
    Wei, previous: Ben Okafor" / "Ben Okafor, previous: Ana Souza" share no value and
    differ twice)."""
    former: list[str] = []
    kept, cursor = [], 0
    for match in _FORMER.finditer(content):
        marked = match.end("field") if match.group("field") else match.end("phrase")
        former.extend(content_words(match.string[marked : match.end()]))
        kept.append(content[cursor : match.start()])
        cursor = match.end()
    kept.append(content[cursor:])
    return " ".join(kept), tuple(former)


# a unified diff's removed and added lines ("-ceo: Nils Andersen" / "+ceo: Søren Skou"); a
# header's ("--- a/facts.yml") has a second mark
_REMOVED_LINE = re.compile(r"^-(?!-).*$", re.MULTILINE)
_ADDED_LINE = re.compile(r"^\+(?!\+).*$", re.MULTILINE)


def _removed_apart(content: str) -> tuple[str, tuple[str, ...]]:
    """``content`` without a diff's changed lines' old versions, and the words they held
    that no added line holds: the value the diff replaced, as "previous: …" names one.
    Left in, the old value read as stated, and the older fact folded into its own
    replacement as a duplicate. A removed line is a changed line's old version when it
    shares a word with an added one (its key: `-   "value": "Fabiola Gianotti"` beside
    `+   "value": "Mark Thomson"`, not a snapshot's "- Snapshot  - 1" header) or is the
    diff's only one of each; with no added line a dash opens a list item."""
    added = [_words_of(line[1:]) for line in _ADDED_LINE.findall(content)]
    removed = _REMOVED_LINE.findall(content)
    if not added or not removed:
        return content, ()
    alone = len(added) == len(removed) == 1
    old = {line for line in removed if alone or any(_words_of(line[1:]) & w for w in added)}
    kept = set().union(*added)
    former = [
        w for line in removed if line in old for w in content_words(line[1:]) if w not in kept
    ]
    without = _REMOVED_LINE.sub(lambda line: "" if line.group(0) in old else line.group(0), content)
    return without, tuple(former)


def _words_of(line: str) -> set[str]:
    """A line's content words without its numbers (a count of lines is no shared key)."""
    return {w for w in content_words(line) if not any(c.isdigit() for c in w)}


@lru_cache(maxsize=16384)
def read_statement(text: str) -> Statement:
    """``text`` read once (the plan compares one entry with each of its neighbours)."""
    text = unicodedata.normalize("NFKC", text)
    read = [(note, m) for m in _TIME.finditer(text) if (note := _note_at(text, m)) is not None]
    notes = [note for note, _ in read]
    year_less = [_month_day(m) for note, m in read if note.when is None and not note.says]
    dated = [(note.when, m) for note, m in read if note.when is not None]
    latest = max(dated, key=lambda pair: pair[0]) if dated else None
    kept, cursor = [], 0
    for note in sorted(notes, key=lambda n: n.start):
        if note.start >= cursor and not note.says:
            kept.append(text[cursor : note.start])
            cursor = note.end
    kept.append(text[cursor:])
    content, removed = _removed_apart(" ".join(kept))
    content, former = _former_apart(content)
    former = removed + former
    parsed = _content(content)
    return Statement(
        text=text,
        words=parsed.words,
        written=parsed.written,
        phrases=parsed.phrases,
        owners=parsed.owners,
        asked=parsed.asked,
        answered=parsed.answered,
        owned_by=parsed.owned_by,
        valid_from=latest[0] if latest else None,
        month_day=next((day for day in reversed(year_less) if day), None),
        valid_until=_period_end(latest[1], latest[0]) if latest else None,
        point_anchored=bool(notes) and all(n.point for n in notes),
        state_cued=bool(_STATE_CUE.search(content)) or any(not n.point for n in notes),
        addition=bool(_ADDITION.search(content)),
        former=former,
    )


class SlotVerdict(StrEnum):
    CHANGE = "change"  # one substitution: another value of the same frame
    RESTATED = "restated"  # the same content (only the validity note differs, if anything)
    DIFFERENT = "different"  # another subject, another slot, events, an addition


@dataclass(frozen=True)
class SlotComparison:
    verdict: SlotVerdict
    older_value: str = ""
    newer_value: str = ""
    overlap: float = 0.0
    reason: str = ""
    differing_words: frozenset[str] = frozenset()  # stemmed words outside the shared frame

    @property
    def evidence(self) -> str:
        """One line for events, conflicts, reviews and ``explain``."""
        if self.verdict is SlotVerdict.RESTATED:
            return f"the same statement restated (wording shared {self.overlap:.2f})"
        return (
            f"one value changed, the rest of the statement kept: {self.older_value!r} -> "
            f"{self.newer_value!r} (wording shared {self.overlap:.2f})"
        )


@dataclass(frozen=True)
class _Alignment:
    older_value: slice
    newer_value: slice
    substitutions: int
    inserted: int
    shared: int
    differing: frozenset[str]  # every word not in an equal stretch, either side
    only_older: tuple[int, ...] = ()  # positions of words only the older writes (deleted)
    only_newer: tuple[int, ...] = ()  # and only the newer (inserted)


def _align(a: tuple[str, ...], b: tuple[str, ...]) -> _Alignment:
    ops = SequenceMatcher(None, a, b, autojunk=False).get_opcodes()
    subs = [op for op in ops if op[0] == "replace"]
    inserted = sum(
        (i2 - i1) + (j2 - j1) for tag, i1, i2, j1, j2 in ops if tag in ("delete", "insert")
    )
    shared = sum(i2 - i1 for tag, i1, i2, _, _ in ops if tag == "equal")
    differing = frozenset(
        word for tag, i1, i2, j1, j2 in ops if tag != "equal" for word in (*a[i1:i2], *b[j1:j2])
    )
    if len(subs) != 1:
        return _Alignment(slice(0), slice(0), len(subs), inserted, shared, differing)
    _, i1, i2, j1, j2 = subs[0]
    only_older = tuple(i for tag, k1, k2, _, _ in ops if tag == "delete" for i in range(k1, k2))
    only_newer = tuple(j for tag, _, _, k1, k2 in ops if tag == "insert" for j in range(k1, k2))
    return _Alignment(
        slice(i1, i2), slice(j1, j2), 1, inserted, shared, differing, only_older, only_newer
    )


def _spans_two_phrases(older: Statement, newer: Statement, found: _Alignment) -> bool:
    """A value is one phrase: a replaced stretch that crosses punctuation or a copula on
    both sides ("Oslo = Ingrid Solberg" / "Cardiff = Marcus Bell", "… of Pfizer is Jeff
    Kindler" / "… of Bayer is Marijn Dekkers") replaced a subject and a value."""
    spans = (older.phrases[found.older_value], newer.phrases[found.newer_value])
    return all(len(set(span)) > 1 for span in spans)


@lru_cache(maxsize=16384)  # recall's slot groups and cliques ask of the same pairs
def compare_statements(older: Statement, newer: Statement) -> SlotComparison:
    """Whether ``newer`` states another value of ``older``'s frame (see the module doc)."""
    a, b = older.words, newer.words
    if set(a) == set(b):
        moved = _noted_day(older) != _noted_day(newer)
        if moved and older.point_anchored and newer.point_anchored and older.state_cued:
            # "the launch is on May 8" / "on May 15": the moment is what the statement says
            return SlotComparison(
                SlotVerdict.CHANGE,
                _noted_day(older),
                _noted_day(newer),
                1.0,
                "the date it states changed",
            )
        return SlotComparison(SlotVerdict.RESTATED, overlap=1.0 if a else 0.0, reason="same words")
    if _name_other_things(older, newer):
        return SlotComparison(SlotVerdict.DIFFERENT, reason=ANOTHER_NAME)
    found = _align(a, b)
    if found.substitutions == 1 and _spans_two_phrases(older, newer, found):
        return SlotComparison(
            SlotVerdict.DIFFERENT, reason="the replaced stretch is two phrases on both sides"
        )
    if found.substitutions != 1:
        return SlotComparison(
            SlotVerdict.DIFFERENT,
            reason=f"{found.substitutions} stretches replaced (a change is one)",
        )
    if _owner_replaced(older, found.older_value) and _owner_replaced(newer, found.newer_value):
        return SlotComparison(SlotVerdict.DIFFERENT, reason=ANOTHER_OWNER)
    if _names_beside_the_value(older, newer, found.only_older) and _names_beside_the_value(
        newer, older, found.only_newer
    ):
        return SlotComparison(SlotVerdict.DIFFERENT, reason=NAMES_BESIDE)
    old_words, new_words = a[found.older_value], b[found.newer_value]
    overlap = round(found.shared / (found.shared + found.inserted), 4) if found.shared else 0.0

    def verdict(kind: SlotVerdict, reason: str) -> SlotComparison:
        return SlotComparison(
            kind,
            " ".join(older.written[found.older_value]),
            " ".join(newer.written[found.newer_value]),
            overlap,
            reason,
            found.differing,
        )

    frame_a, frame_b = len(a) - len(old_words), len(b) - len(new_words)
    if found.inserted > MAX_INSERTED_SHARE * found.shared:
        return verdict(SlotVerdict.DIFFERENT, "more wording differs than is shared")
    if max(len(old_words) / len(a), len(new_words) / len(b)) > MAX_VALUE_SHARE:
        return verdict(SlotVerdict.DIFFERENT, "the value is most of it")
    if not found.shared or found.shared < MIN_FRAME_SHARE * max(frame_a, frame_b, 1):
        return verdict(SlotVerdict.DIFFERENT, "the shared words do not carry it")
    if older.point_anchored and newer.point_anchored and not (older.state_cued or newer.state_cued):
        return verdict(SlotVerdict.DIFFERENT, "two events at points in time")
    if newer.addition and not older.addition:
        return verdict(SlotVerdict.DIFFERENT, "the newer adds a value")
    if newer.former:
        if set(newer.former) == set(old_words):
            # the writer's own word: the value the newer replaced is the one the older
            # states, whatever kinds of value the two stretches hold (the whole of it:
            # "previous: Ariola" replaced no "BMG Ariola")
            return verdict(SlotVerdict.CHANGE, REPLACED_AS_NAMED)
        if not set(newer.former) & set(old_words):
            # what changed between the two is not what the newer says it replaced: the same
            # value said of another subject ("tariff Standard Variable" / "… now Standard
            # Variable (was EcoNight Variable)"), or a version further back
            return verdict(SlotVerdict.DIFFERENT, "the newer names another value as replaced")
    if _same_values_elsewhere(older, newer, found):
        return verdict(SlotVerdict.DIFFERENT, "the same value said of something else")
    if _asked_apart(older, newer, found):
        return verdict(SlotVerdict.DIFFERENT, ANOTHER_QUESTION)
    if _another_slot_with_its_value(older, newer, found):
        return verdict(SlotVerdict.DIFFERENT, ANOTHER_SLOT)
    return verdict(SlotVerdict.CHANGE, "one substitution")


def _noted_day(statement: Statement) -> str:
    """The day a statement's note names, as a curator reads it ("2027-05-08", "05-08")."""
    if statement.valid_from is not None:
        return str(statement.valid_from.date())
    if statement.month_day is not None:
        return "{:02d}-{:02d}".format(*statement.month_day)
    return ""


ANOTHER_SLOT = "another slot, with a value of its own kind"
REPLACED_AS_NAMED = "the newer names the older's value as the one it replaced"
ANOTHER_OWNER = "the replaced words own the slot: another subject"


def _owner_replaced(statement: Statement, span: slice) -> bool:
    """The replaced stretch names whose the slot is: its last word, or the word right
    after it in its phrase, is written as an owner ("Priya Raman's employer", "the
    Halvorsen Logistics account's plan"), or it is the whole rest of its phrase after a
    noun's "of" ("the employer of Priya Raman")."""
    if span.stop <= span.start:
        return False
    ends_its_phrase = (
        span.stop == len(statement.words)
        or statement.phrases[span.stop] != statement.phrases[span.start]
    )
    if ends_its_phrase and _in_an_owners_name(statement, span.start):
        return True  # "the team of Guy Whittingham": Guy Whittingham's team
    last = span.stop - 1
    if last in statement.owners:
        return True
    after = span.stop  # the head noun of the owner's phrase: "the Halvorsen account's"
    return (
        after in statement.owners
        and statement.phrases[after] == statement.phrases[last]
        and statement.written[after].islower()
    )


def _in_an_owners_name(statement: Statement, at: int) -> bool:
    """Whether word ``at`` opens an owner after a noun's "of" (``owned_by``), or continues
    its name: every word from the owner's first up to it written capitalised or as a code,
    in one phrase ("the work location of Ludwig Mond": "Mond")."""
    first = at
    while first not in statement.owned_by:
        if (
            first == 0
            or statement.phrases[first - 1] != statement.phrases[at]
            or not _continues_a_name(statement.written[first])
            or not _name_like(statement.written[first - 1])
        ):
            return False
        first -= 1
    return True


def _name_like(word: str) -> bool:
    return word[:1].isupper() or _is_code(word)


def _continues_a_name(word: str) -> bool:
    """A word that may go on with the name before it: a name's word, or a number ("Milan
    Metro Line 2", "British Rail Class 24")."""
    return _name_like(word) or word.isdigit()


ANOTHER_NAME = "each names an identifier the other does not"
NAMES_BESIDE = "besides the value, each names something the other does not"


def _is_code(word: str) -> bool:
    """A code of capitals and digits ("VP-29", "S46"), not a version ("v17")."""
    return any(c.isdigit() for c in word) and any(c.isupper() for c in word)


def _names_beside_the_value(
    statement: Statement, other: Statement, only_here: tuple[int, ...]
) -> bool:
    """Whether words only this side writes, outside the replaced stretch, include a name:
    written capitalised (``_capitalised_inside``) or a code of letters and digits ("VP-29",
    "S46"). When both sides do, the one substitution is not all that differs: each is about
    something of its own ("VP-29 was officially named …? Patrol Squadron 14" / "the official
    name of VP-42 …? Patrol Squadron 22")."""
    names = _capitalised_inside(statement.text)
    return any(
        (statement.words[i] in names or _is_code(statement.written[i]))
        and statement.words[i] not in other.words
        and i not in statement.answered
        for i in only_here
    )


def _another_slot_with_its_value(older: Statement, newer: Statement, found: _Alignment) -> bool:
    """The replaced stretches share no word and hold, besides a value, the words naming
    what it is: "start time: 15:30" / "meeting day: Wednesday", "plan: Starter" /
    "renewal date: 21 June 2022", "start time: 15:30" / "room: the Atrium" (a value the
    value reader does not know is one of the other words). A changed value keeps its
    kind (a time for a time, a name for a name: "lives in Rotterdam" / "moved to
    Cardiff" stays a change), so values of disjoint kinds under their own labels are two
    slots side by side."""
    kinds_by_side: list[set[str]] = []
    replaced_by_side: list[set[str]] = []
    for statement, span in ((older, found.older_value), (newer, found.newer_value)):
        stated = _stated(statement)
        replaced = set(statement.words[span])
        kinds = {
            kind
            for word in replaced
            for kind in stated.kinds_of_word.get(word, ())
            if kind not in _SUBJECT_NAMING
        }
        frame = set(statement.words[: span.start]) | set(statement.words[span.stop :])
        labels = replaced - stated.value_words - frame  # "Room 2.03" of a room: a value
        if not labels or (not kinds and len(replaced) < 2):
            return False  # a bare value (or a bare word) replaced: a change of value
        kinds_by_side.append(kinds)
        replaced_by_side.append(replaced)
    old_kinds, new_kinds = kinds_by_side
    if not (old_kinds or new_kinds) or old_kinds & new_kinds:
        return False
    return not replaced_by_side[0] & replaced_by_side[1]


ANOTHER_QUESTION = "another key or question, answered alike"


def _asked_apart(older: Statement, newer: Statement, found: _Alignment) -> bool:
    """Each replaced stretch lies in what its statement keys or asks, and the two answers
    are the same words ("Which team did Guy Whittingham play for? Aston Villa" / "… Steve
    Sidwell …? Aston Villa", "north office / fire warden: Alice" / "south office / …:
    Alice"): two questions answered alike, not one answered anew, nor one said twice to
    merge. A key-value or question-answer form says which side is the value; a sentence
    does not, and stays a change for the question to decide."""
    for statement, span in ((older, found.older_value), (newer, found.newer_value)):
        if not set(range(span.start, span.stop)) <= statement.asked:
            return False
    if _answer(older) == _answer(newer):
        return bool(_answer(older))
    if not all(
        _names_beside_the_value(statement, other, tuple(range(span.start, span.stop)))
        for statement, other, span in (
            (older, newer, found.older_value),
            (newer, older, found.newer_value),
        )
    ):
        return False  # a question reworded ("Who owned …" / "Who was the owner of …")
    old_answer, new_answer = set(_answer(older)), set(_answer(newer))
    return bool(old_answer and new_answer) and (
        old_answer <= new_answer or new_answer <= old_answer
    )


def _answer(statement: Statement) -> tuple[str, ...]:
    return tuple(statement.words[i] for i in sorted(statement.answered))


def _same_values_elsewhere(older: Statement, newer: Statement, found: _Alignment) -> bool:
    """Both state the same values (a date, an amount, a weekday, a version: what ``_values``
    reads) and the replaced stretch holds none of them: what was replaced is what the
    statement is about ("ios-app.release_day: Thursday" / "web-dashboard.release_day:
    Thursday"), not its value."""
    measured = _measured(older)
    if not measured or measured != _measured(newer):
        return False
    value_words = _stated(older).value_words | _stated(newer).value_words
    return not (found.differing & value_words - _naming_words(older, newer))


# kinds of value that name what a statement is about ("tier-2", order #1001) rather than
# say something of it
_NAMING = frozenset({"identifier", "reference", "name"})
_SUBJECT_NAMING = frozenset({"identifier", "reference"})


def _measured(statement: Statement) -> frozenset[tuple[str, str]]:
    return frozenset(v for v in _stated(statement).values if v[0] not in _NAMING)


def _naming_words(older: Statement, newer: Statement) -> frozenset[str]:
    named = (_stated(older).values | _stated(newer).values) - _measured(older) - _measured(newer)
    return frozenset(w for _, value in named for w in content_words(value))


def compare_slots(older: str, newer: str) -> SlotComparison:
    """``compare_statements`` on two texts."""
    return compare_statements(read_statement(older), read_statement(newer))


def may_restate(a: str, b: str) -> bool:
    """Whether two similar texts may be one statement said twice (and so may be merged).

    Not when they are one value apart ("the staging password rotates every Monday" /
    "… every Friday", written the same day): that stretch is the fact.
    Not when they share one frame (half the shorter one's words line up) and fill it with
    another value ("Mirabel's plan: Growth" / "Mirabel's renewal date: 3 February 2021";
    a vaguer one, "the user's plan" / "the user's plan is Basic", may go: nothing is lost)
    or each with something the other does not name (a word rare in the language: a name,
    an identifier): "the nightly export job's log level is info" / "the thumbnail worker's
    log level is info" agree on every value and are still two facts. Paraphrases say one
    thing in other words, so little of their wording lines up: they may leave a detail
    out, but not state another value each ("meeting day: Monday" / "start time: 9:00").
    Nor when each names someone or something the other does not (a capitalised word where
    no sentence opens, however common: "New START status: …" / "Russia CFE Treaty status:
    …" inside one alert's header and footer)."""
    first, second = read_statement(a), read_statement(b)
    if _replaced_what_the_other_states(first, second) or _replaced_what_the_other_states(
        second, first
    ):
        return False  # "… = \"the euro\" -- was \"the kroon\"" / "… = \"the kroon\""
    if _name_other_things(first, second):
        return False  # "payments-core … Ben Okafor" / "payments-core-eu … Ben Okafor"
    if _names_only(first, second) and _names_only(second, first):
        return False  # "New START status: …" / "Russia CFE Treaty status: …"
    compared = compare_statements(first, second)
    if compared.verdict is SlotVerdict.CHANGE or compared.reason == ANOTHER_OWNER:
        return False  # another value, or the same value of another owner
    values_first, values_second = _stated(first).values, _stated(second).values
    found = _align(first.words, second.words)
    if found.substitutions > 1 and _one_stretch_swapped_throughout(first.words, second.words):
        return False  # "… Lisbon annex … Lisbon annex" / "… Lisbon office … Lisbon office"
    if found.substitutions == 1 and (
        _same_values_elsewhere(first, second, found) or _asked_apart(first, second, found)
    ):
        return False  # one value said of two subjects ("catalog … 8121" / "search … 8121")
    if _another_of_a_kind_stated(first, second) or _another_of_a_kind_stated(second, first):
        return False  # "… = 736 seats" / "… quoted 736 seats … it is now 751 seats"
    if found.shared < MIN_TEMPLATE_SHARE * min(len(first.words), len(second.words)):
        # a paraphrase may leave a detail out; it may not say another value instead
        return not (values_first - values_second and values_second - values_first)
    if values_first != values_second and not (
        _only_adds_values(first, second) or _only_adds_values(second, first)
    ):
        return False  # one frame, and what fills it states another value
    named_first = {w for w in _named(first) if w in found.differing}
    named_second = {w for w in _named(second) if w in found.differing}
    return not (named_first - set(second.words) and named_second - set(first.words))


def _replaced_what_the_other_states(newer: Statement, older: Statement) -> bool:
    """``newer`` names as replaced ("-- was \"the kroon\"", ":replaces \"Ya Ya\"") a value
    ``older`` states and it does not: whatever else they share, they are two values, never
    one statement to merge."""
    replaced = set(newer.former)
    return bool(replaced) and replaced <= set(older.words) and not replaced <= set(newer.words)


def may_fold(kept: str, folded: str) -> bool:
    """Whether ``folded`` may be archived as a restatement of ``kept``: ``may_restate``,
    and the two name the same people and things (``names_alike``)."""
    return may_restate(kept, folded) and names_alike(kept, folded)


def names_alike(a: str, b: str) -> bool:
    """Whether neither of two near-twins names someone or something the other does not
    (``_capitalised_inside``), so that either may stand for the other. One naming more is
    another value, not the same said twice: "the owner is Gertrude Stein" / "… is Gertrude
    Stein and Leo Stein", "Patrol Squadron 14" / "Patrol Squadron 14-F", "Ana Souza
    recorded as on-call owner" / "Ana Souza replaced by Ben Okafor": neither goes for the
    other, by a merge or by decay."""
    first, second = read_statement(a), read_statement(b)
    return not (_names_only(first, second) or _names_only(second, first))


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


def _names_only(statement: Statement, other: Statement) -> frozenset[str]:
    """The names (``_capitalised_inside``) among what ``statement`` states that ``other``
    does not write."""
    return (_capitalised_inside(statement.text) & set(statement.words)) - set(other.words)


def _one_stretch_swapped_throughout(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """Whether ``b`` is ``a`` with one stretch replaced by another wherever it occurs and
    nothing else changed: a name (or a value) written twice and swapped twice names another
    thing or states another value; a statement said again does not swap a word throughout."""
    changed = [
        (a[i1:i2], b[j1:j2])
        for tag, i1, i2, j1, j2 in SequenceMatcher(None, a, b, autojunk=False).get_opcodes()
        if tag != "equal"
    ]
    return len(changed) > 1 and all(old and new for old, new in changed) and len(set(changed)) == 1


@dataclass(frozen=True)
class _Stated:
    """What a statement states as values, its validity note set apart (two restatements
    written years apart state the same ones), and the words those values are written in."""

    values: frozenset[tuple[str, str]]
    value_words: frozenset[str]
    kinds_of_word: Mapping[str, frozenset[str]]  # a value word -> the kinds of its values


@lru_cache(maxsize=16384)
def _stated(statement: Statement) -> _Stated:
    # an amount or a share read from the words run together counts only where the text
    # writes it: a list's index before a quoted item ("1  'the euro'") or a number after an
    # amount ("$23 USD)\n2.") is none
    text = _spaced(statement.text)
    found = {
        kind: {v: surface for v, surface in values.items() if _spaced(surface) in text}
        if kind in MEASURES
        else values
        for kind, values in extract_values(" ".join(statement.written)).values.items()
    }
    kinds: dict[str, set[str]] = {}
    for category, values in found.items():
        for surface in values.values():
            for word in content_words(surface):
                kinds.setdefault(word, set()).add(category)
    return _Stated(
        frozenset((category, value) for category, values in found.items() for value in values),
        frozenset(kinds),
        {word: frozenset(k) for word, k in kinds.items()},
    )


def _spaced(text: str) -> str:
    return " ".join(text.split()).casefold()


def _another_of_a_kind_stated(one: Statement, other: Statement) -> bool:
    """Whether ``other`` states a value ``one`` does not, of a kind ``one`` states (a
    second count, amount or date beside the one they share): a statement that adds such a
    value records another value ("now 751 seats", "corrected to 475 seats"), not a detail."""
    kinds = {kind for kind, _ in _stated(one).values}
    return any(kind in kinds for kind, _ in _stated(other).values - _stated(one).values)


def _only_adds_values(vaguer: Statement, fuller: Statement) -> bool:
    """Whether ``fuller`` is ``vaguer`` with values filled in and nothing else: every word
    of the vaguer is in the fuller, and each word only the fuller has belongs to a value."""
    extra = set(fuller.words) - set(vaguer.words)
    return set(vaguer.words) <= set(fuller.words) and extra <= _stated(fuller).value_words


def _named(statement: Statement) -> frozenset[str]:
    return _names(statement.text)


def infers_supersession(
    slot: SlotComparison,
    *,
    keyed: bool,
    older_pinned: bool,
    older_generality: int,
    newer_generality: int,
) -> bool:
    """A change that may supersede without a key (held for the curator unless the tenant
    earned automatic apply): neither side keyed (keys win), the older not pinned and not
    broader than the newer (a narrower statement never replaces a principle)."""
    return (
        slot.verdict is SlotVerdict.CHANGE
        and not keyed
        and not older_pinned
        and older_generality <= newer_generality
    )


# --- recall: the question names the subject -------------------------------------------

MIN_TEMPLATE_SHARE = 0.5  # two texts are one frame filled twice when this share lines up
SUBJECT_ZIPF = 4.0  # rare in the language (wordfreq's Zipf scale: "went" 5.5, "Koller" 2.1)
MIN_SLOT_COVER = 0.5  # a hit answers the question's slot when it has this share of its words
NEAR_TOP = 0.10  # hits this close to the best are one slot unless the subject words differ
MEASURES = frozenset({"money", "percentage"})  # value kinds that tell slots apart
SLOT_CLIQUE_MARGIN = 0.03  # cosine; a clique this close to the closest one's mean stays
# times the frame band: the closest hit left alone by the frame test keeps the others as its
# versions in other words unless every one of them is this far below it in the frame
ALONE_APART = 1.5
# a word at most this share of the hits hold (the subject's aside) ties two statements to
# one slot: a value named as replaced, the slot's own label
RARE_WORD_SHARE = 0.15


_ASKS_WHO = re.compile(r"^\W*(?:who|whom)\b", re.IGNORECASE)
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


@dataclass(frozen=True)
class _Question:
    """What the question names, read against its candidates.

    - ``subject``: its words that are rare in the language (a name, an identifier) and
      held by at least half of the hits near the top (a rare verb of one phrasing,
      "rotates", is not: the best hits say it otherwise);
    - ``slot``: its other words held by some candidate, each weighted by how much it tells
      the candidates apart (log N / df: "service" in every hit weighs nothing, "hosted"
      much). Weighed among the subject's statements alone, one slot phrased two ways
      ("was a member of" / "belong to") read as two slots: TimeQA lost 0.022."""

    words: frozenset[str]
    subject: frozenset[str]
    slot_weights: dict[str, float]
    named_whole: frozenset[str] = frozenset()  # its identifiers a hit near the top writes
    asks_who: bool = False  # "Who …?": its answer names someone or something
    # the subject's statements in words of their own while it shows one slot only
    paraphrases: frozenset[Statement] = frozenset()

    def covers_slot(self, statement: Statement) -> bool:
        if statement in self.paraphrases:
            return True
        total = sum(self.slot_weights.values())
        held = sum(w for word, w in self.slot_weights.items() if word in statement.words)
        return total == 0 or held >= MIN_SLOT_COVER * total

    def names_subject(self, statement: Statement) -> bool:
        return self.subject <= set(statement.words) and self.named_whole <= identifiers(
            statement.text
        )

    def may_answer(self, statement: Statement) -> bool:
        """Whether ``statement`` states an answer of the kind asked: to "who", a name
        besides the subject's (``_name_phrases`` with its opening; a month or a weekday
        aside) or the subject's name written twice. "Waymo — paid rides a week: 200,000"
        or "Thursday — new office day for Sam Patel" names nobody, so it answers another
        question of the subject."""
        if not self.asks_who:
            return True
        names = [phrase - _CALENDAR for phrase, _ in _name_phrases(statement.text, opening=True)]
        # the subject's name twice: once as the subject, once as the value ("Andrew Mellon
        # Building's occupant has been Andrew Mellon")
        return any(name - self.subject for name in names) or sum(map(bool, names)) > 1


def _read_question(
    query: str, statements: Sequence[Statement], relevance: Sequence[float], near: float
) -> _Question:
    surfaces = {_norm(s): s for s in _surfaces(query)}
    words = frozenset(w for w in surfaces if w)
    top = max(relevance) - near
    near_top = [s for s, r in zip(statements, relevance, strict=True) if r >= top]
    named = _names(query)
    subject = frozenset(
        w
        for w in words
        if w in named and 2 * sum(1 for s in near_top if w in s.words) >= len(near_top)
    )
    # sorted: the slot weights are summed in one order in every process (a set's order
    # follows the hash seed, and a float sum at exactly half the total could flip)
    held = {w: sum(1 for s in statements if w in s.words) for w in sorted(words - subject)}
    nothing_rare = not subject
    for name in _read_names(query, statements):
        # a name's common words tell it from a near-twin ("Northwind Travel" / "Northwind
        # Traders"): they join the subject when a hit near the top writes the whole name.
        # They still weigh as slot words while the question has no telling slot word of
        # its own: one slot written with other labels ("employer", "company") is covered
        # by the name; TimeQA-like sets lost 0.02 without that.
        # A name of common words only ("Marcus Bell") names the subject as well when most
        # hits near the top write it whole, as a rare word does, or when it tells apart
        # the hits near the top that hold the subject read so far ("England" of "the ODI
        # captain of the England cricket team?", beside "India cricket team: ODI captain").
        # When the question holds no rare word, its name is its subject whoever else the
        # hits near the top are about: "United States Navy", each word in other forces'
        # names ("United States Army", "Royal Navy"), or "England" among other teams'
        # coaches, was no subject, so the newest of every near-equal statement went first
        writers = sum(1 for s in near_top if name.words <= set(s.words))
        if writers and (
            name.joined
            or name.words & named
            or 2 * writers >= len(near_top)
            or _tells_apart(name.words, subject, near_top)
            or nothing_rare
        ):
            subject |= name.words
    # an identifier with a near-twin among the hits near the top is matched whole:
    # "billing-api" asked is not "billing-api-v2" written
    written = [identifiers(s.text) for s in near_top]
    whole = frozenset(
        i
        for i in identifiers(query)
        if any(i in held for held in written)
        and (not subject or any(twins(frozenset({i}), held) for held in written))
    )
    # an identifier the question writes whole names its subject when nothing else does,
    # however many other things' statements near the top share its frame ("web-frontend"
    # among every account's budget notes); a name matched whole is the subject's words,
    # not the slot's ("eu" of "analytics-prod-eu" asked beside "analytics-prod")
    named_parts = frozenset(_norm(part) for i in whole for part in _parts(i)) & words
    subject |= named_parts
    held = {w: n for w, n in held.items() if w not in named_parts}
    if subject:
        # a slot word none of the subject's own statements holds tells none of them
        # apart: "club" asked of "X is a Malmö FF player" / "X transferred to Feyenoord"
        own = set().union(*(s.words for s in statements if subject <= set(s.words)))
        held = {w: n for w, n in held.items() if w in own}
    weights = {w: math.log(len(statements) / n) for w, n in held.items() if n}
    own_slot = {w: weight for w, weight in weights.items() if w not in subject}
    if any(own_slot.values()):
        # the question's own slot words tell the subject's statements apart ("report" of
        # "Who does Samir Patel report to now?"): the name's words, which every statement
        # of the subject holds, would let another slot of it ("Samir Patel comes into the
        # office on Friday") cover the slot asked and go first as its newest version
        weights = own_slot
    question = _Question(words, subject, weights, whole, bool(_ASKS_WHO.match(query)))
    # a subject written as a name (capitalised, an identifier): a rare common noun taken
    # for one ("refund" asked of refund lessons) names a topic, whose statements in other
    # words are other lessons, not one slot restated
    as_names = {_norm(w.lower()) for w, _, _, part in _words(query) if part or w[:1].isupper()}
    if not subject <= as_names:
        return question
    return replace(question, paraphrases=_paraphrases(question, statements))


def _tells_apart(
    name: frozenset[str], subject: frozenset[str], near_top: Sequence[Statement]
) -> bool:
    """Some hit near the top holds the subject read so far but not ``name``."""
    return bool(subject) and any(
        subject <= set(s.words) and not name <= set(s.words) for s in near_top
    )


def _paraphrases(question: _Question, statements: Sequence[Statement]) -> frozenset[Statement]:
    """The subject's statements that miss the question's slot words, when none of them
    shares a word of its own (besides the subject's and the covering statements' words)
    with another: the subject shows no second slot, so each is the asked slot in other
    words ("Amara Okafor works at Canva" beside "… 's employer is Deloitte", asked "her
    employer?"). Two that share a word of their own ("employed by …" twice, asked "home
    city?") are a second slot, and then none is taken for a paraphrase."""
    if not question.subject:
        return frozenset()
    own = [s for s in statements if question.names_subject(s)]
    covering = [s for s in own if question.covers_slot(s)]
    if not covering:
        return frozenset()
    asked = question.subject.union(*(s.words for s in covering))
    others = [s for s in own if not question.covers_slot(s)]
    return frozenset() if _a_second_slot_shown(others, asked) else frozenset(others)


def _a_second_slot_shown(others: Sequence[Statement], asked: frozenset[str]) -> bool:
    """Two of ``others`` (a subject's statements missing the words asked) share a word of
    their own, besides ``asked``: a label of another slot ("secretary_of_state" twice
    beside "official_name"). Each sharing none is the asked slot in other words."""
    for n, statement in enumerate(others):
        mine = set(statement.words) - asked
        if any(
            mine & set(other.words) for other in others[n + 1 :] if other.words != statement.words
        ):
            return True
    return False


def _name_phrases(
    text: str, *, opening: bool = False
) -> list[tuple[frozenset[str], frozenset[str]]]:
    """The stems of each run of capitalised content words after the first word ("Sam
    Patel", "Northwind Travel", "Microsoft"): one name, whichever of its words are common
    in the language ("Apple", "Arsenal" are). The first word is capitalised as a sentence
    starts, name or not; with ``opening``, it starts a name when it reads as one: before
    another capitalised word ("Patrice Louvet is …", "Kim So-yeon is …") or rare in the
    language ("Benfica is the employer of …"). Runs with only lower-case connectors
    between them ("Reserve Bank of Australia", "Department of the Treasury") are one
    phrase; each phrase comes with the stems of its last run when it joins two (else
    none)."""
    words = _words(text)
    first = 1 - (opening and _opens_with_a_name(text, words))
    runs: list[tuple[int, int, list[str]]] = []  # first word, last word, stems
    for n, (written, start, _, _) in enumerate(words):
        norm = _norm(written.lower()) if n >= first and written[:1].isupper() else ""
        if not norm:
            continue
        if runs and runs[-1][1] == n - 1 and not text[words[n - 1][2] : start].strip():
            runs[-1] = (runs[-1][0], n, [*runs[-1][2], norm])
        else:
            runs.append((n, n, [norm]))
    phrases: list[tuple[frozenset[str], frozenset[str]]] = []
    for n, (first, _, stems) in enumerate(runs):
        if n and _connected(words, text, runs[n - 1][1], first):
            joined, _ = phrases[-1]
            phrases[-1] = (joined | frozenset(stems), frozenset(stems))
        else:
            phrases.append((frozenset(stems), frozenset()))
    return phrases


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


@dataclass(frozen=True)
class _Name:
    words: frozenset[str]
    joined: bool  # two capitalised runs joined by a connector, written whole


def _read_names(query: str, statements: Sequence[Statement]) -> list[_Name]:
    """The question's names (``_name_phrases``). A name joined by a connector ("Reserve
    Bank of Australia") is one name when the statements writing its last part mostly
    write it whole; else its two runs are two names ("CEO of United Airlines": "United
    Airlines" is written without "CEO")."""
    names: list[_Name] = []
    for phrase, tail in _name_phrases(query):
        if not tail:
            names.append(_Name(phrase, False))
            continue
        whole = sum(1 for s in statements if phrase <= set(s.words))
        tails = sum(1 for s in statements if tail <= set(s.words))
        if whole and 2 * whole >= tails:
            names.append(_Name(phrase, True))
        else:
            names.extend(_Name(part, False) for part in (phrase - tail, tail) if part)
    return names


def _linked(question: _Question, older: Statement, newer: Statement) -> bool:
    """Two statements answer the question's subject and slot: both name the subject and
    cover the slot, and — when the question names no subject — they differ by one
    substitution (or not at all) and no word that tells them apart is the question's."""
    if not (question.names_subject(older) and question.names_subject(newer)):
        return False
    if not (question.covers_slot(older) and question.covers_slot(newer)):
        return False  # one of them is about another slot ("hosted in" beside "runs version")
    verdict = compare_statements(older, newer)
    if question.subject:
        return verdict.reason != ANOTHER_SLOT
    if verdict.verdict is SlotVerdict.RESTATED:
        return True
    return verdict.verdict is SlotVerdict.CHANGE and not (verdict.differing_words & question.words)


def _groups(
    question: _Question, statements: Sequence[Statement], keys: Sequence[str | None]
) -> list[list[int]]:
    """Statements of one slot, best first: each joins the first group it is linked to as
    a whole (a chain of links, "start time" ~ "room" ~ "meeting day", is no slot), and
    never one holding another supersession key (``filed_apart``)."""
    groups: list[list[int]] = []
    for i in range(len(statements)):
        for group in groups:
            if all(
                _linked(question, statements[j], statements[i])
                and not filed_apart(keys[i], keys[j])
                for j in group
            ):
                group.append(i)
                break
        else:
            groups.append([i])
    return [g for g in groups if len(g) > 1]


def filed_apart(a: str | None, b: str | None) -> bool:
    """Two entries their writers filed under different supersession keys: two slots by the
    writers' word, whatever their texts share (keys win over inference). Neither is a
    version, a duplicate, a conflict or a cover of the other: recall never reorders them,
    the plan and the write hooks never pair them."""
    return a is not None and b is not None and a != b


def _one_key(
    members: list[int], keys: Sequence[str | None], relevance: Sequence[float]
) -> list[int]:
    """``members`` without the keyed ones filed apart from the most relevant keyed
    member: unkeyed members stay, they may restate any slot."""
    keyed = [i for i in members if keys[i] is not None]
    lead = keys[max(keyed, key=lambda i: (relevance[i], -i))] if keyed else None
    return [i for i in members if not filed_apart(keys[i], lead)]


# the similarity of the question's frame to each hit's, both without the subject's words
FrameRelevance = Callable[[str, Sequence[str]], Sequence[float]]


@dataclass(frozen=True)
class SlotOrder:
    order: list[int]  # positions of the hits, best first
    newest: dict[int, int]  # an older statement of a slot -> the newest one shown above it


def newest_of_slot_first(
    query: str,
    texts: Sequence[str],
    written_at: Sequence[datetime],
    relevance: Sequence[float],
    *,
    band: float,
    near: float = NEAR_TOP,
    frame_relevance: FrameRelevance | None = None,
    frame_band: float = 1.0,
    frame_weight: float = 0.0,
    unkeyed_frame_weight: float = 0.0,
    keys: Sequence[str | None] | None = None,
    text_relevance: FrameRelevance | None = None,
    alike_cosine: float = 0.0,
    doubted: Sequence[bool] | None = None,
) -> SlotOrder:
    """An order of the hits (given best first) in two steps, each putting the newest
    statement (its validity note, else its write time) at the best position its group
    holds while every other hit keeps its place, after one step of relevance:
    0. with ``frame_relevance``, the hits naming the question's subject exchange places
       by relevance plus a weight times their frame's closeness to the question's
       (``_closest_frame_first``): which of the subject's slots is asked. Each filed
       under a key of its own weighs ``frame_weight``, each filed under none
       ``unkeyed_frame_weight`` (it may be one version of several: the steps after put
       the newest of its slot back on top); hits sharing a key take no part, and neither
       do hits held in doubt (``doubted``);
    1. each group of statements of the question's slot (``_linked``), its members
       within ``band`` of the group's best relevance;
    2. when the question names a subject, the hits within ``near`` of the best relevance
       that name it: the "newest of the near-equal top hits" any user could write, without
       its blind spot (another subject's newer fact on top). A question that names nothing
       rare ("What should I check before changing a plan?") gets no such reorder: its
       near-equal hits are as likely different lessons as versions of one;
    3. then, among those near-equal hits, the ones naming the question's whole subject
       above the ones that do not (``_subject_first``);
    4. last, the hit on top gives its place to the newest of its named successors (later
       hits of the subject saying they replaced its value: ``_named_successor_first``).

    With a named subject, a slot group of step 1 loses the members that are another slot
    of the subject: a second slot filled in the same frame under its own label
    (``_one_frame_two_slots``) and, with ``frame_relevance``, statements far from the
    question's frame (the texts without the subject's words) holding a frame of their own
    (``_in_the_questions_frame``). The near-equal hits of step 2 lose the latter too
    (``_near_in_the_questions_frame``: unless only the closest would be left and the others
    are not far below even that) and, when the best hit's group holds the question's slot
    words, the ungrouped hits that lack them (``_of_the_best_slot``). In both steps, a
    statement measuring another kind of thing than the most relevant one (an amount beside
    a name: ``_one_measure``) is another slot, and so is one lacking the question's words
    the most relevant one holds when they are the slot's label and another label of the
    subject is in evidence (``_under_the_asked_label``). With ``text_relevance`` (the
    cosine of one text to others) and an ``alike_cosine``, a slot group keeps only the
    members written alike to its most relevant one (``_written_alike``).

    ``keys``: each hit's supersession key, if its writer gave one. Hits filed under two
    keys are two slots in steps 1 and 2: a keyed store holds one active statement per key,
    so any reorder among them could only put another slot first."""
    order = list(range(len(texts)))
    slot_keys: Sequence[str | None] = keys if keys is not None else [None] * len(texts)
    newest: dict[int, int] = {}
    if len(texts) < 2:
        return SlotOrder(order, newest)
    statements = [read_statement(t) for t in texts]
    question = _read_question(query, statements, relevance, near)
    held = list(doubted) if doubted is not None else [False] * len(texts)
    weight = _frame_weights(slot_keys, frame_weight, unkeyed_frame_weight, held)
    # the frames of every hit naming the subject, embedded only when a step uses them
    wanted = sum(w > 0 for w in weight) > 1
    frame = _frames(query, texts, statements, question, frame_relevance, wanted)
    weighed = {i: weight[i] for i in frame if weight[i] > 0}
    order, relevance = _closest_frame_first(relevance, frame, weighed)

    def moment(i: int) -> tuple[datetime, datetime]:
        """When the statement was the word on its slot: its validity note, unless the note
        lies after the moment it was written (a date in the writer's future is what the
        statement says, "the next review is 12 February 2024", not when it held), else its
        write time."""
        said = written_at[i]
        valid = statements[i].held_from(said)
        return (said if valid is None or valid > said else valid, said)

    def newest_on_top(members: list[int], below: Sequence[int] = ()) -> None:
        """``members``: original hit numbers; their current positions get them newest
        first, but for those no moment places (``_undated_in_a_batch``): they keep theirs.
        The hits ``below`` (statements of the slot's group that cannot answer the kind of
        question asked) give up their positions to them and take the ones left."""
        unplaced = _undated_in_a_batch([*members, *below], statements, written_at)
        members = [m for m in members if m not in unplaced]
        under = sorted((m for m in below if m not in unplaced), key=order.index)
        positions = sorted(order.index(m) for m in (*members, *under))
        newest_first = _newest_first(members, statements, moment) if members else []
        for position, member in zip(positions, [*newest_first, *under], strict=True):
            order[position] = member
        newest.update({older: newest_first[0] for older in newest_first[1:]})

    alike = _Alike(text_relevance, alike_cosine)
    slot_of = list(range(len(texts)))  # each hit its own slot unless grouped
    # linked by the statements alone (the question names nothing rare), a group is
    # reordered only among near-equal hits: far below, it is likely another slot
    width = band if question.subject else min(band, near)
    reordered: list[list[int]] = []
    for group in _groups(question, statements, slot_keys):
        slot_of = [group[0] if i in group else s for i, s in enumerate(slot_of)]
        best = max(relevance[i] for i in group)
        reordered.append([i for i in group if relevance[i] >= best - width])
    if not frame and any(len(members) > 1 for members in reordered):
        # a far member's second slot is as often in evidence below the band as within it
        frame = _frames(query, texts, statements, question, frame_relevance, True)
    for members in reordered:
        # the statements' own structure first, then the embedding's far members
        members = _one_frame_two_slots(members, relevance, statements, question, moment)
        members = _in_the_questions_frame(members, frame, frame_band, statements, question)
        members = _written_alike(members, relevance, texts, statements, question, alike)
        members = _under_the_asked_label(members, relevance, statements, question)
        unanswering: list[int] = []
        if len(members) > 1 and question.subject:
            answering = _of_the_asked_kind(members, statements, question, held)
            unanswering = [m for m in members if m not in answering]
            members = _one_measure(answering, relevance, statements)
        if len(members) > 1 or (members and unanswering):
            newest_on_top(members, unanswering)
    top = max(relevance) - near
    members = [
        i
        for i, statement in enumerate(statements)
        if relevance[i] >= top
        and question.names_subject(statement)
        and (question.subject or question.covers_slot(statement))
    ]
    members = _one_key(members, slot_keys, relevance)
    if members:
        members = _of_the_best_slot(members, slot_of, relevance, statements, question)
        members = _under_the_asked_label(members, relevance, statements, question)
    unanswering = []
    if near > 0 and len(members) > 1 and question.subject:
        if not frame:
            frame = _frames(query, texts, statements, question, frame_relevance, True)
        members = _near_in_the_questions_frame(members, frame, frame_band, statements, question)
        answering = _of_the_asked_kind(members, statements, question, held)
        unanswering = [m for m in members if m not in answering]
        members = _one_measure(answering, relevance, statements)
    if near > 0 and (len(members) > 1 or (members and unanswering)):
        newest_on_top(members, unanswering)
    if near > 0 and question.subject:
        _subject_first(order, [question.names_subject(s) for s in statements], relevance, top)
        # then, of those, the ones stating an answer of the kind asked (``may_answer``)
        answers = [
            question.names_subject(s) and _answers_asked(question, s, held[i])
            for i, s in enumerate(statements)
        ]
        if any(answers):
            _subject_first(order, answers, relevance, top)
    if question.subject:
        _named_successor_first(order, newest, statements, question, slot_keys, moment)
    return SlotOrder(order, newest)


def _named_successor_first(
    order: list[int],
    newest: dict[int, int],
    statements: Sequence[Statement],
    question: _Question,
    keys: Sequence[str | None],
    moment: Callable[[int], tuple[datetime, datetime]],
) -> None:
    """The hit on top, when it names the question's subject, gives its place to the newest
    of its named successors: a later hit of the subject saying it replaced the value the top
    one states ("formerValue: 2M Alliance", "# was 'Søren Skou'"), then the one that replaced
    that, and so on. A change record is often written unlike the fact it changes (an LDIF
    modify, a pandas assignment under a table's row) and sits far below it in similarity,
    out of every band; that it names the value it replaced is the writer's own link.
    Hits filed under two keys are two slots, and a hit restating the value it names as
    replaced replaced nothing."""
    top = order[0]
    if not question.names_subject(statements[top]):
        return
    subject_hits = [i for i, s in enumerate(statements) if question.names_subject(s)]
    chain = [top]

    def succeeds(later: int, earlier: int) -> bool:
        return (
            later not in chain
            and moment(later) > moment(earlier)
            and _names_a_value_of(statements[later], statements[earlier])
            and not set(statements[later].former) <= set(statements[later].words)
            and not filed_apart(keys[later], keys[earlier])
        )

    while successors := [i for i in subject_hits if succeeds(i, chain[-1])]:
        chain.append(max(successors, key=lambda i: (*moment(i), -i)))
    if len(chain) > 1:
        order.remove(chain[-1])
        order.insert(0, chain[-1])
        # the writer's link outranks a band step's guess that another hit came after it
        newest.pop(chain[-1], None)
        newest.update({older: chain[-1] for older in chain[:-1]})


def _names_a_value_of(newer: Statement, older: Statement) -> bool:
    """``newer`` names, as the value it replaced, words all of which ``older`` holds: the
    writer's own link between the two, whatever their wording."""
    former = set(newer.former)
    return bool(former) and former <= set(older.words)


def _of_the_best_slot(
    members: list[int],
    slot_of: Sequence[int],
    relevance: Sequence[float],
    statements: Sequence[Statement],
    question: _Question,
) -> list[int]:
    """The near-equal hits without those another slot than the best one's: a hit grouped
    with others of another slot is not a version, and when the best hit's group holds the
    question's slot words, neither is an ungrouped hit lacking them ("Who is the menswear
    designer of Maison Arlo?": "… creative director changed: … -> Jonathan Anderson",
    newer, stays below the menswear designer's group)."""
    best_slot = slot_of[max(members, key=lambda i: relevance[i])]
    if slot_of.count(best_slot) < 2:
        return members
    covered = any(question.covers_slot(statements[i]) for i in members if slot_of[i] == best_slot)
    return [
        i
        for i in members
        if slot_of[i] == best_slot
        or (slot_of[i] == i and (not covered or question.covers_slot(statements[i])))
    ]


def _under_the_asked_label(
    members: list[int],
    relevance: Sequence[float],
    statements: Sequence[Statement],
    question: _Question,
) -> list[int]:
    """A subject's statements about to be put newest first, without those lacking words of
    the question that the most relevant one holds, when those words are the label the
    store writes the slot under and another label is in evidence: two or more of the
    subject's statements hold every one of them, and two of those lacking some share a word
    of their own (``_a_second_slot_shown``). "What is the official name of the UK's housing
    department?": the newer "secretary_of_state" = "Steve Reed" no longer goes above the
    "official_name" change. A member naming the best one's value as replaced, or one
    substitution away from it, stays. Under a label written once ("tier" once beside
    "plan" and "subscription" for one account), the others are the slot in other words."""
    if len(members) < 2 or not question.subject:
        return members
    best = max(members, key=lambda i: (relevance[i], -i))
    label = [w for w, weight in question.slot_weights.items() if weight > 0]

    def held(i: int) -> frozenset[str]:
        return frozenset(w for w in label if w in statements[i].words)

    asked = held(best)
    own = [i for i, statement in enumerate(statements) if question.names_subject(statement)]
    lacking = [i for i in own if not asked <= held(i)]
    labelled = question.subject.union(*(statements[i].words for i in own if i not in lacking))
    if len(own) - len(lacking) < 2 or not _a_second_slot_shown(
        [statements[i] for i in lacking], labelled
    ):
        return members

    def stays(i: int) -> bool:
        if not held(i) < asked:
            return True
        if _names_a_value_of(statements[i], statements[best]):
            return True
        return compare_statements(statements[best], statements[i]).verdict is SlotVerdict.CHANGE

    return [i for i in members if stays(i)]


def _undated_in_a_batch(
    members: list[int], statements: Sequence[Statement], written_at: Sequence[datetime]
) -> set[int]:
    """The members with no note of their own written at the same moment as one with a
    note (a store imported in one batch): their write time is the import's, not when they
    held, so they are neither newer nor older than the dated ones (taken as the newest,
    every undated version of a changelog went above the dated current one)."""
    dated = {i for i in members if statements[i].held_from(written_at[i]) is not None}
    batches = {written_at[i] for i in dated}
    return {i for i in members if i not in dated and written_at[i] in batches}


def _names_as_replaced(newer: Statement, older: Statement) -> bool:
    """``newer`` says it replaced the value ``older`` states ("previous: Ben Okafor"), the
    two lined up as one frame: the same name said of another slot ("Ruth Mensah mentors
    Sam Patel now, no longer Omar Haddad" beside "Omar Haddad replaces Grace Liu as Sam
    Patel's manager") replaced nothing there."""
    return bool(newer.former) and compare_statements(older, newer).reason == REPLACED_AS_NAMED


def _newest_first(
    members: list[int],
    statements: Sequence[Statement],
    moment: Callable[[int], tuple[datetime, datetime]],
) -> list[int]:
    """``members`` newest first by their moments; among members of one moment (a changelog
    imported in one batch), one another says it replaced ("previous: Richard Anderson") and
    that does not replace it in turn comes after it. Moments that differ decide: a value
    can come back (A, then B naming A, then A again), and a version naming "A" as replaced
    then names the first A, not the newest. Each place goes to the newest member no
    remaining member of its moment says it replaced (all remaining ones, in a cycle)."""
    replaced_by = {
        i: {
            j
            for j in members
            if moment(j) == moment(i)
            and _names_as_replaced(statements[j], statements[i])
            and not _names_as_replaced(statements[i], statements[j])
        }
        for i in members
    }
    remaining, ordered = list(members), []
    while remaining:
        left = set(remaining)
        free = [i for i in remaining if not replaced_by[i] & left] or remaining
        newest = max(free, key=lambda i: (*moment(i), -i))
        ordered.append(newest)
        remaining.remove(newest)
    return ordered


def _of_the_asked_kind(
    members: list[int], statements: Sequence[Statement], question: _Question, held: Sequence[bool]
) -> list[int]:
    """A subject's statements about to be put newest first, without those that cannot
    answer the kind of question asked (``_Question.may_answer``): another slot of the
    subject, whatever its date ("Who most recently took the top job at Waymo?" went to a
    newer weekly-rides count). Nor, for "who", one held in doubt (an open conflict): it
    answers, but must not climb above the hits that name nobody by it ("billing-service is
    owned by the Search team", refuted by the catalog). When none can, the question's
    kind was misread: all stay."""
    answering = [i for i in members if _answers_asked(question, statements[i], held[i])]
    return answering or members


def _answers_asked(question: _Question, statement: Statement, held: bool) -> bool:
    """Whether ``statement`` answers the kind of question asked and may climb for it:
    ``_Question.may_answer``, and to "who" not held in doubt."""
    return question.may_answer(statement) and not (question.asks_who and held)


def _one_measure(
    members: list[int], relevance: Sequence[float], statements: Sequence[Statement]
) -> list[int]:
    """A subject's statements about to be put newest first, without those that measure
    something else than the most relevant one: a statement stating an amount or a share
    (``MEASURES``) and one stating none of that kind are two slots ("Universal Music Group
    | chief executive | Lucian Grainge" / "… | annual revenue | €10.34 billion"), whatever
    the newer one's date. Only these kinds: the value reader also reads dates and plain
    numbers off validity notes ("May 21, 2021" → 21), versions off names and addresses
    ("Volvo V60", ".../v3") and its named kinds (a plan tier) off some phrasings of a slot
    and not others; set D lost 0.03 with versions counted."""
    lead = max(members, key=lambda i: (relevance[i], -i))
    measures = {
        i: frozenset(kind for kind, _ in _measured(statements[i]) if kind in MEASURES)
        for i in members
    }
    kind = measures[lead]
    return [i for i in members if i == lead or measures[i] & kind or not (measures[i] or kind)]


def without_words(text: str, words: frozenset[str]) -> str:
    """``text`` with every word whose stem is in ``words`` taken out (for an identifier,
    the whole identifier when one of its parts is)."""
    kept: list[str] = []
    last = 0
    for written, start, end, _ in _words(text):
        if start >= last and _norm(written.lower()) in words:
            kept.append(text[last:start])
            last = end
    kept.append(text[last:])
    return "".join(kept)


def _frames(
    query: str,
    texts: Sequence[str],
    statements: Sequence[Statement],
    question: _Question,
    frame_relevance: FrameRelevance | None,
    wanted: bool,
) -> dict[int, float]:
    """How close each hit naming the question's subject is to what the question asks of
    it (embedded only when a slot group may reorder): the two texts compared without the
    subject's words, so that the name both share does not make another slot of the
    subject look like an answer ("Where does Priya Raman live?" / "Priya Raman is
    employed as head of data")."""
    if frame_relevance is None or not question.subject or not wanted:
        return {}
    own = [i for i, statement in enumerate(statements) if question.names_subject(statement)]
    if len(own) < 2:
        return {}
    scores = frame_relevance(
        without_words(query, question.subject),
        [without_words(texts[i], question.subject) for i in own],
    )
    return dict(zip(own, (float(x) for x in scores), strict=True))


def _frame_weights(
    keys: Sequence[str | None],
    keyed: float,
    unkeyed: float,
    held: Sequence[bool],
) -> list[float]:
    """Each hit's weight in the frame step: a hit alone under its key is one slot, its only
    statement here, so placing it by the slot asked orders no versions (``keyed``); an
    unkeyed hit may be one version of several (``unkeyed``); hits sharing a key, none, and
    neither do hits held in doubt (``held``: an open conflict): the blend demoted them on
    the evidence's word, and a refuted claim written like the question ("Umbrella's account
    manager is Dana Whitfield") would rise back above its correction ("Correction: Marcus
    Lee owns the Umbrella account")."""
    filed = Counter(keys)
    return [
        0.0 if doubt else unkeyed if key is None else keyed if filed[key] == 1 else 0.0
        for key, doubt in zip(keys, held, strict=True)
    ]


def _closest_frame_first(
    relevance: Sequence[float], frame: Mapping[int, float], weight: Mapping[int, float]
) -> tuple[list[int], list[float]]:
    """The hits ``weight`` names (the subject's), in their places, reordered by relevance
    plus their weight times their closeness to what the question asks of the subject
    (``frame``, from ``_frames``): the subject's name, shared by all of them, outweighs the
    slot words in a small model's cosine ("Who is in charge of Harrowgate Books?" was
    closer to the year it was founded than to its director). Each takes the place and
    relevance of the one it displaces: other hits keep theirs, and the bands of the steps
    after are unchanged. Among unkeyed versions of one slot the frame closer to the
    question is the one whose value happens to be, and the band steps after do not always
    put the newest back on top: set C, written as one slot, loses 0.004 for Q's +0.024."""
    order = list(range(len(relevance)))  # the hits' places, best first
    adjusted = list(relevance)
    if len(weight) < 2:
        return order, adjusted
    closest = sorted(weight, key=lambda i: (-(relevance[i] + weight[i] * frame[i]), i))
    for place, hit in zip(sorted(weight), closest, strict=True):
        order[place] = hit
        adjusted[hit] = relevance[place]
    return order, adjusted


def _in_the_questions_frame(
    members: list[int],
    frame: Mapping[int, float],
    frame_band: float,
    statements: Sequence[Statement],
    question: _Question,
) -> list[int]:
    """A slot group without the members that are another slot of the subject: those far
    from the question's frame (below the closest member's by more than ``frame_band``)
    that share no word the question asks about with the closest one, *and* share a word
    of their own with another such hit of the subject, in the group or not — a second
    slot in evidence ("home city?" of "moved to London" beside "works as head of data" /
    "works as data analyst"; "capital of Brazil?" of "Brazil names Dilma Rousseff as
    president" beside "… Jair Bolsonaro as president" below the band). A far member
    alone keeps its place: one slot is often written in words of its own ("org →
    Maersk" among "employer: Airbus" notes), and its values can be far apart in
    embedding space ("school is Harvard College" / "Harvard Business School has been the
    school" asked "which school?")."""
    scored = [i for i in members if i in frame]
    if len(scored) < 2:
        return members
    lead = max(scored, key=lambda i: (frame[i], -i))
    asked = set(statements[lead].words) & question.words - question.subject
    # the question's most telling word the closest member holds ("plan" of "Which plan is
    # the Pinecrest Dental account on?", not "account", which every statement of the
    # subject's name holds)
    telling = max(asked, key=lambda w: (question.slot_weights.get(w, 0.0), w), default=None)
    far = [
        i
        for i in frame
        if frame[i] < frame[lead] - frame_band
        and (telling is None or telling not in statements[i].words)
    ]

    def another_slot(i: int) -> bool:
        own = set(statements[i].words) - question.subject
        return i in far and any(
            own & set(statements[j].words) and set(statements[j].words) != set(statements[i].words)
            for j in far
            if j != i
        )

    return [i for i in members if not another_slot(i)]


def _near_in_the_questions_frame(
    members: list[int],
    frame: Mapping[int, float],
    frame_band: float,
    statements: Sequence[Statement],
    question: _Question,
) -> list[int]:
    """The near-equal hits of the subject without another slot far from the question's
    frame, as a slot group loses it (``_in_the_questions_frame``: "Who handles the
    Larkspur Farms account now?" of "| Larkspur Farms | account_manager | …" rows beside
    newer "| … | preferred contact channel | …" rows) — unless only the closest hit would
    be left while some other one lies within ``ALONE_APART`` bands of it: then they are as
    likely its versions, each worded its own way ("plays for Brentford" / "turns out for
    Ajax"), as a second slot. Further below, they are another slot even so ("How does
    Bluewater Marine prefer to be contacted?" of one channel note beside newer "loop in
    Marcus Webb" notes)."""
    kept = _in_the_questions_frame(members, frame, frame_band, statements, question)
    if len(kept) > 1:
        return kept
    floor = frame[kept[0]] - ALONE_APART * frame_band
    return kept if all(frame[i] < floor for i in members if i not in kept) else members


@dataclass(frozen=True)
class _Alike:
    text_relevance: FrameRelevance | None
    cosine: float


def _written_alike(
    members: list[int],
    relevance: Sequence[float],
    texts: Sequence[str],
    statements: Sequence[Statement],
    question: _Question,
    alike: _Alike,
) -> list[int]:
    """A slot group without the members written unlike its most relevant one: a member
    stays when it is within ``alike.cosine`` of the lead or of a member already kept, or
    shares with one a word few hits hold (``RARE_WORD_SHARE``, the subject's words aside:
    a value named as replaced, the slot's label). Versions of one slot are written alike
    or name each other's values; another slot of the subject, newer, is neither ("TIL that
    Valve has Steam Deck as its handheld" beside "TIL: the head of gaming at Valve is Gabe
    Newell", asked "Who is the head of Valve?"), and no longer goes first. Members left
    out keep their places."""
    if alike.text_relevance is None or alike.cosine <= 0 or len(members) < 2:
        return members
    held = Counter(w for statement in statements for w in set(statement.words))
    rare = {w for w, n in held.items() if n <= RARE_WORD_SHARE * len(statements)}
    own = {i: (set(statements[i].words) - question.subject) & rare for i in members}
    others = [texts[m] for m in members]
    cosine = {
        i: dict(zip(members, alike.text_relevance(texts[i], others), strict=True)) for i in members
    }
    kept = [max(members, key=lambda i: (relevance[i], -i))]
    waiting = [i for i in members if i not in kept]
    while joining := [
        i for i in waiting if any(cosine[k][i] >= alike.cosine or own[i] & own[k] for k in kept)
    ]:
        kept += joining
        waiting = [i for i in waiting if i not in joining]
    return [i for i in members if i in kept]


def _one_frame_two_slots(
    members: list[int],
    relevance: Sequence[float],
    statements: Sequence[Statement],
    question: _Question,
    moment: Callable[[int], tuple[datetime, datetime]],
) -> list[int]:
    """A slot group without a second slot written in the same frame under a label of its
    own ("Amara Okafor is based in Manchester" / "… is employed by Meridian Maps").

    Members that restate or change one another's value while sharing a word besides the
    subject's ("based") form a clique, each clique a slot as its writer labels it. Two
    cliques whose statements line up as one replaced stretch (the label with the value)
    are one frame filled with two slots: the clique the question is less close to (its
    mean relevance lower by more than ``SLOT_CLIQUE_MARGIN``) leaves. One slot written in
    two shapes ("X's employer: Y" / "Z now employs X") does not line up so and stays
    whole, and a member in no clique keeps its place."""
    if not question.subject or len(members) < 4:
        return members
    cliques = _cliques(members, statements, question.subject, moment)
    if len(cliques) < 2:
        return members

    def mean_relevance(clique: list[int]) -> float:
        return sum(relevance[i] for i in clique) / len(clique)

    closest = max(cliques, key=mean_relevance)

    def one_frame(clique: list[int]) -> bool:
        pairs = [(a, b) for a in closest for b in clique]
        lined_up = sum(_one_stretch_apart(statements[a], statements[b]) for a, b in pairs)
        return 2 * lined_up > len(pairs)

    floor = mean_relevance(closest) - SLOT_CLIQUE_MARGIN
    leaving = {
        i
        for clique in cliques
        if clique is not closest and mean_relevance(clique) < floor and one_frame(clique)
        for i in clique
    }
    return [i for i in members if i not in leaving]


def _cliques(
    members: list[int],
    statements: Sequence[Statement],
    subject: frozenset[str],
    moment: Callable[[int], tuple[datetime, datetime]],
) -> list[list[int]]:
    """The members joined (transitively) by a restatement or a change of value that keeps
    a word besides the subject's; only cliques of two or more."""
    joined = UnionFind(len(members))
    for n, a in enumerate(members):
        for m in range(n + 1, len(members)):
            b = members[m]
            older, newer = sorted((a, b), key=moment)
            kept = set(statements[a].words) & set(statements[b].words) - subject
            if kept and (
                compare_statements(statements[older], statements[newer]).verdict
                is not SlotVerdict.DIFFERENT
            ):
                joined.union(n, m)
    return [[members[n] for n in clique] for clique in joined.groups(min_size=2)]


def _one_stretch_apart(a: Statement, b: Statement) -> bool:
    found = _align(a.words, b.words)
    return found.substitutions == 1 and found.inserted == 0


def _subject_first(
    order: list[int], names_subject: Sequence[bool], relevance: Sequence[float], top: float
) -> None:
    """Among the hits near the top, those that name the question's whole subject go above
    those that do not (a near-twin, "billing-api" asked of "billing-web", another name
    sharing a surname), each side keeping its order: embeddings barely tell twins apart."""
    positions = [p for p, i in enumerate(order) if relevance[i] >= top]
    hits = [order[p] for p in positions]
    ranked = [i for i in hits if names_subject[i]] + [i for i in hits if not names_subject[i]]
    for position, hit in zip(positions, ranked, strict=True):
        order[position] = hit
