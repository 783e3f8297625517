"""Set F's labelled older/newer pairs: true changes, restatements, and negatives that must
never be read as a change.

Each kind's pairs take their older memory's family in turn, so every family starts about
as many pairs of a kind as any other. Negatives: another entity's value of the same slot
(a shared value, any value, and a near twin written with the very same template), another
slot of the same entity, two values of a multi-valued relation, two occasions of a
recurring event, and a relation's value added after an entity's current slot value.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from functools import cache
from itertools import combinations, permutations

from evaluation.holdout.model import Fact, LabeledPair, Memory, PairKind, Subject
from evaluation.holdout_f.catalogue import domains
from evaluation.holdout_f.domains import Domain
from evaluation.holdout_f.families import (
    event_id,
    event_memory,
    fact_memory,
    fact_variant,
    families,
    relation_id,
    relation_memory,
    render,
)
from evaluation.holdout_f.histories import holdout_histories
from evaluation.holdout_f.seed import HOLDOUT_SEED, stable_index

__all__ = ["HOLDOUT_SEED", "holdout_pairs"]

SERIES_START = datetime(2024, 2, 5, 10, 30, tzinfo=UTC)
SERIES_STEP = timedelta(days=41)
RESTATED_AFTER_LAST = timedelta(days=60)


class _Turns:
    """Hands out families in turn, one count per pair kind."""

    def __init__(self) -> None:
        self.count: dict[PairKind, int] = defaultdict(int)

    def next(self, kind: PairKind) -> tuple[str, int]:
        n = self.count[kind]
        self.count[kind] += 1
        return families()[n % len(families())], n


def _other_family(family: str, n: int) -> str:
    """A family other than ``family``, a different one as ``n`` grows."""
    names = families()
    shift = 1 + (n // len(names)) % (len(names) - 1)
    return names[(names.index(family) + shift) % len(names)]


def _changes(subjects: tuple[Subject, ...], turns: _Turns) -> Iterator[LabeledPair]:
    for subject in subjects:
        for n in range(len(subject.facts) - 1):
            if subject.facts[n].value == subject.facts[n + 1].value:
                continue
            family, _ = turns.next("positive")
            same = render(family, subject)
            yield LabeledPair(same[n], same[n + 1], "change", "positive")
            family, turn = turns.next("cross_family_positive")
            other = _other_family(family, turn)
            newer = render(other, subject)[n + 1]
            yield LabeledPair(render(family, subject)[n], newer, "change", "cross_family_positive")


def _restatements(subjects: tuple[Subject, ...], turns: _Turns) -> Iterator[LabeledPair]:
    """Every other fact said again, in a family in turn, before anything replaces it."""
    for subject in subjects:
        facts = subject.facts
        for n in range(0, len(facts), 2):
            family, turn = turns.next("restatement")
            older = render(family, subject)[n]
            until = facts[n + 1].valid_from if n + 1 < len(facts) else older.valid_from
            if n + 1 == len(facts):
                until += RESTATED_AFTER_LAST
            again = families()[(turn + turn // len(families())) % len(families())]
            newer = fact_memory(
                again,
                subject,
                n,
                previous=facts[n].value,
                at=older.valid_from + (until - older.valid_from) / 2,
                variant=fact_variant(subject, again, n) + 1,
            )
            yield LabeledPair(older, newer, "same_value", "restatement")


def _latest_before(facts: tuple[Fact, ...], moment: datetime) -> int | None:
    earlier = [n for n, fact in enumerate(facts) if fact.valid_from < moment]
    return earlier[-1] if earlier else None


def _pair(
    kind: PairKind, turns: _Turns, older: tuple[Subject, int], newer: tuple[Subject, int]
) -> LabeledPair:
    """Two facts' memories in one family (a store holds one), labelled unrelated."""
    family, _ = turns.next(kind)
    (a, i), (b, j) = older, newer
    first, second = render(family, a)[i], render(family, b)[j]
    same = first.value == second.value
    if kind == "cross_subject":
        note = "same value" if same else "same slot"
    else:
        note = "same value, other slot" if same else "other slot"
    return LabeledPair(first, second, "unrelated", kind, note)


def _cross_subject(subjects: tuple[Subject, ...], turns: _Turns) -> Iterator[LabeledPair]:
    """Another entity's value of the same slot: each entity's latest value against the
    next entity's current one, and every value two entities share, older first."""
    by_slot: dict[tuple[str, str], list[Subject]] = defaultdict(list)
    for subject in subjects:
        by_slot[subject.domain, subject.slot].append(subject)
    for group in by_slot.values():
        if len(group) < 2:
            continue
        for k, a in enumerate(group):
            b = group[(k + 1) % len(group)]
            last = len(b.facts) - 1
            n = _latest_before(a.facts, b.facts[last].valid_from)
            if n is not None and a.facts[n].value != b.facts[last].value:
                yield _pair("cross_subject", turns, (a, n), (b, last))
        for a, b in permutations(group, 2):
            for i, j in _shared_values(a, b):
                yield _pair("cross_subject", turns, (a, i), (b, j))


def _mode(subject: Subject, n: int) -> str:
    if n == 0:
        return "first"
    return "still" if subject.facts[n - 1].value == subject.facts[n].value else "change"


