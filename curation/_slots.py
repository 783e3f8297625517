"""Are two statements about the same subject and slot, with a different value?

The value-difference guard (``values``) says *that* two similar texts disagree on some
value; that alone is not a conflict. "The Lakers last reached the final in 2010" and "the
Lakers last won the cup in 2008" differ in a year but state two different things, and
"Ana plays for Porto" / "Bo plays for Braga" differ in two names because they are about
two people. A conflict (and a supersession) needs one value that changed while the rest
of the statement, its subject and slot, stays the same.

The test works on words, without parsing and without any dataset's wording:
1. Time expressions (years, months, weekdays, "today", the preposition before them) are
   the statement's time context, set apart. The remaining content words (lower-cased,
   lightly stemmed, common function words dropped) are compared; the words only one side
   has, in runs of consecutive content words, are what differs.
2. A run holding a capitalised word or a number is a *value* ("Porto", "$400,000",
   "Pahang FA"); other differing words are wording ("played" / "belonged to"). Exactly one
   value run must differ on each side. Two or more (a subject and a value, or several
   changes at once) is ``DIFFERENT``; none on either side is a restatement or extra
   detail. With no value run at all, a single lower-case run each side is the value
   ("plan is basic" / "plan is pro").
3. The value comes last: English states the subject first and its value after the verb,
   so a changed run followed by a shared name or number ("HMAS Cairns ... operated by the
   Royal Navy" / "HMAS Wollongong ... the Royal Navy") changed the *subject*:
   ``DIFFERENT``. At most two shared plain words may follow (a unit: "4 cats"). A name
   changed on both sides with other changed words after it on both sides was the subject
   too ("rank of Pavel Nakhimov: military governor" / "of Ivan Kozhedub: colonel").
4. The share of wording the two sides hold in common (shared content words over shared
   plus differing wording words) separates a paraphrase of the same claim (``SAME_SLOT``)
   from a looser one (``MAYBE``: a conflict for a curator, never an automatic
   supersession) and from another claim (``DIFFERENT``).
5. Two statements anchored at points in time ("in 2005", "on 3 May") report events; a
   later event does not replace an earlier one (awards, visits): ``DIFFERENT``. A newer
   statement that marks itself as an addition ("also", "another", "as well") adds a value
   to a multi-valued slot: ``DIFFERENT``.

Thresholds are calibrated on labeled pairs built from the shared benchmarks
(``evaluation.benchmarks.pairs``); see docs/evaluation.md.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from difflib import SequenceMatcher
from enum import StrEnum
from functools import cached_property, lru_cache

from curation._values import value_differences

_RSQUO = "\u2019"  # typographic apostrophe


def _wordset(text: str) -> frozenset[str]:
    return frozenset(text.split())


SAME_SLOT_OVERLAP = 0.5
MAYBE_OVERLAP = 0.33
MAX_TRAILING_WORDS = 2
MIN_SHARED_WORDS = 1  # a frame: at least the slot
FRAME_SHARE = 0.34  # shared words are at least this share of each side's words outside its value
VALUE_SHARE = 0.7  # and the value at most this share
_WORD = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|[^\W_][\w'" + _RSQUO + r".-]*[^\W_]|[^\W_]")
_ADDITION = re.compile(r"\b(also|another|as well|in addition|additionally)\b", re.I)
_MONTHS = _wordset(
    """january february march april may june july august september october november december
    jan feb mar apr jun jul aug sep sept oct nov dec"""
)
_TIME_WORDS = _MONTHS | _wordset(
    """monday tuesday wednesday thursday friday saturday sunday today tomorrow yesterday
    tonight now currently recently lately"""
)
_POINT_MARKERS = frozenset({"in", "on", "at", "during"})
_TIME_MARKERS = _POINT_MARKERS | frozenset({"from", "since", "until", "till", "by", "as", "of"})
_STOP = _wordset(
    """a an the of to in on at for from by with and or but is are was were be been being am it
    its this that these those as i me my we our us you your he him his she her they them
    their do does did done has have had having will would can could should may might must
    shall just so than then there here what which who whom whose when where why how not no
    yes also still now very really about into over out up down off again some any all each
    both such only own same too s t don't i'm i've it's that's"""
)


