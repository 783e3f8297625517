"""The shape of a domain pack: the vocabulary one tenant's fleet talks in, and its loader.

A pack is data, not code: ``<name>.json`` beside this module holds one pack, each spec a
JSON object of the fields below (lists for tuples); ``load_pack`` types it. Each spec
names one *subject* (the ground-truth grouping the A/B runner judges "on topic" by) and
carries the texts written about it, the natural questions an evaluator asks about it
(``questions``) and the terse cues agents recall it with in the background (``cues``).
Texts may hold entity placeholders (``{customer}``, ``{service}``, ...) that each tenant
fills from the pack's pools, so two tenants on the same pack still talk about different
customers, services and vendors; ``{value}`` is the slot a state, claim or correction
fills in.

Writing rules that keep the ground truth honest (checked by the tests through
``curation._values.value_differences``):
- restatements of one lesson state no numbers, dates, identifiers, tiers or negations and
  at most one proper name, so paraphrases never look like a disagreement on a value;
- every value of a state or claim carries a value the curation engine can compare (a
  number, money, a date, a tier, a name, an identifier), and no text of a claim's
  correction repeats the value it corrects;
- different subjects of one pack are about different things, so they are not
  near-duplicates of each other.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from evaluation.tables import read_record


@dataclass(frozen=True)
class SubjectSpec:
    """What every spec of a subject carries: its slug (the subject's name in its family,
    placeholders allowed), the natural questions an evaluator asks about it and the terse
    cues agents recall it with."""

    slug: str
    questions: tuple[str, ...]
    cues: tuple[str, ...]


@dataclass(frozen=True)
class PrincipleSpec(SubjectSpec):
    """A durable, broad rule, written once and rarely recalled."""

    text: str


@dataclass(frozen=True)
class LessonSpec(SubjectSpec):
    """One lesson as slots; ``evaluation.simulator.phrasing`` assembles restatements.

    ``conditions`` are clauses that fit after "when"/"if" ("the webhook queue stalls"),
    ``actions`` imperative verb phrases ("drain the dead-letter queue first"),
    ``reasons`` optional trailing clauses ("because ..."). Earlier variants are the
    habitual phrasing and are drawn more often, so some restatements are near-identical.
    """

    conditions: tuple[str, ...]
    actions: tuple[str, ...]
    reasons: tuple[str, ...]


@dataclass(frozen=True)
class IntegrationSpec(SubjectSpec):
    """A narrow workaround for an integration (phrasings), and the rewrite that ends it."""

    hotfixes: tuple[str, ...]
    rewrites: tuple[str, ...]


@dataclass(frozen=True)
class StateSpec(SubjectSpec):
    """A fact under a supersession key whose ``{value}`` changes over the run."""

    key: str
    phrasings: tuple[str, ...]
    values: tuple[str, ...]


@dataclass(frozen=True)
class ClaimSpec(SubjectSpec):
    """A claim stated with one value, later corrected to another by evidence.

    ``evidence`` may name both (``{old}``, ``{new}``): it travels in the contest, not in
    a memory. ``corrections`` state only the new value.
    """

    claim: str
    corrections: tuple[str, ...]
    evidence: str
    values: tuple[str, ...]


@dataclass(frozen=True)
class PreferenceSpec(SubjectSpec):
    """A long-lived preference; later echoes re-state it in other words."""

    phrasings: tuple[str, ...]


@dataclass(frozen=True)
class ToolOutputSpec:
    """High-volume tool output about one reference (``{ref}``); fields fill the rest.

    ``fields`` maps a placeholder to the values it draws from; ``followups`` are later
    outputs about the same reference (a status update), ``questions``/``cues`` ask about
    one reference ("What's the status of order #{ref}?").
    """

    noun: str
    templates: tuple[str, ...]
    followups: tuple[str, ...]
    fields: dict[str, tuple[str, ...]]
    questions: tuple[str, ...]
    cues: tuple[str, ...]
    first_ref: int = 10_000


@dataclass(frozen=True)
class DomainPack:
    name: str
    entities: dict[str, tuple[str, ...]]  # pool name -> candidates
    principles: tuple[PrincipleSpec, ...]
    lessons: tuple[LessonSpec, ...]
    integrations: tuple[IntegrationSpec, ...]
    states: tuple[StateSpec, ...]
    claims: tuple[ClaimSpec, ...]
    preferences: tuple[PreferenceSpec, ...]
    tool_outputs: tuple[ToolOutputSpec, ...]


def load_pack(name: str) -> DomainPack:
    """The pack written in ``<name>.json`` beside this module."""
    return read_record(Path(__file__).with_name(f"{name}.json"), DomainPack)
