"""Evaluation questions at checkpoints, with the truth of the moment.

Every ``checkpoint_every_days`` (day c, 2c, ... up to ``days``, at the fleet's start
hour) each tenant is asked ``queries_per_checkpoint`` questions, dealt round-robin over
the role families that have something to ask about at that moment -- state, hotfix (and
its rewrite), claim (and its correction), lesson, principle, preference -- in a shuffled
order, and within a family over its subjects in a shuffled cycle, so every family and
most subjects are probed. When a checkpoint asks at least ``TOOL_QUERY_MIN`` questions
and a tool output was written during the last day, one of them is an explicit "status of
order #N" question.

A question is a natural one about its subject (``Subject.questions``), never a copy of a
memory. Its ground truth comes from the subject's ``truth(at)``: ids correct at that
moment, stale ones (superseded by the world), refuted ones (evidence turned against
them), all written strictly before the question.
"""

from __future__ import annotations

from collections import defaultdict
from itertools import cycle

from evaluation.fleet import SimQuery
from evaluation.simulator.core import Subject, TenantSim, Truth
from evaluation.simulator.tool_outputs import ToolOutputs

MAIN_FAMILIES = ("state", "hotfix", "claim", "lesson", "principle", "preference")
TOOL_QUERY_MIN = 8


def checkpoints(sim: TenantSim) -> list[float]:
    every = sim.config.checkpoint_every_days
    return [float(c) for c in range(every, int(sim.days) + 1, every)]


def generate(sim: TenantSim, tools: ToolOutputs) -> list[SimQuery]:
    per_checkpoint = sim.config.queries_per_checkpoint
    if per_checkpoint <= 0:
        return []
    rng = sim.rng("queries")
    by_family: dict[str, list[Subject]] = defaultdict(list)
    for subject in sorted(sim.subjects, key=lambda s: s.name):
        by_family[subject.family].append(subject)
    queries: list[SimQuery] = []

    def add(at_day: float, text: str, subject: str, truth: Truth, family: str) -> None:
        queries.append(
            SimQuery(
                id=sim.query_id(len(queries)),
                tenant=sim.tenant,
                at=sim.at(at_day),
                query=text,
                subject=subject,
                correct_ids=truth.correct,
                stale_ids=truth.stale,
                refuted_ids=truth.refuted,
                kind=family,
            )
        )

    for day in checkpoints(sim):
        at = sim.at(day)
        budget = per_checkpoint
        recent = tools.recent(day) if len(tools) else range(0)
        if per_checkpoint >= TOOL_QUERY_MIN and len(recent):
            k = recent[rng.randrange(len(recent))]
            add(day, tools.question(k, rng), tools.subjects[k], tools.truth(k, day), "tool_output")
            budget -= 1
        askable: dict[str, list[tuple[Subject, Truth]]] = {}
        for family in MAIN_FAMILIES:
            pairs = [(s, t) for s in by_family.get(family, []) if (t := s.truth(at)) is not None]
            if pairs:
                rng.shuffle(pairs)
                askable[family] = pairs
        if not askable:
            continue
        families = list(askable)
        rng.shuffle(families)
        cursors = {f: cycle(askable[f]) for f in families}
        for n in range(budget):
            family = families[n % len(families)]
            subject, truth = next(cursors[family])
            add(day, rng.choice(subject.questions), subject.name, truth, family)
    return queries
