"""Validity notes and replaced values, set apart from what a statement says.

When a statement says it held ("as of 1999", "[2021-03-04]", `valid_from: …`) and which value
it says it replaced ("(was 09:15)", "previous: …", a diff's removed line) are metadata compared
by no one, so where a date sits or how a former value is marked never decides a change. A time
that is not such a note stays in the content: a date or a weekday can be the value."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta

from curation._change.owners import _COPULA, content_words
from curation._change.words import _STOP, _WEEKDAY, _YEAR, _day, _words
from curation._values import MONTH_NUMBERS

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


@dataclass(frozen=True)
class _Note:
    start: int
    end: int
    when: datetime | None
    point: bool  # introduced by "in"/"on"/"at"/"during": an event's moment
    says: bool = False  # also part of what the statement says (a weekday), kept in content


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


# as a field's name "replaced" names the value replaced (`"replaced": "Arthur Ashkin"`); as a
# phrase it is as often the newer's ("replaced by Bo Lima"), so it is no phrase mark
_FORMER_FIELD_MARKS = ("previous", "prev", "former", "old", "replaced", *_FORMER_PHRASE_MARKS)


# up to the phrase's end: punctuation, a bracket, a sentence's full stop (not a decimal one)
_VALUE_TO_PHRASE_END = r"[^,;|(){}\[\]\n.]*(?:\.\d[^,;|(){}\[\]\n.]*)*"
# ... and a verb's object, up to a word that goes on to something else ("replaced X with Y
# as CEO", "… after a vote") or a record's markup (a tag, a quote, a field's separator)
_OBJECT_CHAR = (
    r"(?:(?!\s+(?:with|as|after|before|because|when|while|since|until|from)\b)"
    r"[^,;|(){}\[\]\n.<>\"=:\t])"
)
_OBJECT_TO_PHRASE_END = rf"{_OBJECT_CHAR}*(?:\.\d{_OBJECT_CHAR}*)*"
# words before "replaced" that make it an adjective ("the replaced municipalities", "Sastamala's
# replaced municipalities"), not a verb with an object
_DETERMINERS = frozenset({"the", "a", "an", "its", "their", "his", "her", "our", "your", "my"})
# verbs of a change whose "from X to Y" names the value left (X) and the one reached (Y)
_CHANGE_VERBS = (
    "changed",
    "changes",
    "moved",
    "moves",
    "switched",
    "switches",
    "updated",
    "renamed",
)
# ... the value left, quoted or not, up to its "to" (never past its line)
_START_TO_ITS_TO = r"(?:\"[^\"\n]*\"|'[^'\n]*'|[^\n]+?)(?=[ \t]+to\b)"


_FORMER = re.compile(
    # a field: `"previous": "Ana Souza"`, `old_value = 3.9`, `formerValue: 2M`, `was: Monday`,
    # a keyword's: `:replaces "the kroon"`
    r"(?:^|(?<=[\s{(\[,;|]))[\"']?(?P<field>(?:"
    + "|".join(_as_written_or_as_a_key(mark) for mark in _FORMER_FIELD_MARKS)
    + r")(?:[_-]?values?)?[\"']?\s*(?:=>|[:=])|:(?:"
    + "|".join(re.escape(mark) for mark in _FORMER_FIELD_MARKS)
    + r")\s)\s*(?:\"[^\"\n]*\"|'[^'\n]*'|"
    + _VALUE_TO_PHRASE_END
    + ")"
    # a phrase: "; was Ed Whitacre", "(previously €79)", ", replacing Ana Souza", a
    # config line's comment "# was 3.11", "-- was \"the kroon\""
    r"|(?:^|(?<=[;(\[,|\n\u2014\u2013#])|(?<=--))\s*(?P<phrase>(?:"
    + "|".join(re.escape(mark) for mark in _FORMER_PHRASE_MARKS)
    + r")\s)"
    + _VALUE_TO_PHRASE_END
    # the verb's object, wherever it stands: "Acme replaced Ana Souza with Bo Lima", "Bo Lima
    # replaced Ana Souza as CEO" (never "replaced by Bo Lima": that names the newer, nor a
    # passive's next words, "… must be replaced", nor an adjective's noun, nor the next line)
    + r"|"
    + "".join(rf"(?<!\b{be}\s)" for be in sorted(_COPULA | _DETERMINERS))
    + r"(?<!['\u2019]s\s)"
    + r"\b(?P<verb>replaced|replaces|replacing)[ \t]+(?!by\b)"
    + _OBJECT_TO_PHRASE_END
    # a change's starting point: "changed from \"a revolver\" to …", "moved from Leeds to York"
    + r"|\b(?:"
    + "|".join(_CHANGE_VERBS)
    + r")[ \t]+(?P<start>from)[ \t]+"
    + _START_TO_ITS_TO,
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
        marked = match.end(next(g for g in ("field", "phrase", "verb", "start") if match.group(g)))
        former.extend(content_words(match.string[marked : match.end()]))
        kept.append(content[cursor : match.start()])
        cursor = match.end()
    kept.append(content[cursor:])
    rest = " ".join(kept)
    if former and not content_words(rest):
        # "We replaced the roof": the object is all it says, a thing done, not a value
        return content, ()
    return rest, tuple(former)


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
