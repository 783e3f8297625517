"""Long-lived preferences.

Models source 001's kind-specific half-lives ("use kind-specific half-lives so short-lived
tool outputs fade fast while user preferences persist"; preference half-life 180 days)
and its first common mistake ("a single expiry ... deletes your user's long-term
preferences at the same time as yesterday's search results"). Each preference (role and
kind ``preference``, generality 1, importance 0.7-0.9) is stated in the first third of
the run; some are echoed once later in other words. Every statement written before a
question is correct for it.
"""

from __future__ import annotations

from datetime import datetime

from evaluation.simulator.core import TenantSim, Timeline, Truth
from evaluation.simulator.roles import PREFERENCE

ECHO_PROBABILITY = 0.4


def generate(sim: TenantSim) -> None:
    rng = sim.rng("preferences")
    for spec in sim.pack.preferences:
        name = sim.subject_name("preference", spec.slug)
        first = rng.uniform(0.0, 0.3 * sim.days)
        days = [first]
        if rng.random() < ECHO_PROBABILITY:
            days.append(rng.uniform(first + 0.1 * sim.days, sim.days))
        timeline = Timeline()
        for n, day in enumerate(days):
            phrasing = spec.phrasings[n % len(spec.phrasings)]
            timeline.add(sim.write(rng, PREFERENCE, name, day=day, content=sim.fill(phrasing)))

        def truth(at: datetime, timeline: Timeline = timeline) -> Truth | None:
            ids = timeline.before(at)
            return Truth(frozenset(ids)) if ids else None

        sim.add_subject("preference", name, spec, truth, timeline.first)
