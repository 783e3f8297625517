"""One lesson re-stated many ways across many runs.

Models source 000's compression failure: "the single insight someone phrased eight ways
across eight runs comes back as eight hits, which the agent reads as overwhelming
agreement when it's really one belief echoing" and "when forty runs all teach the fleet
the same thing ... an ungoverned store holds forty entries". Each lesson of the pack is
restated by the agents' runs (role ``lesson``, mostly kind ``fact``, a fifth
``conversation``; generality 0; no supersession key, so only similarity can find the
echo) through ``evaluation.simulator.phrasing``'s slot templates. At the reference scale
(60 writes a day for 90 days) a lesson gets 8-40 restatements; the count scales with
``writes_per_day * days`` and never drops below ``MIN_RESTATEMENTS``. The first
restatement falls in the first quarter of the run, the rest anywhere after it.

Truth: every restatement written before a question is correct for it (any of them
counts).
"""

from __future__ import annotations

from datetime import datetime

from evaluation.simulator.core import Popularity, TenantSim, Timeline, Truth
from evaluation.simulator.phrasing import restate
from evaluation.simulator.roles import LESSON, LESSON_IN_CONVERSATION

REFERENCE_VOLUME = 60 * 90  # writes_per_day * days at which a lesson gets 8-40 echoes
RESTATEMENTS = (8, 40)
MIN_RESTATEMENTS = 6
CONVERSATION_SHARE = 0.2
HOT_SHARE = 0.4


def restatement_count(sim: TenantSim, base: int) -> int:
    volume = sim.config.writes_per_day * sim.days
    return max(MIN_RESTATEMENTS, round(base * volume / REFERENCE_VOLUME))


def generate(sim: TenantSim) -> None:
    rng = sim.rng("lessons")
    for spec in sim.pack.lessons:
        name = sim.subject_name("lesson", spec.slug)
        count = restatement_count(sim, rng.randint(*RESTATEMENTS))
        first = rng.uniform(0.0, 0.25 * sim.days)
        days = [first, *sorted(rng.uniform(first, sim.days) for _ in range(count - 1))]
        timeline = Timeline()
        for day in days:
            role = LESSON_IN_CONVERSATION if rng.random() < CONVERSATION_SHARE else LESSON
            timeline.add(sim.write(rng, role, name, day=day, content=sim.fill(restate(spec, rng))))

        def truth(at: datetime, timeline: Timeline = timeline) -> Truth | None:
            ids = timeline.before(at)
            return Truth(frozenset(ids)) if ids else None

        popularity: Popularity = "hot" if rng.random() < HOT_SHARE else "normal"
        sim.add_subject("lesson", name, spec, truth, timeline.first, popularity=popularity)