_OPENERS = _STOP | _wordset(
    """please use using ask check set make add remove avoid prefer run try keep send call get
    put move deploy install update upgrade enable disable open close tell see note remember
    per via every most many after before since until once always never often usually
    sometimes if while because although however yes okay ok thanks thank great good sure
    well hi hello hey oh wow actually"""
)


class SlotVerdict(StrEnum):
    SAME_SLOT = "same_slot"
    MAYBE = "maybe"
    DIFFERENT = "different"


@dataclass(frozen=True)
class SlotComparison:
    verdict: SlotVerdict
    older_value: str = ""
    newer_value: str = ""
    overlap: float = 0.0
    reason: str = ""

    @property
    def evidence(self) -> str:
        """One line for events, conflicts and ``explain``."""
        return (
            f"same subject and slot, value {self.older_value!r} -> {self.newer_value!r} "
            f"(wording shared {self.overlap:.2f})"
        )


@dataclass(frozen=True)
class _Word:
    surface: str
    norm: str
    valuelike: bool  # capitalised (not sentence-initial) or holds a digit
    after_break: bool = False  # a time expression or a sentence end came before it


@dataclass(frozen=True)
class _Statement:
    words: tuple[_Word, ...]  # content words in order, time context removed
    point_times: int  # time expressions anchored at a point ("in 2005")
    span_times: int  # other time expressions ("from 2005", "since May")

    @cached_property
    def norms(self) -> frozenset[str]:
        return frozenset(w.norm for w in self.words)


def _stem(word: str) -> str:
    for suffix in ("ing", "ed", "es", "s"):
        if len(word) > len(suffix) + 2 and word.endswith(suffix):
            return word[: -len(suffix)]
    return word


def _is_year(token: str) -> bool:
    return (len(token) == 4 and token.isdigit() and token[:2] in {"19", "20"}) or (
        len(token) == 4 and token.isdigit() and token[0] == "1"
    )


def _is_time(lower: str, following: str | None) -> bool:
    if lower in _TIME_WORDS or _is_year(lower):
        return True
    day = lower.rstrip("stndrh") if lower[:1].isdigit() else ""
    return day.isdigit() and int(day) <= 31 and following in _MONTHS


_BOUNDARY = re.compile(r"[.?!;:\n]")


def _boundary(gap: str, previous: str) -> bool:
    """Punctuation that ends a sentence or clause lies between two words ("D." of an
    initial, "U.S" and the like do not count)."""
    if not _BOUNDARY.search(gap):
        return False
    return not (gap.startswith(".") and len(previous) <= 2 and previous[:1].isupper())


@lru_cache(maxsize=8192)
def _statement(text: str) -> _Statement:
    """Parsed once per text: the pass compares one entry with each of its neighbours."""
    text = unicodedata.normalize("NFKC", text)
    matches = list(_WORD.finditer(text))
    lowers = [m.group(0).lower().strip(".'" + _RSQUO) for m in matches]
    words: list[_Word] = []
    point = span = 0
    pending_break = True
    previous_end, previous = 0, ""
    for n, m in enumerate(matches):
        token, lower = m.group(0), lowers[n]
        initial = n == 0 or _boundary(text[previous_end : m.start()], previous)
        pending_break = pending_break or initial
        previous_end, previous = m.end(), token
        if not lower:
            continue
        following = lowers[n + 1] if n + 1 < len(lowers) else None
        if _is_time(lower, following):
            marker = lowers[n - 1] if n > 0 else ""
            if marker in _POINT_MARKERS:
                point += 1
            elif marker in _TIME_MARKERS or _is_year(lower):
                span += 1
            pending_break = True
            continue
        if lower in _STOP:
            continue
        digit = any(c.isdigit() for c in token)
        # a capitalised word opening a sentence is a name unless it is a common opener
        capital = token[0].isupper() and token != "I" and not (initial and lower in _OPENERS)
        norm = _stem(lower.replace(_RSQUO, "'").removesuffix("'s"))
        words.append(_Word(token.strip(".'" + _RSQUO), norm, digit or capital, pending_break))
        pending_break = False
    return _Statement(tuple(words), point, span)


Run = list[int]  # positions in _Statement.words


