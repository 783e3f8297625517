"""State facts under supersession keys whose value changes.

Models source 001's opening story (the agent "confidently telling customers about a
pricing tier we had retired two months earlier") and its cheapest fix ("supersession keys
are the cheapest way to eliminate stale facts"; "when a new fact is highly similar to an
older one but the content differs, for example plan names or dates, flag the older one
as superseded"). Each slot of the pack -- a plan tier, a deployment status, a price, a
date, a limit -- gets an initial value early on and 1 to ``1 + days // 30`` changes later,
each a new write (role ``state``, kind ``fact``, generality 1) under the same key with a
value never used before for that key. A value is sometimes re-confirmed in other words
before it changes again. With ``FleetConfig.key_share`` below 1 ("sparse keys") only that
share of the writes carries the key; the rest rely on the store's key-less inference.

Truth at a moment: the writes stating the latest value are correct; every write of an
earlier value is stale.
"""

from __future__ import annotations

from bisect import bisect_left
from datetime import datetime

from evaluation.simulator.core import TenantSim, Truth
from evaluation.simulator.roles import STATE

RECONFIRM_PROBABILITY = 0.3


def generate(sim: TenantSim) -> None:
    rng = sim.rng("state")
    # its own stream, so the default fleet (every change keyed) is the same as before
    keys_rng = sim.rng("state-keys")
    for spec in sim.pack.states:
        name = sim.subject_name("state", spec.slug)
        key = sim.fill(spec.key).lower().replace(" ", "-")
        max_changes = max(1, min(len(spec.values) - 1, 1 + int(sim.days) // 30))
        changes = rng.randint(1, max_changes)
        first = rng.uniform(0.0, 0.15 * sim.days)
        change_days = sorted(
            rng.uniform(first + 0.05 * sim.days, 0.97 * sim.days) for _ in range(changes)
        )
        values = rng.sample(spec.values, changes + 1)
        starts = [first, *change_days]
        ends = [*change_days, sim.days]
        events: list[tuple[datetime, str, int]] = []  # (at, id, value index)
        for v, (start, end) in enumerate(zip(starts, ends, strict=True)):
            days = [start]
            if end - start > 2.0 and rng.random() < RECONFIRM_PROBABILITY:
                days.append(rng.uniform(start + 1.0, end - 0.5))
            phrasings = rng.sample(spec.phrasings, len(spec.phrasings))
            for n, day in enumerate(days):
                write = sim.write(
                    rng,
                    STATE,
                    name,
                    day=day,
                    content=sim.fill(phrasings[n % len(phrasings)], value=values[v]),
                    key=key if keys_rng.random() < sim.config.key_share else None,
                )
                events.append((write.at, write.id, v))
        events.sort()
        times = [e[0] for e in events]

        def truth(
            at: datetime,
            events: list[tuple[datetime, str, int]] = events,
            times: list[datetime] = times,
        ) -> Truth | None:
            seen = events[: bisect_left(times, at)]
            if not seen:
                return None
            current = seen[-1][2]
            return Truth(
                correct=frozenset(i for _, i, v in seen if v == current),
                stale=frozenset(i for _, i, v in seen if v != current),
            )

        sim.add_subject("state", name, spec, truth, times[0])
