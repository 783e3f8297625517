"""Policy sweep: random search over thresholds, half-lives and ranking weights, each trial
an A/B replay of the same fleet (write embeddings computed once), each a nested MLflow run;
the best policy by decision-quality delta is written as a file a tenant can adopt
(``memgov policy set -t T --file best-policy.json``)."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from curation import CurationPolicy, Database, Embedder, MemoryStore, Mode
from evaluation.ab import ABConfig, run_ab
from evaluation.fleet import Fleet

# The search space: each key a policy field (dotted for nested), each value the choices.
SPACE: dict[str, list[Any]] = {
    "duplicate_threshold.all-MiniLM-L6-v2": [0.82, 0.86, 0.90],
    "contradiction_threshold.all-MiniLM-L6-v2": [0.68, 0.72, 0.78],
    "max_idle_days": [14.0, 30.0, 60.0],
    "prune_below": [0.06, 0.12, 0.2],
    "half_life_hours.fact": [240.0, 1080.0, 2160.0],
    "weights.rank": [0.0, 0.15, 0.3],
    "weights.retention": [0.0, 0.15, 0.3],
    "weights.form": ["multiplicative", "additive"],
    "reinforce_on": ["recall", "feedback"],
}


def apply_choice(base: CurationPolicy, choice: Mapping[str, Any]) -> CurationPolicy:
    data = base.model_dump(mode="json")
    for dotted, value in choice.items():
        target = data
        *path, leaf = dotted.split(".", 1) if dotted.count(".") == 1 else [dotted]
        for part in path:
            target = target[part]
        target[leaf] = value
    return CurationPolicy.model_validate(data)


def sample_choices(trials: int, seed: int) -> list[dict[str, Any]]:
    """The defaults first (the baseline every trial is compared with), then random points."""
    rng = random.Random(seed)
    choices: list[dict[str, Any]] = [{}]
    seen: set[str] = {"{}"}
    while len(choices) < trials:
        choice = {key: rng.choice(values) for key, values in SPACE.items()}
        marker = json.dumps(choice, sort_keys=True)
        if marker not in seen:
            seen.add(marker)
            choices.append(choice)
    return choices


@dataclass
class Trial:
    index: int
    choice: dict[str, Any]
    policy: CurationPolicy
    summary: dict[str, Any]

    @property
    def objective(self) -> float:
        """Curated decision quality; ties broken by the token-budget decision."""
        return float(self.summary["top1"]["quality_curated"]) + 1e-3 * float(
            self.summary["budget"]["quality_curated"]
        )


def run_sweep(
    fleet: Fleet,
    *,
    trials: int,
    seed: int,
    database_factory: Callable[[], Database],
    embedder: Embedder,
    k: int = 6,
    log: Callable[[Trial], None] | None = None,
    progress: Callable[[str], None] = print,
) -> list[Trial]:
    base = CurationPolicy().with_all_modes(Mode.APPLY)
    embeddings: dict[str, Any] | None = None
    results: list[Trial] = []
    for index, choice in enumerate(sample_choices(trials, seed)):
        policy = apply_choice(base, choice)
        store = MemoryStore(database_factory(), embedder=embedder)
        if embeddings is None:
            from evaluation.ab import embed_writes

            embeddings = embed_writes(fleet, store)
        result = run_ab(fleet, store, ABConfig(k=k, policy=policy), embeddings=embeddings)
        store.db.dispose()
        trial = Trial(index, choice, policy, result.summary)
        results.append(trial)
        progress(
            f"trial {index}: curated {trial.summary['top1']['quality_curated']:.3f} "
            f"raw {trial.summary['top1']['quality_raw']:.3f} {choice or '(defaults)'}"
        )
        if log is not None:
            log(trial)
    return results


def best(trials: list[Trial]) -> Trial:
    return max(trials, key=lambda t: (t.objective, -t.index))


def write_policy(trial: Trial, path: Path) -> None:
    path.write_text(json.dumps(trial.policy.model_dump(mode="json"), indent=2) + "\n")
