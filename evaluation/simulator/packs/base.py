"""The shape of a domain pack: the vocabulary one tenant's fleet talks in.

A pack is data, not code. Each spec names one *subject* (the ground-truth grouping the
A/B runner judges "on topic" by) and carries the texts written about it, the natural
questions an evaluator asks about it (``questions``) and the terse cues agents recall it
with in the background (``cues``). Texts may hold entity placeholders (``{customer}``,
``{service}``, ...) that each tenant fills from the pack's pools, so two tenants on the
same pack still talk about different customers, services and vendors; ``{value}`` is the
slot a state, claim or correction fills in.

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


@dataclass(frozen=True)
class PrincipleSpec:
    """A durable, broad rule, written once and rarely recalled."""

    slug: str
    text: str
    questions: tuple[str, ...]
    cues: tuple[str, ...]


@dataclass(frozen=True)
class LessonSpec:
    """One lesson as slots; ``evaluation.simulator.phrasing`` assembles restatements.

    ``conditions`` are clauses that fit after "when"/"if" ("the webhook queue stalls"),
    ``actions`` imperative verb phrases ("drain the dead-letter queue first"),
    ``reasons`` optional trailing clauses ("because ..."). Earlier variants are the
    habitual phrasing and are drawn more often, so some restatements are near-identical.
    """

    slug: str
    conditions: tuple[str, ...]
    actions: tuple[str, ...]
    reasons: tuple[str, ...]
    questions: tuple[str, ...]
    cues: tuple[str, ...]


@dataclass(frozen=True)
class IntegrationSpec:
    """A narrow workaround for an integration (phrasings), and the rewrite that ends it."""

    slug: str
    hotfixes: tuple[str, ...]
    rewrites: tuple[str, ...]
    questions: tuple[str, ...]
    cues: tuple[str, ...]


@dataclass(frozen=True)
class StateSpec:
    """A fact under a supersession key whose ``{value}`` changes over the run."""

    slug: str
    key: str
    phrasings: tuple[str, ...]
    values: tuple[str, ...]
    questions: tuple[str, ...]
    cues: tuple[str, ...]


@dataclass(frozen=True)
class ClaimSpec:
    """A claim stated with one value, later corrected to another by evidence.

    ``evidence`` may name both (``{old}``, ``{new}``): it travels in the contest, not in
    a memory. ``corrections`` state only the new value.
    """

    slug: str
    claim: str
    corrections: tuple[str, ...]
    evidence: str
    values: tuple[str, ...]
    questions: tuple[str, ...]
    cues: tuple[str, ...]


@dataclass(frozen=True)
class PreferenceSpec:
    """A long-lived preference; later echoes re-state it in other words."""

    slug: str
    phrasings: tuple[str, ...]
    questions: tuple[str, ...]
    cues: tuple[str, ...]


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
