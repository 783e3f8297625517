"""Set G's labelled older/newer pairs: each change of a subject (in one family and across
two), restatements, and negatives that must never read as a change: another entity's
same slot, another slot of the same entity, a multi-valued relation's other value, a
recurring event's later occasion, and a value added to a relation of the same entity."""

from __future__ import annotations

import random
from collections import Counter
from datetime import datetime, timedelta
from functools import cache
from itertools import combinations

from evaluation.holdout.model import LabeledPair, Memory, PairKind, PairLabel, Subject
from evaluation.holdout_g.catalogue import Domain, G, Source, domains
from evaluation.holdout_g.families import Statement, fact_memory, families, render, write
from evaluation.holdout_g.histories import holdout_histories, on, slug

HOLDOUT_SEED = G.seed
RESTATED_AFTER = timedelta(days=21)


def _label(kind: PairKind) -> PairLabel:
    """A change is a positive pair of either family mix, a restatement keeps the value, and
    every other kind is a negative."""
    if kind in ("positive", "cross_family_positive"):
        return "change"
    return "same_value" if kind == "restatement" else "unrelated"


class _Rota:
    """Hands out the families of each kind's pairs in turn, so every kind starts about
    equally often in every family; a cross pair ends in another family."""

    def __init__(self, source: Source) -> None:
        self.names = families(source)
        self.count: Counter[str] = Counter()

    def next(self, kind: str, same: bool) -> tuple[str, str]:
        k, n = self.count[kind], len(self.names)
        self.count[kind] += 1
        older = self.names[k % n]
        return older, older if same else self.names[(k + 1 + (k // n) % (n - 1)) % n]


def _mentions(text: str, name: str) -> bool:
    return name.lower() in text.lower()


def _held_at(subject: Subject, at: datetime) -> int | None:
    """The index of the fact of ``subject`` in effect just before ``at``, if any."""
    before = [n for n, fact in enumerate(subject.facts) if fact.valid_from < at]
    return before[-1] if before else None


def _many_memory(
    family: str, d: Domain, index: int, value: int, at: datetime, source: Source
) -> Memory:
    many = d.many[index]
    text, _ = many.values[value]
    statement = Statement(many.entity, many.label, many.key, text, at, many=True)
    return Memory(
        text=write(family, statement, index + value, source),
        valid_from=at,
        subject_id=f"multi/{d.name}/{slug(many.entity)}/{many.key}",
        value=text,
        is_current=True,
        family=family,
    )


def _event_memory(family: str, d: Domain, index: int, occasion: int, source: Source) -> Memory:
    event = d.events[index]
    name, winner, day = event.occasions[occasion]
    label = f"{name} {event.label}"
    statement = Statement(event.entity, label, f"{event.key} ({name})", winner, on(day))
    return Memory(
        text=write(family, statement, occasion, source),
        valid_from=on(day),
        subject_id=f"event/{d.name}/{slug(event.entity)}",
        value=winner,
        is_current=True,
        family=family,
    )


class _Builder:
    def __init__(self, source: Source) -> None:
        self.source = source
        self.rota = _Rota(source)
        self.rng = random.Random(source.seed)
        self.pairs: list[LabeledPair] = []
        self.subjects = holdout_histories(source)

    def render(self, family: str, subject: Subject) -> list[Memory]:
        return render(family, subject, self.source)

    def add(self, older: Memory, newer: Memory, kind: PairKind, note: str = "") -> None:
        self.pairs.append(LabeledPair(older, newer, _label(kind), kind, note))

    def changes(self) -> None:
        for subject in self.subjects:
            for n in range(len(subject.facts) - 1):
                if subject.facts[n].value == subject.facts[n + 1].value:
                    continue
                for kind in ("positive", "cross_family_positive"):
                    a, b = self.rota.next(kind, same=kind == "positive")
                    older, newer = self.render(a, subject)[n], self.render(b, subject)[n + 1]
                    self.add(older, newer, kind, f"{older.value} -> {newer.value}")

    def restatements(self) -> None:
        for subject in self.subjects:
            last = len(subject.facts) - 1
            chosen = {last, self.rng.randrange(len(subject.facts))}
            for n in sorted(chosen):
                a, b = self.rota.next("restatement", same=False)
                if n < last and subject.facts[n + 1].value == subject.facts[n].value:
                    newer = self.render(b, subject)[n + 1]
                else:
                    at = subject.facts[n].valid_from + RESTATED_AFTER
                    if n < last and subject.facts[n + 1].valid_from <= at:
                        continue
                    newer = fact_memory(b, subject, n, n + 1, at, self.source)
                self.add(self.render(a, subject)[n], newer, "restatement")

    def _unrelated(self, first: Subject, second: Subject, kind: PairKind, same: str) -> None:
        """A memory of ``second`` after the value ``first`` held at that time."""
        for older_subject, newer_subject in ((first, second), (second, first)):
            n = self.rng.randrange(len(newer_subject.facts))
            at = newer_subject.facts[n].valid_from
            held = _held_at(older_subject, at)
            if held is None:
                continue
            a, b = self.rota.next(kind, same=self.rng.random() < 0.3)
            older = self.render(a, older_subject)[held]
            newer = self.render(b, newer_subject)[n]
            if _mentions(newer.text, older_subject.entity) and kind == "cross_subject":
                continue
            note = same if older.value == newer.value else ""
            self.add(older, newer, kind, note or ("same slot" if kind == "cross_subject" else ""))
            return

    def cross_subjects(self) -> None:
        for first, second in combinations(self.subjects, 2):
            if first.domain == second.domain and first.slot == second.slot:
                shared = {f.value for f in first.facts} & {f.value for f in second.facts}
                if shared:
                    self._shared_value(first, second, shared)
                self._unrelated(first, second, "cross_subject", "same value")

    def _shared_value(self, first: Subject, second: Subject, shared: set[str]) -> None:
        """Two entities that held the same value (a coach who moved on): the later one's
        memory must not replace the earlier one's."""
        for value in sorted(shared):
            one = next(n for n, f in enumerate(first.facts) if f.value == value)
            two = next(n for n, f in enumerate(second.facts) if f.value == value)
            (old_s, old_n), (new_s, new_n) = sorted(
                ((first, one), (second, two)), key=lambda p: p[0].facts[p[1]].valid_from
            )
            if old_s.facts[old_n].valid_from == new_s.facts[new_n].valid_from:
                continue
            a, b = self.rota.next("cross_subject", same=False)
            newer = self.render(b, new_s)[new_n]
            if not _mentions(newer.text, old_s.entity):
                self.add(self.render(a, old_s)[old_n], newer, "cross_subject", "same value")

    def other_slots(self) -> None:
        for first, second in combinations(self.subjects, 2):
            if first.domain == second.domain and first.entity == second.entity:
                for _ in range(2):
                    self._unrelated(first, second, "other_slot", "same value, other slot")

    def relations(self) -> None:
        for d in domains(self.source):
            for index, many in enumerate(d.many):
                dated = sorted(range(len(many.values)), key=lambda v: many.values[v][1])
                for x, y in combinations(dated, 2):
                    a, b = self.rota.next("multi_valued", same=self.rng.random() < 0.3)
                    older = _many_memory(a, d, index, x, on(many.values[x][1]), self.source)
                    newer = _many_memory(b, d, index, y, on(many.values[y][1]), self.source)
                    self.add(older, newer, "multi_valued")
            for index, event in enumerate(d.events):
                for x, y in combinations(range(len(event.occasions)), 2):
                    a, b = self.rota.next("recurring_event", same=self.rng.random() < 0.3)
                    note = f"{event.occasions[x][0]} then {event.occasions[y][0]}"
                    older = _event_memory(a, d, index, x, self.source)
                    newer = _event_memory(b, d, index, y, self.source)
                    self.add(older, newer, "recurring_event", note)

    def additions(self) -> None:
        """A value added to a relation of the entity after its slot's current value."""
        for d in domains(self.source):
            for index, many in enumerate(d.many):
                for subject in self.subjects:
                    if subject.domain != d.name or subject.entity != many.entity:
                        continue
                    since = subject.facts[-1].valid_from
                    values = {f.value for f in subject.facts}
                    for v, (value, day) in enumerate(many.values):
                        if on(day) <= since or value in values:
                            continue
                        a, b = self.rota.next("addition", same=False)
                        older = self.render(a, subject)[-1]
                        self.add(
                            older, _many_memory(b, d, index, v, on(day), self.source), "addition"
                        )


@cache
def holdout_pairs(source: Source = G) -> tuple[LabeledPair, ...]:
    builder = _Builder(source)
    builder.changes()
    builder.restatements()
    builder.cross_subjects()
    builder.other_slots()
    builder.relations()
    builder.additions()
    return tuple(builder.pairs)
