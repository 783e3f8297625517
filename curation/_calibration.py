"""Calibrating the duplicate threshold of an embedding model from labeled pairs.

The source's 0.93 cosine is a figure for large API models; paraphrases under a small
model such as all-MiniLM-L6-v2 sit much lower. A threshold must therefore be measured on
labeled duplicate / non-duplicate pairs for each model, never copied between models.
The chosen threshold maximises F-beta with beta = 0.5 (precision weighs twice recall: a
wrong merge buries a distinct memory, a missed one only leaves an echo); among equally good
thresholds, the highest.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources
from pathlib import Path

import numpy as np

from curation._embedding import Embedder
from curation._errors import ValidationError
from curation._jsondoc import loads
from curation._validation import validate_bool, validate_content


@dataclass(frozen=True)
class LabeledPair:
    a: str
    b: str
    duplicate: bool


@dataclass(frozen=True)
class CalibrationReport:
    model: str
    pairs: int
    duplicate_similarity: dict[str, float]
    distinct_similarity: dict[str, float]
    threshold: float
    precision: float
    recall: float
    f_beta: float
    beta: float
    separable: bool

    def to_dict(self) -> dict[str, object]:
        return dict(self.__dict__)


def builtin_pairs() -> list[LabeledPair]:
    text = resources.files("curation.data").joinpath("calibration_pairs.jsonl").read_text()
    return parse_pairs(text.splitlines())


def load_pairs(path: Path) -> list[LabeledPair]:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ValidationError("pairs", str(path), f"cannot be read: {exc}") from exc
    return parse_pairs(text.splitlines())


def parse_pairs(lines: list[str]) -> list[LabeledPair]:
    pairs = []
    for line_no, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            obj = loads(line, "pairs")
            a, b = validate_content(obj["a"], "a"), validate_content(obj["b"], "b")
            pairs.append(LabeledPair(a, b, validate_bool("duplicate", obj["duplicate"])))
        except (ValidationError, KeyError, TypeError) as exc:
            raise ValidationError(
                "pairs", f"line {line_no}", f"needs a, b, duplicate: {exc}"
            ) from exc
    if not any(p.duplicate for p in pairs) or all(p.duplicate for p in pairs):
        raise ValidationError("pairs", len(pairs), "need both duplicate and distinct pairs")
    return pairs


def _summary(values: np.ndarray) -> dict[str, float]:
    return {
        "min": round(float(values.min()), 4),
        "p10": round(float(np.percentile(values, 10)), 4),
        "median": round(float(np.median(values)), 4),
        "p90": round(float(np.percentile(values, 90)), 4),
        "max": round(float(values.max()), 4),
    }


def best_threshold(
    similarity: np.ndarray, label: np.ndarray, beta: float = 0.5
) -> tuple[float, float, float, float]:
    """(threshold, precision, recall, F-beta) maximising F-beta; ties go to the higher one."""
    best = (1.0, 1.0, 0.0, 0.0)
    for candidate in np.unique(np.round(similarity, 4)):
        predicted = similarity >= candidate
        tp = int(np.sum(predicted & label))
        if tp == 0:
            continue
        precision = tp / int(np.sum(predicted))
        recall = tp / int(np.sum(label))
        score = (1 + beta**2) * precision * recall / (beta**2 * precision + recall)
        if score > best[3] or (score == best[3] and candidate > best[0]):
            best = (float(candidate), precision, recall, score)
    return best


def calibrate(
    pairs: list[LabeledPair], embedder: Embedder, *, beta: float = 0.5
) -> CalibrationReport:
    left = embedder.embed([p.a for p in pairs])
    right = embedder.embed([p.b for p in pairs])
    similarity = np.sum(left * right, axis=1).astype(np.float64)
    label = np.array([p.duplicate for p in pairs], dtype=bool)
    threshold, precision, recall, score = best_threshold(similarity, label, beta)
    return CalibrationReport(
        model=embedder.model_name,
        pairs=len(pairs),
        duplicate_similarity=_summary(similarity[label]),
        distinct_similarity=_summary(similarity[~label]),
        threshold=round(threshold, 4),
        precision=round(precision, 4),
        recall=round(recall, 4),
        f_beta=round(score, 4),
        beta=beta,
        separable=bool(similarity[label].min() > similarity[~label].max()),
    )
