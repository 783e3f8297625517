"""The hold-out sets of changing facts as a store workload, run like TimeQA.

A hold-out set (``evaluation/holdout``, ``holdout_b`` … ``holdout_z``, ``holdout_aa``,
``holdout_ab``, ``holdout_ac``: each written apart from the detector; sets ``a`` and ``b`` have
since been read while tuning, ``c`` was run once untuned in session 14; ``d`` to ``ac`` were
written later by helpers who read no detector code; ``g`` to ``ac`` hold real-world facts)
renders every subject's facts in one wording family. Here those memories become the same shape
as TimeQA's (one tenant per domain, so many subjects with the same slot share a store; each fact
written at its validity time, no keys) and every subject's questions ask for the current value;
the TimeQA runner does the rest (raw, heuristic at 0.05 and 0.10, curated).
"""

from __future__ import annotations

import importlib
import uuid
from types import ModuleType

from evaluation.benchmarks.timeqa import ChangingFactQuestion, Fact, Relation, TimeQAData

HOLDOUT_SETS = {"a": "evaluation.holdout", "b": "evaluation.holdout_b", "c": "evaluation.holdout_c"}
HOLDOUT_SETS["d"] = "evaluation.holdout_d"
HOLDOUT_SETS["e"] = "evaluation.holdout_e"
HOLDOUT_SETS["f"] = "evaluation.holdout_f"
HOLDOUT_SETS["g"] = "evaluation.holdout_g"
HOLDOUT_SETS["h"] = "evaluation.holdout_h"
HOLDOUT_SETS["i"] = "evaluation.holdout_i"
HOLDOUT_SETS["j"] = "evaluation.holdout_j"
HOLDOUT_SETS["k"] = "evaluation.holdout_k"
HOLDOUT_SETS["l"] = "evaluation.holdout_l"
HOLDOUT_SETS["m"] = "evaluation.holdout_m"
HOLDOUT_SETS["n"] = "evaluation.holdout_n"
HOLDOUT_SETS["o"] = "evaluation.holdout_o"
HOLDOUT_SETS["p"] = "evaluation.holdout_p"
HOLDOUT_SETS["q"] = "evaluation.holdout_q"
HOLDOUT_SETS["r"] = "evaluation.holdout_r"
HOLDOUT_SETS["s"] = "evaluation.holdout_s"
HOLDOUT_SETS["t"] = "evaluation.holdout_t"
HOLDOUT_SETS["u"] = "evaluation.holdout_u"
HOLDOUT_SETS["v"] = "evaluation.holdout_v"
HOLDOUT_SETS["w"] = "evaluation.holdout_w"
HOLDOUT_SETS["x"] = "evaluation.holdout_x"
HOLDOUT_SETS["y"] = "evaluation.holdout_y"
HOLDOUT_SETS["z"] = "evaluation.holdout_z"
HOLDOUT_SETS["aa"] = "evaluation.holdout_aa"
HOLDOUT_SETS["ab"] = "evaluation.holdout_ab"
HOLDOUT_SETS["ac"] = "evaluation.holdout_ac"
_IDS = uuid.UUID("6c1f3c52-6b0e-4a55-9a43-28a1d0a0b5e1")


class UnknownHoldoutError(ValueError):
    def __init__(self, field: str, value: str, known: list[str]) -> None:
        super().__init__(f"{field}={value!r}: one of {', '.join(known)}")


def holdout_set(name: str) -> ModuleType:
    """The module of hold-out set ``name`` (``HOLDOUT_SETS``)."""
    if name not in HOLDOUT_SETS:
        raise UnknownHoldoutError("set", name, sorted(HOLDOUT_SETS))
    return importlib.import_module(HOLDOUT_SETS[name])


def holdout_families(name: str) -> list[str]:
    return list(holdout_set(name).families())


def holdout_data(name: str, family: str) -> TimeQAData:
    """Set ``name``'s facts written in ``family``, with a question per subject question."""
    module = holdout_set(name)
    if family not in module.families():
        raise UnknownHoldoutError("family", family, list(module.families()))
    facts: dict[str, list[Fact]] = {}
    questions: dict[str, list[ChangingFactQuestion]] = {}
    for subject in module.holdout_histories():
        for n, memory in enumerate(module.render(family, subject)):
            key = f"{name}/{family}/{subject.id}/{n}"
            facts.setdefault(subject.domain, []).append(
                Fact(
                    memory_id=uuid.uuid5(_IDS, key),
                    subject_index=subject.id,
                    subject=subject.entity,
                    relation=subject.domain,
                    start=memory.valid_from.year,
                    end=memory.valid_from.year,
                    answer=memory.value,
                    content=memory.text,
                    at=memory.valid_from,
                )
            )
        current = frozenset({subject.current_value})
        stale = frozenset(subject.stale_values) - current
        questions.setdefault(subject.domain, []).extend(
            ChangingFactQuestion(subject.id, subject.entity, subject.domain, q, current, stale)
            for q in subject.questions
        )
    for domain in facts:
        facts[domain].sort(key=lambda f: (f.at, str(f.memory_id)))
    relations = {d: Relation(d, d, (), pointwise=False) for d in facts}
    return TimeQAData(relations, facts, questions, files=[f"holdout-{name}:{family}"])
