"""``memgov eval trust-gate``: the detectors on the labelled set (``labelled``): recall
per detector kind on the synthetic positives, false positives per detector on ordinary
texts (LoCoMo and LongMemEval turns, the hold-out sets' memories), the false-quarantine
rate there, and the gate's cost per write (the gate alone, timed over the same texts)."""

from __future__ import annotations

import time
from collections import Counter
from pathlib import Path
from typing import Any

from curation.internals import find_instructions, find_pii, find_secrets
from evaluation.trust_gate.labelled import benchmark_turns, synthetic


def _covered(text: str, needle: str, spans: list[tuple[int, int]]) -> bool:
    at = text.find(needle)
    return any(s <= at and at + len(needle) <= e for s, e in spans)


def evaluate(root: Path, limit: int = 0) -> dict[str, Any]:
    hits: Counter[str] = Counter()
    totals: Counter[str] = Counter()
    misses: list[str] = []
    for ex in synthetic():
        if ex.category == "instruction":
            found = bool(find_instructions(ex.text))
        else:
            finder = find_secrets if ex.category == "secret" else find_pii
            spans = [(f.start, f.end) for f in finder(ex.text)]
            found = _covered(ex.text, ex.needle, spans)
        key = f"{ex.category}:{ex.kind}"
        totals[key] += 1
        hits[key] += int(found)
        if not found and ex.category == "instruction":
            misses.append(ex.text)
    negatives = benchmark_turns(root, limit)
    false_pos: dict[str, Counter[str]] = {}
    examples: dict[str, list[str]] = {}
    started = time.perf_counter()
    n_texts = 0
    for corpus, texts in negatives.items():
        counts: Counter[str] = Counter()
        for text in texts:
            n_texts += 1
            for finder in (find_secrets, find_pii, find_instructions):
                kinds = {f"{f.category}:{f.kind}" for f in finder(text)}
                counts.update(kinds)
                for kind in kinds:
                    if len(examples.setdefault(kind, [])) < 3:
                        examples[kind].append(text[:100])
            counts["turns"] += 1
            counts["quarantined"] += int(bool(find_instructions(text)))
        false_pos[corpus] = counts
    per_text_ms = (time.perf_counter() - started) * 1000 / max(n_texts, 1)
    return {
        "recall": {k: (hits[k], totals[k]) for k in sorted(totals)},
        "instruction_misses": misses,
        "negatives": {c: dict(v) for c, v in false_pos.items()},
        "false_positive_examples": examples,
        "gate_ms_per_text": round(per_text_ms, 3),
    }


def report(result: dict[str, Any]) -> str:
    lines = ["detector recall on the synthetic positives:"]
    for key, (hit, total) in result["recall"].items():
        lines.append(f"  {key:32s} {hit}/{total} = {hit / total:.3f}")
    for corpus, counts in result["negatives"].items():
        turns = counts["turns"]
        lines.append(
            f"{corpus}: {turns} texts, false quarantines {counts['quarantined']} "
            f"({counts['quarantined'] / turns:.3%})"
        )
        for key, n in sorted(counts.items()):
            if key not in ("turns", "quarantined"):
                lines.append(f"  fired {key:30s} {n} ({n / turns:.3%})")
    lines.append(f"gate cost: {result['gate_ms_per_text']} ms per text (detectors only)")
    lines.append("instruction misses: " + " | ".join(result["instruction_misses"]))
    return "\n".join(lines)