def _runs(statement: _Statement, other: frozenset[str]) -> list[Run]:
    """Consecutive content words this side has and the other lacks."""
    runs: list[Run] = []
    current: Run = []
    for k, word in enumerate(statement.words):
        if word.after_break and current:
            runs.append(current)
            current = []
        if word.norm in other:
            if current:
                runs.append(current)
            current = []
        else:
            current.append(k)
    if current:
        runs.append(current)
    return runs


def _value_runs(statement: _Statement, runs: list[Run]) -> list[Run]:
    """Runs holding a name or number; two of them joined only by shared name words in one
    clause are one value ("Inventory of Historic Sites" vs "Register of Historic Places")."""
    words = statement.words
    merged: list[Run] = []
    for run in (r for r in runs if any(words[k].valuelike for k in r)):
        if merged:
            between = words[merged[-1][-1] + 1 : run[0]]
            if (
                all(w.valuelike and not w.after_break for w in between)
                and not words[run[0]].after_break
            ):
                merged[-1] = list(range(merged[-1][0], run[-1] + 1))
                continue
        merged.append(run)
    return merged


def _trailing_ok(statement: _Statement, run: Run, other: frozenset[str]) -> bool:
    """What follows the value is not a shared name or number (then the changed words were
    the subject). Shared names right after the run, in the same clause, finish the value's
    own phrase ("Texas League" / "Pacific Coast League"). A plain lower-case value may be
    followed by at most a couple of shared words (a unit: "is basic now")."""
    words = statement.words
    k = run[-1] + 1
    while k < len(words) and not words[k].after_break and words[k].valuelike:
        k += 1
    after = [w for w in words[k:] if w.norm in other]
    if any(w.valuelike for w in after):
        return False
    named = any(words[i].valuelike for i in run)
    return named or len(after) <= MAX_TRAILING_WORDS


def _differs_after(runs: list[Run], value: Run) -> bool:
    """Another differing run follows the value: on both sides, what changed first was
    the subject ("rank of Pavel Nakhimov: military governor" / "of Ivan Kozhedub:
    colonel")."""
    return any(run[0] > value[-1] for run in runs)


def _text(statement: _Statement, run: Run) -> str:
    return " ".join(statement.words[k].surface for k in run)


def _frame_carries(statement: _Statement, value: Run, shared: int) -> bool:
    """The statement is a frame around one value, not a different sentence: the words
    both sides share make up a good part of what is left without the value (a long name
    in a short statement is still one value), and the value is not nearly all of it."""
    words = len(statement.words)
    return (
        shared >= MIN_SHARED_WORDS
        and shared >= FRAME_SHARE * (words - len(value))
        and len(value) <= VALUE_SHARE * words
    )


def _wording(runs: list[Run], value: Run) -> int:
    """Differing words outside the value: how far the two phrasings are apart."""
    inside = set(value)
    return sum(1 for run in runs for k in run if k not in inside)


def _aligned_runs(a: _Statement, b: _Statement) -> tuple[list[Run], list[Run]] | None:
    """When one side's words all occur in the other, the set difference finds no value on
    that side: the value repeats words of the subject ("CEO of Ralph Lauren Corporation:
    Ralph Lauren" / "...: Stefan Larsson"). Aligning the two word sequences instead finds
    what was replaced in place; only a single replaced stretch counts."""
    matcher = SequenceMatcher(None, [w.norm for w in a.words], [w.norm for w in b.words])
    changed = [op for op in matcher.get_opcodes() if op[0] != "equal"]
    if len(changed) != 1:
        return None
    tag, i1, i2, j1, j2 = changed[0]
    if tag == "replace":
        return [list(range(i1, i2))], [list(range(j1, j2))]
    # a name that grew or shrank at its end ("TV4" / "TV4 Plus"): the value is the whole
    # name, so the stretch must extend a name right before it in the same clause
    start_a, start_b = _name_start(a, i1), _name_start(b, j1)
    if start_a is None or start_b is None or (i1 - start_a) != (j1 - start_b):
        return None
    longer, first, last = (b, j1, j2) if tag == "insert" else (a, i1, i2)
    grown = longer.words[first:last]
    if grown[0].after_break or not all(w.valuelike for w in grown):
        return None  # "port 5433" / "port 5433 in production" adds detail, not a name
    return [list(range(start_a, i2))], [list(range(start_b, j2))]


