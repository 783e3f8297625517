"""Claims later refuted by evidence.

Models source 000's contradiction failure: "a claim later proven wrong keeps getting
retrieved as fact, because writing the contradiction somewhere else never demoted the
original", and its remedy ("when evidence contradicts a principle, the store attaches the
conflict to that principle -- the contradicting claim, its evidence, and a timestamp").
Each claim (role ``claim``, kind ``fact``, generality 1, no supersession key) states a
value; later a correction (role ``correction``) states a different one -- a different
city, number, name or identifier, so ``curation._values.value_differences`` sees the
disagreement -- and at the same moment (two minutes later, so a replay writes first) an
agent reports the evidence against the claim as a ``SimContest``.

Truth: before the correction nobody can know better and no question is asked; after it
the correction is correct and the claim is refuted.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from evaluation.fleet import SimContest
from evaluation.simulator.core import TenantSim, Truth
from evaluation.simulator.roles import CLAIM, CORRECTION

CONTEST_DELAY = timedelta(minutes=2)


def generate(sim: TenantSim) -> None:
    rng = sim.rng("claims")
    for spec in sim.pack.claims:
        name = sim.subject_name("claim", spec.slug)
        old, new = rng.sample(spec.values, 2)
        claim_day = rng.uniform(0.02 * sim.days, 0.4 * sim.days)
        fix_day = min(claim_day + rng.uniform(0.2, 0.45) * sim.days, 0.95 * sim.days)
        claim = sim.write(rng, CLAIM, name, day=claim_day, content=sim.fill(spec.claim, value=old))
        correction = sim.write(
            rng,
            CORRECTION,
            name,
            day=fix_day,
            content=sim.fill(rng.choice(spec.corrections), value=new),
        )
        sim.contests.append(
            SimContest(
                tenant=sim.tenant,
                at=correction.at + CONTEST_DELAY,
                memory_id=claim.id,
                claim=claim.content,
                evidence=sim.fill(spec.evidence, old=old, new=new),
                source=correction.agent_id,
            )
        )

        def truth(
            at: datetime,
            claim_id: str = claim.id,
            fix_id: str = correction.id,
            fixed: datetime = correction.at,
        ) -> Truth | None:
            if fixed >= at:
                return None
            return Truth(correct=frozenset({fix_id}), refuted=frozenset({claim_id}))

        sim.add_subject("claim", name, spec, truth, claim.at)
