"""High-volume, short-lived tool outputs with reference numbers.

Models source 001's first rot mechanism ("raw tool outputs (API responses, search
results, file listings)" written constantly; "five slightly different versions of the
same weather lookup from five different days"; "summarize or key tool outputs before they
are stored") and its 6-hour tool-output half-life. Whatever ``writes_per_day * days``
leaves after the other generators is spent here (role and kind ``tool_output``,
generality 0, importance 0.2-0.4), spread uniformly over the run: order lookups, ticket
triage, CI jobs, builds, quotes, sync runs, DAG runs, data checks. Every output names
its own reference number ("order #10423", "job 50211"), which the curation engine reads
as a distinct subject, so outputs are near-duplicates in wording but never one belief.
About a fifth of the references get a follow-up output hours later (a status update).

They are noise for every other question. The only questions they answer are explicit
"status of order #N" questions asked within a day of the output (``ToolOutputs``):
the latest output about that reference is correct, an earlier one stale.

Generation is vectorised (numpy draws, one pass of string formatting), so a million
outputs take seconds, not minutes.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import timedelta

import numpy as np
import numpy.typing as npt

from evaluation.fleet import SimWrite
from evaluation.simulator.core import TenantSim, Truth, slugify
from evaluation.simulator.packs.base import ToolOutputSpec

IMPORTANCE = (0.2, 0.4)
FOLLOWUP_SHARE = 0.2  # follow-ups per primary output
FOLLOWUP_DELAY_HOURS = (0.5, 12.0)
RECENT_DAYS = 1.0  # "shortly after": how old an output a status question may ask about
_DRAWS = 8  # random columns per output: template choice + up to 7 fields


@dataclass
class ToolOutputs:
    """Index of one tenant's primary outputs, for status questions and recalls."""

    specs: tuple[ToolOutputSpec, ...]
    days: npt.NDArray[np.float64] = field(default_factory=lambda: np.zeros(0))
    ids: list[str] = field(default_factory=list)
    subjects: list[str] = field(default_factory=list)
    spec_of: list[int] = field(default_factory=list)
    refs: list[int] = field(default_factory=list)
    followups: dict[int, tuple[float, str]] = field(default_factory=dict)

    def __len__(self) -> int:
        return len(self.ids)

    def recent(self, day: float, window: float = RECENT_DAYS) -> range:
        """Primary outputs written in [day - window, day)."""
        lo = int(np.searchsorted(self.days, day - window, side="left"))
        hi = int(np.searchsorted(self.days, day, side="left"))
        return range(lo, hi)

    def truth(self, k: int, day: float) -> Truth:
        follow = self.followups.get(k)
        if follow is not None and follow[0] < day:
            return Truth(correct=frozenset({follow[1]}), stale=frozenset({self.ids[k]}))
        return Truth(correct=frozenset({self.ids[k]}))

    def question(self, k: int, rng: random.Random) -> str:
        return rng.choice(self.specs[self.spec_of[k]].questions).format(ref=self.refs[k])

    def cue(self, k: int, rng: random.Random) -> str:
        return rng.choice(self.specs[self.spec_of[k]].cues).format(ref=self.refs[k])


Fields = tuple[tuple[str, tuple[str, ...]], ...]


def _text(template: str, fields: Fields, ref: int, row: list[float]) -> str:
    values = {
        name: options[int(row[j + 1] * len(options))] for j, (name, options) in enumerate(fields)
    }
    return template.format(ref=ref, **values)


def generate(sim: TenantSim) -> ToolOutputs:
    specs = sim.pack.tool_outputs
    index = ToolOutputs(specs=specs)
    budget = max(0, round(sim.config.writes_per_day * sim.days) - len(sim.writes))
    if budget == 0 or not specs:
        return index
    rng = sim.nprng("tool_outputs")
    n_follow = int(budget * FOLLOWUP_SHARE / (1 + FOLLOWUP_SHARE))
    n_primary = budget - n_follow
    days = np.sort(rng.random(n_primary) * sim.days)
    spec_idx = rng.integers(0, len(specs), n_primary)
    refs = np.zeros(n_primary, dtype=np.int64)
    for s, spec in enumerate(specs):
        mask = spec_idx == s
        refs[mask] = spec.first_ref + np.cumsum(rng.integers(1, 4, int(mask.sum())))
    followers = np.sort(rng.choice(n_primary, n_follow, replace=False))
    low, high = (h / 24 for h in FOLLOWUP_DELAY_HOURS)
    follow_days = np.minimum(days[followers] + rng.uniform(low, high, n_follow), sim.days)
    draws = rng.random((n_primary, _DRAWS)).tolist()
    importance = np.round(rng.uniform(*IMPORTANCE, budget), 3).tolist()
    agents = rng.integers(0, len(sim.agents), budget).tolist()
    slugs = [slugify(spec.noun) for spec in specs]
    fields: list[Fields] = [tuple(spec.fields.items()) for spec in specs]

    def emit(n: int, day: float, k: int, template: str) -> SimWrite:
        write = SimWrite(
            id=sim.new_id(),
            tenant=sim.tenant,
            at=sim.start + timedelta(days=day),
            content=_text(template, fields[spec_of[k]], ref_list[k], draws[k]),
            kind="tool_output",
            role="tool_output",
            subject=subjects[k],
            importance=importance[n],
            generality=0,
            agent_id=sim.agents[agents[n]],
        )
        sim.writes.append(write)
        return write

    spec_of = spec_idx.tolist()
    ref_list = refs.tolist()
    subjects = [f"tool_output:{slugs[s]}-{r}" for s, r in zip(spec_of, ref_list, strict=True)]
    ids: list[str] = []
    for k, day in enumerate(days.tolist()):
        spec = specs[spec_of[k]]
        template = spec.templates[int(draws[k][0] * len(spec.templates))]
        ids.append(emit(k, day, k, template).id)
    followups: dict[int, tuple[float, str]] = {}
    for n, (k, day) in enumerate(zip(followers.tolist(), follow_days.tolist(), strict=True)):
        spec = specs[spec_of[k]]
        if not spec.followups:
            continue
        template = spec.followups[int(draws[k][0] * len(spec.followups))]
        followups[k] = (day, emit(n_primary + n, day, k, template).id)
    index.days, index.ids, index.subjects = days, ids, subjects
    index.spec_of, index.refs, index.followups = spec_of, ref_list, followups
    return index