def _name_start(statement: _Statement, end: int) -> int | None:
    """Where the name ending just before position ``end`` starts (None: no name there)."""
    words = statement.words
    k = end
    while k > 0 and words[k - 1].valuelike and (k == end or not words[k].after_break):
        k -= 1
    return k if k < end else None


def compare_slots(older: str, newer: str) -> SlotComparison:
    """Whether ``newer`` restates ``older``'s subject and slot with another value."""
    a, b = _statement(older), _statement(newer)
    a_norms, b_norms = a.norms, b.norms
    a_runs, b_runs = _runs(a, b_norms), _runs(b, a_norms)
    if bool(a_runs) != bool(b_runs):
        a_runs, b_runs = _aligned_runs(a, b) or (a_runs, b_runs)
    a_values, b_values = _value_runs(a, a_runs), _value_runs(b, b_runs)
    if not a_runs and not b_runs:
        return SlotComparison(SlotVerdict.DIFFERENT, reason="only the time differs")
    # a lower-case value: the one run a side has, opposite a named value ("coast
    # artillery" / "Army Reserve Post"), or opposite another lower-case run when the value
    # guard recognises what differs ("plan is basic" / "pro": a tier); two lower-case
    # words alone are as likely synonyms ("before deploying" / "before releasing")
    if not a_values and not b_values and not value_differences(older, newer):
        return SlotComparison(SlotVerdict.DIFFERENT, reason="no recognised value differs")
    if not a_values and len(a_runs) == 1 and len(b_values) <= 1:
        a_values = a_runs
    if not b_values and len(b_runs) == 1 and len(a_values) == 1:
        b_values = b_runs
    if len(a_values) != 1 or len(b_values) != 1:
        return SlotComparison(
            SlotVerdict.DIFFERENT,
            reason=f"{len(a_values)} and {len(b_values)} values differ (a change is one each)",
        )
    old_value, new_value = _text(a, a_values[0]), _text(b, b_values[0])
    if a.point_times and b.point_times and not (a.span_times or b.span_times):
        return SlotComparison(
            SlotVerdict.DIFFERENT, old_value, new_value, reason="two events at points in time"
        )
    if _ADDITION.search(newer) and not _ADDITION.search(older):
        return SlotComparison(
            SlotVerdict.DIFFERENT, old_value, new_value, reason="the newer adds a value"
        )
    if not (_trailing_ok(a, a_values[0], b_norms) and _trailing_ok(b, b_values[0], a_norms)):
        return SlotComparison(
            SlotVerdict.DIFFERENT, old_value, new_value, reason="a shared value follows: subject"
        )
    if _differs_after(a_runs, a_values[0]) and _differs_after(b_runs, b_values[0]):
        return SlotComparison(
            SlotVerdict.DIFFERENT, old_value, new_value, reason="both differ after the value"
        )
    shared = len(a_norms & b_norms)
    if not _frame_carries(a, a_values[0], shared) or not _frame_carries(b, b_values[0], shared):
        return SlotComparison(
            SlotVerdict.DIFFERENT, old_value, new_value, reason="the value is most of it"
        )
    wording = _wording(a_runs, a_values[0]) + _wording(b_runs, b_values[0])
    overlap = shared / (shared + wording) if shared + wording else 0.0
    if overlap >= SAME_SLOT_OVERLAP:
        verdict = SlotVerdict.SAME_SLOT
    elif overlap >= MAYBE_OVERLAP:
        verdict = SlotVerdict.MAYBE
    else:
        verdict = SlotVerdict.DIFFERENT
    return SlotComparison(verdict, old_value, new_value, round(overlap, 4), "wording shared")


def infers_supersession(
    slot: SlotComparison,
    *,
    keyed: bool,
    older_pinned: bool,
    older_generality: int,
    newer_generality: int,
) -> bool:
    """A same-slot change is confident enough to supersede without a key: ``SAME_SLOT``,
    neither side keyed (keys win: they are supersession's), the older not pinned and not
    broader than the newer (a narrower statement never replaces a principle). Anything
    else is unsure: a conflict for a curator. The pass and the write-time check both ask."""
    return (
        slot.verdict is SlotVerdict.SAME_SLOT
        and not keyed
        and not older_pinned
        and older_generality <= newer_generality
    )
