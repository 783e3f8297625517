"""Background recall traffic with a realistic popularity skew.

Models both sources' "make recall itself a vote" (every retrieval re-stamps an entry as
load-bearing) and the skew that makes it dangerous: what the fleet recalls is dominated
by a few hot subjects, so "the hotfix was recalled more recently and the principle was
logged once, quietly, and never touched again" (source 000). Each tenant's agents make
``recalls_per_day`` recalls a day at random moments; the subject of each follows a Zipf
law over the tenant's subjects (weight ``1 / rank ** ZIPF_S``, s = 1.1). Ranks are dealt
in three bands: *hot* subjects first (live hotfixes and some lessons), then *normal* ones
(state, claims, preferences, the other lessons), *quiet* ones last (principles) and at a
tenth of their Zipf weight, so a principle is recalled a handful of times in a quarter;
each band is shuffled. A hotfix subject cools to a tenth of its weight once its integration is
rewritten, so the stale hotfix keeps the recall history of its hot weeks and little
after. A subject is only recalled once something about it has been written.

``TOOL_OUTPUT_SHARE`` of the recalls ask about a tool output of the last day
("order #10423 status"), the short-lived interest tool outputs get.

The recall text is one of the subject's cues: terse, as agents type them, and never the
evaluation question itself.
"""

from __future__ import annotations

import numpy as np

from evaluation.fleet import SimRecall
from evaluation.simulator.core import Subject, TenantSim
from evaluation.simulator.tool_outputs import ToolOutputs

ZIPF_S = 1.1
QUIET_FACTOR = 0.1  # quiet subjects (principles) get a tenth of their Zipf weight
TOOL_OUTPUT_SHARE = 0.1
_BANDS = ("hot", "normal", "quiet")


def zipf_weights(subjects: list[Subject], sim: TenantSim) -> dict[str, float]:
    """Subject name -> base weight, by band then a seeded shuffle."""
    rng = sim.rng("popularity")
    order: list[Subject] = []
    for band in _BANDS:
        members = sorted((s for s in subjects if s.popularity == band), key=lambda s: s.name)
        rng.shuffle(members)
        order += members
    return {
        s.name: (QUIET_FACTOR if s.popularity == "quiet" else 1.0) / (rank + 1) ** ZIPF_S
        for rank, s in enumerate(order)
    }


def generate(sim: TenantSim, tools: ToolOutputs) -> list[SimRecall]:
    per_day = sim.config.recalls_per_day
    subjects = sorted(sim.subjects, key=lambda s: (s.first_at, s.name))
    if per_day <= 0 or not subjects:
        return []
    base = zipf_weights(subjects, sim)
    weights = np.array([base[s.name] for s in subjects])
    first_days = np.array([(s.first_at - sim.start).total_seconds() / 86400 for s in subjects])
    cool_days = np.array(
        [
            np.inf if s.cools_at is None else (s.cools_at - sim.start).total_seconds() / 86400
            for s in subjects
        ]
    )
    factors = np.array([s.cool_factor for s in subjects])
    rng = sim.nprng("recalls")
    text_rng = sim.rng("recall-text")
    recalls: list[SimRecall] = []
    for day in range(int(np.ceil(sim.days))):
        times = np.sort(day + rng.random(per_day))
        times = times[times < sim.days]
        tool_draws = rng.random(len(times))
        w = np.where(cool_days <= day, weights * factors, weights)
        cum = np.cumsum(w)
        avail = np.searchsorted(first_days, times, side="left")  # subjects written before t
        picks = rng.random(len(times))
        agents = rng.integers(0, len(sim.agents), len(times)).tolist()
        for t, k_avail, u, tool_u, agent in zip(
            times.tolist(),
            avail.tolist(),
            picks.tolist(),
            tool_draws.tolist(),
            agents,
            strict=True,
        ):
            at = sim.at(t)
            agent_id = sim.agents[agent]
            if tool_u < TOOL_OUTPUT_SHARE and len(tools):
                recent = tools.recent(t)
                if len(recent):
                    k = recent[int(u * len(recent))]
                    recalls.append(
                        SimRecall(
                            sim.tenant, at, tools.cue(k, text_rng), agent_id, tools.subjects[k]
                        )
                    )
                    continue
            if k_avail == 0:
                continue
            idx = int(np.searchsorted(cum[:k_avail], u * cum[k_avail - 1], side="right"))
            subject = subjects[min(idx, k_avail - 1)]
            recalls.append(
                SimRecall(sim.tenant, at, text_rng.choice(subject.cues), agent_id, subject.name)
            )
    return recalls
