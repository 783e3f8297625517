"""Hold-out set E's labelled older/newer pairs: changes (in one family and across two),
restatements, and negatives that must never be read as a change — another entity with the
same slot (near-twin names, shared values), another slot of the same entity (same value or
same number in another unit), a multi-valued relation, a recurring event, an addition."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from functools import cache
from itertools import combinations, permutations

from evaluation.holdout.model import Fact, LabeledPair, Memory, PairKind, PairLabel, Subject
from evaluation.holdout_e.domains import Domain, Slot, domains, slug
from evaluation.holdout_e.families import Mode, fact_memory, families, mode_of, variant_of, write
from evaluation.holdout_e.histories import holdout_histories, rng_for, times
from evaluation.holdout_e.seed import HOLDOUT_SEED

__all__ = ["HOLDOUT_SEED", "holdout_pairs"]

CROSS_PER_DOMAIN = 8  # "same slot" negatives kept per domain, sampled
NUMBER = re.compile(r"^[\d,.]+")

Side = tuple[Subject, int]  # a subject and the index of one of its facts


def _families(n: int) -> tuple[str, str]:
    """The ``n``-th pair's two families: the first goes round the families, the second is
    always another one, every family in both places once in each round."""
    names = families()
    shift = 1 + n // len(names) % (len(names) - 1)
    return names[n % len(names)], names[(n + shift) % len(names)]


def _pair(
    families_: tuple[str, str],
    older: Side,
    newer: Side,
    kind: PairKind,
    note: str = "",
    variant: int | None = None,
) -> LabeledPair:
    """Two facts of the histories, the older in the first family, the newer in the second."""
    label: PairLabel = "change" if kind in ("positive", "cross_family_positive") else "unrelated"
    one, other = families_
    return LabeledPair(
        fact_memory(one, *older, variant=variant),
        fact_memory(other, *newer, variant=variant),
        label,
        kind,
        note,
    )


def _changes() -> Iterator[tuple[Side, Side]]:
    for subject in holdout_histories():
        for n in range(1, len(subject.facts)):
            if subject.facts[n].value != subject.facts[n - 1].value:
                yield (subject, n - 1), (subject, n)


def _positives() -> list[LabeledPair]:
    pairs: list[LabeledPair] = []
    for n, (older, newer) in enumerate(_changes()):
        one, other = _families(n)
        pairs.append(_pair((one, one), older, newer, "positive"))
        pairs.append(_pair((one, other), older, newer, "cross_family_positive"))
    return pairs


def _restatements() -> list[LabeledPair]:
    pairs: list[LabeledPair] = []
    sides = [(s, n) for s in holdout_histories() for n in range(len(s.facts))]
    for count, (subject, n) in enumerate(sides):
        facts = subject.facts
        gap = facts[n + 1].valid_from - facts[n].valid_from if n + 1 < len(facts) else None
        at = facts[n].valid_from + (gap / 2 if gap else timedelta(days=40))
        at = at.replace(second=0, microsecond=0)
        one, other = _families(count)
        older = fact_memory(one, subject, n)
        pairs.append(
            LabeledPair(
                older, fact_memory(other, subject, n, restated_at=at), "same_value", "restatement"
            )
        )
    return pairs


def _mode(subject: Subject, n: int) -> Mode:
    return mode_of(subject.facts[n].value, subject.facts[n - 1].value if n else None)


def _ordered(a: Side, b: Side) -> tuple[Side, Side]:
    return (a, b) if a[0].facts[a[1]].valid_from < b[0].facts[b[1]].valid_from else (b, a)


def _by_slot(home: Domain) -> dict[str, list[Subject]]:
    slots: dict[str, list[Subject]] = {}
    for subject in holdout_histories():
        if subject.domain == home.name:
            slots.setdefault(subject.slot, []).append(subject)
    return slots


def _cross_candidates(home: Domain) -> Iterator[tuple[Side, Side, str, bool]]:
    """(older, newer, note, same template) for two entities sharing a slot."""
    twins = {frozenset(t) for t in home.twins}
    sampled = []
    for subjects in _by_slot(home).values():
        for a, b in permutations(subjects, 2):
            shared = [
                (i, j)
                for i, fa in enumerate(a.facts)
                for j, fb in enumerate(b.facts)
                if fa.value == fb.value and fa.valid_from < fb.valid_from
            ]
            if shared:
                yield (a, shared[0][0]), (b, shared[0][1]), "same value", False
            later = [
                j
                for j, f in enumerate(b.facts)
                if f.valid_from > a.facts[-1].valid_from and f.value != a.current_value
            ]
            if later:
                sampled.append(((a, len(a.facts) - 1), (b, later[0])))
            if frozenset((a.entity, b.entity)) in twins and a.entity < b.entity:
                for n in range(min(len(a.facts), len(b.facts))):
                    if _mode(a, n) != _mode(b, n):
                        continue
                    older, newer = _ordered((a, n), (b, n))
                    same = older[0].facts[older[1]].value == newer[0].facts[newer[1]].value
                    yield older, newer, "same value" if same else "template twin", True
    rng = rng_for("cross", home.name)
    for older, newer in rng.sample(sampled, min(CROSS_PER_DOMAIN, len(sampled))):
        yield older, newer, "same slot", False


def _cross_subject() -> list[LabeledPair]:
    pairs: list[LabeledPair] = []
    candidates = [c for home in domains() for c in _cross_candidates(home)]
    for n, (older, newer, note, twin) in enumerate(candidates):
        one, other = _families(n)
        variant = variant_of(older[0].id, older[1]) if twin else None
        pairs.append(
            _pair((one, one if twin else other), older, newer, "cross_subject", note, variant)
        )
    return pairs


def _slot_note(a: Fact, b: Fact) -> str:
    if a.value == b.value:
        return "same value, other slot"
    first, second = NUMBER.match(a.value), NUMBER.match(b.value)
    if first and second and first.group() == second.group():
        return "same number, other unit"
    return "other slot"


def _other_slot_candidates() -> Iterator[tuple[Side, Side]]:
    """Each fact of a slot after the latest earlier fact of another slot of the same entity,
    and every pair of two slots' facts that share a value or a number."""
    subjects = holdout_histories()
    for a, b in permutations(subjects, 2):
        if a.domain != b.domain or a.entity != b.entity:
            continue
        for j, fb in enumerate(b.facts):
            before = [i for i, fa in enumerate(a.facts) if fa.valid_from < fb.valid_from]
            alike = [
                i
                for i, fa in enumerate(a.facts)
                if fa.valid_from < fb.valid_from and _slot_note(fa, fb) != "other slot"
            ]
            for i in sorted({*before[-1:], *alike}):
                yield (a, i), (b, j)


