"""Narrow hotfixes for integrations that are later rewritten.

Models source 000's junk-drawer scene: "the top hit is a one-line hotfix someone logged
last March for a vendor integration that's since been rewritten twice. It ranks above the
durable principle ... because the hotfix was recalled more recently". Each integration
gets a workaround (role ``hotfix``, kind ``fact``, generality 0) logged 1-3 times by
different agents, and is a *hot* subject for background recall while the workaround is
live, so the hotfix builds a recall history. Later a ``rewrite`` write (generality 1)
says the integration was rewritten and the workaround is unnecessary; from then on the
subject cools to a tenth of its recall rate, so the stale hotfix's last recall recedes
into the past -- the "hotfix recalled last March" the source opens with.

Truth: before the rewrite every hotfix statement is correct; after it the rewrite is
correct and the hotfixes are stale.
"""

from __future__ import annotations

from datetime import datetime

from evaluation.simulator.core import TenantSim, Timeline, Truth
from evaluation.simulator.roles import HOTFIX, REWRITE

COOL_FACTOR = 0.1


def generate(sim: TenantSim) -> None:
    rng = sim.rng("hotfixes")
    for spec in sim.pack.integrations:
        name = sim.subject_name("hotfix", spec.slug)
        first = rng.uniform(0.03 * sim.days, 0.3 * sim.days)
        rewrite_day = min(first + rng.uniform(0.25, 0.45) * sim.days, 0.92 * sim.days)
        days = [first] + [rng.uniform(first, rewrite_day) for _ in range(rng.randint(0, 2))]
        hotfixes = Timeline()
        for n, day in enumerate(sorted(days)):
            hotfixes.add(
                sim.write(
                    rng,
                    HOTFIX,
                    name,
                    day=day,
                    content=sim.fill(spec.hotfixes[n % len(spec.hotfixes)]),
                )
            )
        rewrite = sim.write(
            rng, REWRITE, name, day=rewrite_day, content=sim.fill(rng.choice(spec.rewrites))
        )

        def truth(
            at: datetime,
            hotfixes: Timeline = hotfixes,
            rewrite_id: str = rewrite.id,
            rewritten: datetime = rewrite.at,
        ) -> Truth | None:
            live = hotfixes.before(at)
            if not live:
                return None
            if rewritten < at:
                return Truth(correct=frozenset({rewrite_id}), stale=frozenset(live))
            return Truth(correct=frozenset(live))

        sim.add_subject(
            "hotfix",
            name,
            spec,
            truth,
            hotfixes.first,
            popularity="hot",
            cools_at=rewrite.at,
            cool_factor=COOL_FACTOR,
        )