def _twin_memory(family: str, subject: Subject, n: int, variant: int) -> Memory:
    previous = subject.facts[n - 1].value if n else None
    at = subject.facts[n].valid_from
    return fact_memory(family, subject, n, previous=previous, at=at, variant=variant)


def _template_twins(subjects: tuple[Subject, ...], turns: _Turns) -> Iterator[LabeledPair]:
    """A near twin's fact written with the very template of the older twin's fact."""
    by_key = {(s.domain, s.entity, s.slot): s for s in subjects}
    for d in domains():
        for x, y in d.twins:
            for slot in d.slots:
                if (d.name, x, slot.name) not in by_key or (d.name, y, slot.name) not in by_key:
                    continue
                sx, sy = by_key[d.name, x, slot.name], by_key[d.name, y, slot.name]
                for n in range(min(len(sx.facts), len(sy.facts))):
                    if _mode(sx, n) != _mode(sy, n):
                        continue
                    a, b = (sx, sy) if sx.facts[n].valid_from < sy.facts[n].valid_from else (sy, sx)
                    family, _ = turns.next("cross_subject")
                    variant = fact_variant(a, family, n)
                    older = _twin_memory(family, a, n, variant)
                    newer = _twin_memory(family, b, n, variant)
                    yield LabeledPair(older, newer, "unrelated", "cross_subject", "template twin")


def _shared_values(a: Subject, b: Subject) -> Iterator[tuple[int, int]]:
    """Facts of ``a`` and later facts of ``b`` that hold the same value."""
    for i, fa in enumerate(a.facts):
        for j, fb in enumerate(b.facts):
            if fa.value == fb.value and fa.valid_from < fb.valid_from:
                yield i, j


def _other_slots(subjects: tuple[Subject, ...], turns: _Turns) -> Iterator[LabeledPair]:
    """Another slot of the same entity: each of its values against the latest earlier value
    of this slot, and a value both slots hold (one person as primary, then as manager)."""
    by_entity: dict[tuple[str, str], list[Subject]] = defaultdict(list)
    for subject in subjects:
        by_entity[subject.domain, subject.entity].append(subject)
    for group in by_entity.values():
        for a, b in permutations(group, 2):
            for j, fact in enumerate(b.facts):
                n = _latest_before(a.facts, fact.valid_from)
                if n is not None and a.facts[n].value != fact.value:
                    yield _pair("other_slot", turns, (a, n), (b, j))
            for i, j in _shared_values(a, b):
                yield _pair("other_slot", turns, (a, i), (b, j))


def _series_time(index: int) -> datetime:
    return SERIES_START + index * SERIES_STEP


def _series(turns: _Turns) -> Iterator[LabeledPair]:
    """Two values of a multi-valued relation, two occasions of a recurring event: one pair
    of each per family and domain, the newer in the next families in turn."""
    for offset, d in enumerate(domains()):
        relation_pairs = list(combinations(range(len(d.multi.values)), 2))
        event_pairs = list(combinations(range(len(d.event.occasions)), 2))
        for _ in families():
            family, n = turns.next("multi_valued")
            i, j = relation_pairs[n % len(relation_pairs)]
            newer_family = families()[(n + offset + 1) % len(families())]
            yield LabeledPair(
                _relation(family, d, i),
                _relation(newer_family, d, j),
                "unrelated",
                "multi_valued",
            )
            family, n = turns.next("recurring_event")
            i, j = event_pairs[n % len(event_pairs)]
            newer_family = families()[(n + offset + 2) % len(families())]
            occasions = d.event.occasions
            yield LabeledPair(
                _event(family, d, i),
                _event(newer_family, d, j),
                "unrelated",
                "recurring_event",
                f"{occasions[i].name} then {occasions[j].name}",
            )


def _relation(family: str, d: Domain, index: int, at: datetime | None = None) -> Memory:
    variant = stable_index(relation_id(d), family) + index
    return relation_memory(family, d, index, at or _series_time(index), variant)


def _event(family: str, d: Domain, index: int) -> Memory:
    variant = stable_index(event_id(d), family) + index
    return event_memory(family, d, index, _series_time(index), variant)


def _additions(subjects: tuple[Subject, ...], turns: _Turns) -> Iterator[LabeledPair]:
    """A relation's value of an entity, said after that entity's current slot value."""
    for offset, d in enumerate(domains()):
        own = [s for s in subjects if s.domain == d.name and s.entity == d.multi.entity]
        for k in range(len(families())):
            family, n = turns.next("addition")
            subject = own[k % len(own)]
            older = render(family, subject)[-1]
            newer_family = families()[(n + offset + 3) % len(families())]
            at = older.valid_from + timedelta(days=5 + k)
            newer = _relation(newer_family, d, k % len(d.multi.values), at)
            yield LabeledPair(older, newer, "unrelated", "addition")


@cache
def holdout_pairs() -> tuple[LabeledPair, ...]:
    """Every labelled pair of the set, kind by kind."""
    subjects = holdout_histories()
    turns = _Turns()
    return (
        *_changes(subjects, turns),
        *_restatements(subjects, turns),
        *_cross_subject(subjects, turns),
        *_template_twins(subjects, turns),
        *_other_slots(subjects, turns),
        *_series(turns),
        *_additions(subjects, turns),
    )
