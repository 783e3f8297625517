"""One pair of statements: the same subject and slot with another value (a change), the same
value, or apart.

The two content sequences are aligned; one substitution is a change of value unless the
grammar, the form or the values around it say the replaced stretch is a subject or another
slot. Each such reason is named, because the curator reads it as the evidence."""

from __future__ import annotations

from dataclasses import dataclass
from difflib import SequenceMatcher
from enum import StrEnum
from functools import lru_cache

from curation._change.owners import content_words
from curation._change.statement import Statement, _stated, read_statement
from curation._change.words import (
    _capitalised_inside,
    _continues_a_name,
    _is_code,
    _name_like,
    identifiers,
    twins,
)

MAX_INSERTED_SHARE = 0.5  # inserted (wording) words at most this share of the shared ones


MAX_VALUE_SHARE = 0.6  # a stretch replacing most of a statement replaced its subject too


MIN_FRAME_SHARE = 0.5  # shared words at least this share of each side outside its value


def _name_other_things(first: Statement, second: Statement) -> bool:
    """Each names a near-twin of an identifier the other names: two things, whatever else
    they share ("search-svc" is not a vaguer "search-svc-eu")."""
    return twins(identifiers(first.text), identifiers(second.text))


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


ANOTHER_NAME = "each names an identifier the other does not"


NAMES_BESIDE = "besides the value, each names something the other does not"


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
