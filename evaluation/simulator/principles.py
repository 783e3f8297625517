"""Durable principles that are rarely recalled.

Models source 000's opening failure: "the durable principle that would have solved the
task cleanly ... was logged once, quietly, and never touched again", and its decay rule's
safety clause ("a broad principle is never pruned for being quiet"). Each principle is
written once in the first days (role ``principle``, kind ``fact``, generality 2,
importance 0.8-0.9) and sits at the tail of the recall popularity (``quiet``), so it
gathers few recalls. Questions on its subject have it as the one correct answer.
"""

from __future__ import annotations

from datetime import datetime

from evaluation.simulator.core import TenantSim, Truth
from evaluation.simulator.roles import PRINCIPLE


def generate(sim: TenantSim) -> None:
    rng = sim.rng("principles")
    window = min(2.0, 0.05 * sim.days)
    for spec in sim.pack.principles:
        name = sim.subject_name("principle", spec.slug)
        write = sim.write(
            rng, PRINCIPLE, name, day=rng.uniform(0.0, window), content=sim.fill(spec.text)
        )

        def truth(at: datetime, written: datetime = write.at, wid: str = write.id) -> Truth | None:
            return Truth(frozenset({wid})) if written < at else None

        sim.add_subject("principle", name, spec, truth, write.at, popularity="quiet")