def _other_slot() -> list[LabeledPair]:
    pairs: list[LabeledPair] = []
    for n, (older, newer) in enumerate(_other_slot_candidates()):
        note = _slot_note(older[0].facts[older[1]], newer[0].facts[newer[1]])
        pairs.append(_pair(_families(n), older, newer, "other_slot", note))
    return pairs


@dataclass(frozen=True)
class Statement:
    """One statement of a multi-valued relation or an event series, before it is worded."""

    where: str
    entity: str
    slot: Slot
    value: str
    at: datetime
    subject_id: str
    variant: int
    mode: Mode

    def worded(self, family: str) -> Memory:
        text = write(
            family,
            self.where,
            self.entity,
            self.slot,
            self.value,
            self.at,
            variant=self.variant,
            mode=self.mode,
        )
        return Memory(text, self.at, self.subject_id, self.value, True, family)


def _statements(home: Domain, kind: str) -> list[Statement]:
    """The relation's statements (``multi`` or ``event``), at times after every fact of
    its entity, so an addition comes after the entity's current values."""
    relation = home.multi if kind == "multi" else home.event
    own = [s for s in holdout_histories() if s.domain == home.name]
    last = max(s.facts[-1].valid_from for s in own if s.entity == relation.entity)
    step = max(home.gap_hours[0], 24.0)
    moments = times(len(relation.values), (step, 2 * step), kind, home.name)
    offset = last - moments[0] + timedelta(days=7)
    subject_id = f"{kind}/{home.name}/{slug(relation.entity)}/{relation.slot.key}"
    statements: list[Statement] = []
    for n, ((occasion, value), at) in enumerate(zip(relation.values, moments, strict=True)):
        slot = relation.slot
        if occasion:
            noun = slot.noun.format(occ=occasion)
            slot = replace(slot, noun=noun, key=f"{slot.key}[{occasion}]")
        mode: Mode = "add" if kind == "multi" else "set"
        variant = variant_of(subject_id, n)
        statements.append(
            Statement(
                home.name, relation.entity, slot, value, at + offset, subject_id, variant, mode
            )
        )
    return statements


def _relations(kind: PairKind) -> list[LabeledPair]:
    """Two statements of one multi-valued relation or event series: both hold."""
    source = "multi" if kind == "multi_valued" else "event"
    pairs: list[LabeledPair] = []
    for home in domains():
        occasions = [o for o, _ in (home.multi if source == "multi" else home.event).values]
        statements = _statements(home, source)
        for i, j in combinations(range(len(statements)), 2):
            n = len(pairs)
            one, other = _families(n)
            note = f"{occasions[i]} then {occasions[j]}" if source == "event" else ""
            older, newer = statements[i].worded(one), statements[j].worded(other)
            pairs.append(LabeledPair(older, newer, "unrelated", kind, note))
    return pairs


def _additions() -> list[LabeledPair]:
    """An entity's current value of a slot, then one more value of its multi relation."""
    pairs: list[LabeledPair] = []
    for home in domains():
        statements = _statements(home, "multi")
        own = [
            s
            for s in holdout_histories()
            if s.domain == home.name and s.entity == home.multi.entity
        ]
        for subject in own:
            for statement in statements:
                n = len(pairs)
                one, other = _families(n)
                older = fact_memory(one, subject, len(subject.facts) - 1)
                pairs.append(LabeledPair(older, statement.worded(other), "unrelated", "addition"))
    return pairs


@cache
def _pairs() -> tuple[LabeledPair, ...]:
    return (
        *_positives(),
        *_restatements(),
        *_cross_subject(),
        *_other_slot(),
        *_relations("multi_valued"),
        *_relations("recurring_event"),
        *_additions(),
    )


def holdout_pairs() -> list[LabeledPair]:
    """Every labelled pair of the set, kind by kind; the same on every run."""
    return list(_pairs())
