"""``memgov bench``'s embedding rows: MiniLM on CPU through ONNX Runtime fp32 (the default),
its int8 quantisation (measured, not offered: it misses the cosine bar) and the
sentence-transformers path, on the same texts; the cosine
between their vectors; CPU-seconds per 1,000 texts (the figure a shared machine's load
does not move much); the tokenizer's share; the model's load in a fresh process and
again in the same one."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any, Literal

import numpy as np

from curation import MiniLMEmbedder, Vectors
from curation.internals import onnx_minilm
from evaluation.perf.explain import cpu_bound, int8_cosine, verdict

# 1,500 texts/s on 2 cores is 2 CPU-seconds per 1,500 texts
TARGET_PER_S = 1500
TARGET_CPU_S_PER_1000 = round(2 * 1000 / TARGET_PER_S, 3)
PRECISION: dict[str, Literal["fp32", "int8"]] = {"onnx": "fp32", "onnx-int8": "int8"}


def _timed(backend: str, texts: list[str]) -> tuple[Vectors, dict[str, Any]]:
    """First call (the model's load in this process) apart from the throughput run, and
    a second load in the same process (the cached session: what every later store pays)."""
    if backend == "onnx-int8":
        embed: Callable[[list[str]], Vectors] = partial(onnx_minilm.embed, precision="int8")
        model, batch = "all-MiniLM-L6-v2 int8 (bench only)", onnx_minilm.BATCH_SIZE
    else:
        embedder = MiniLMEmbedder(backend=backend)
        embed, model, batch = embedder.embed, embedder.model_name, embedder.batch_size
    started = time.perf_counter()
    embed(texts[:8])
    first = time.perf_counter() - started
    wall, cpu = time.perf_counter(), time.process_time()
    vectors = embed(texts)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    out: dict[str, Any] = {
        "backend": backend,
        "model": model,
        "batch_size": batch,
        "first_call_s": round(first, 3),
        "seconds": round(wall, 3),
        "cpu_s": round(cpu, 3),
        "per_s": round(len(texts) / wall, 1),
        "per_cpu_s": round(len(texts) / max(cpu, 1e-9), 1),
        "cpu_s_per_1000": round(cpu / len(texts) * 1000, 3),
    }
    precision = PRECISION.get(backend)
    if precision is not None:
        started = time.perf_counter()
        onnx_minilm.session(precision)
        out["warm_load_s"] = round(time.perf_counter() - started, 6)
        out["load_s"] = round(onnx_minilm.load_seconds[precision], 3)
        out["file_s"] = round(onnx_minilm.file_seconds[precision], 3)
    return vectors, out


def cold_load(precision: Literal["fp32", "int8"]) -> dict[str, Any]:
    """The model's load in a fresh interpreter (the model file already on this machine):
    what the first embedding of every new process waits for."""
    probe = (
        "import json, time; t = time.perf_counter(); "
        "from curation.internals import onnx_minilm as m; i = time.perf_counter() - t; "
        f"m.session({precision!r}); "
        f"print(json.dumps({{'import_curation_s': i, 'load_s': m.load_seconds[{precision!r}], "
        f"'total_s': time.perf_counter() - t}}))"
    )
    root = str(Path(__file__).resolve().parents[2])
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([root, os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run(
        [sys.executable, "-c", probe],
        capture_output=True,
        text=True,
        env=env,
        timeout=900,
        check=True,
    )
    return {k: round(v, 3) for k, v in json.loads(done.stdout.strip().splitlines()[-1]).items()}


def tokenizer_cost(texts: list[str]) -> dict[str, Any]:
    """The fast (Rust) tokenizer's batch encode alone, and the texts' token lengths."""
    _, tokenizer = onnx_minilm.session()
    wall, cpu = time.perf_counter(), time.process_time()
    encoded = tokenizer.encode_batch(texts)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    lengths = [len(e.ids) for e in encoded]
    return {
        "seconds": round(wall, 4),
        "cpu_s_per_1000": round(cpu / len(texts) * 1000, 4),
        "mean_tokens": round(float(np.mean(lengths)), 1),
        "max_tokens": max(lengths),
    }


def _cosines(a: Vectors, b: Vectors) -> dict[str, float]:
    cosine = (a * b).sum(axis=1)
    return {"min": round(float(cosine.min()), 6), "mean": round(float(cosine.mean()), 6)}


def embedding_rate(
    texts: list[str], *, torch: bool = True, fresh_process: bool = True
) -> dict[str, Any]:
    """Every backend on the same texts, batched as the store batches them."""
    fp32, onnx = _timed("onnx", texts)
    int8, quantised = _timed("onnx-int8", texts)
    result: dict[str, Any] = {
        "texts": len(texts),
        "onnx": onnx,
        "int8": quantised,
        "tokenizer": tokenizer_cost(texts),
        "int8_vs_fp32": _cosines(int8, fp32),
    }
    if fresh_process:
        result["cold_load"] = {p: cold_load(p) for p in PRECISION.values()}
    if torch:
        slow, result["torch"] = _timed("torch", texts)
        result["fp32_vs_torch"] = _cosines(fp32, slow)
    return result


def embedding_targets(e: dict[str, Any], cpus: int) -> list[list[Any]]:
    """(target, measured, goal, verdict) rows of issue 16's embedding line; a miss says
    what bounds it on ``cpus`` cores."""
    rows: list[list[Any]] = []

    for key, label in (("onnx", "ONNX fp32 (default)"), ("int8", "ONNX int8, not offered")):
        run = e[key]
        why = cpu_bound(run["cpu_s_per_1000"], cpus)
        rows.append(
            [
                f"MiniLM embedding, {label} (texts/s, wall)",
                run["per_s"],
                f">= {TARGET_PER_S}",
                verdict(run["per_s"] >= TARGET_PER_S, why),
            ]
        )
        rows.append(
            [
                f"MiniLM embedding, {label} (CPU-s per 1,000 texts)",
                run["cpu_s_per_1000"],
                f"<= {TARGET_CPU_S_PER_1000} (1,500/s on 2 cores)",
                verdict(run["cpu_s_per_1000"] <= TARGET_CPU_S_PER_1000, why),
            ]
        )
    if "fp32_vs_torch" in e:
        low = e["fp32_vs_torch"]["min"]
        rows.append(
            [
                "MiniLM ONNX fp32 vs torch (today's vectors), cosine min",
                low,
                ">= 0.99",
                verdict(low >= 0.99),
            ]
        )
    cos = e["int8_vs_fp32"]
    rows.append(
        [
            "MiniLM int8 vs fp32, cosine min / mean",
            f"{cos['min']} / {cos['mean']}",
            ">= 0.99",
            verdict(cos["min"] >= 0.99, int8_cosine()),
        ]
    )
    rows.append(
        [
            "LoCoMo raw recall@10 with int8",
            "not run",
            "within 0.005 of fp32 (0.499)",
            "offline, on LoCoMo's data (docs/performance.md)",
        ]
    )
    if "cold_load" in e:
        cold = e["cold_load"]
        rows.append(
            [
                "MiniLM model load, fresh process fp32 / int8 (s)",
                f"{cold['fp32']['load_s']} / {cold['int8']['load_s']}",
                "once per process, measured",
                "n/a",
            ]
        )
    again = max(e["onnx"]["warm_load_s"], e["int8"]["warm_load_s"])
    rows.append(
        [
            "MiniLM model load, same process again fp32 / int8 (s)",
            f"{e['onnx']['warm_load_s']} / {e['int8']['warm_load_s']}",
            "once per process",
            verdict(again < 0.01),
        ]
    )
    return rows


def embedding_lines(e: dict[str, Any]) -> list[str]:
    """The embedding section of the bench's text report."""
    out = []
    for key in ("onnx", "int8", "torch"):
        if key not in e:
            continue
        run = e[key]
        load = (
            f"; in-process load {run['load_s']} s (+ model file {run['file_s']} s), again "
            f"{run['warm_load_s']} s"
            if "load_s" in run
            else ""
        )
        out.append(
            f"MiniLM embedding ({run['backend']}, model name {run['model']}, batches of "
            f"{run['batch_size']}): {e['texts']:,} texts in {run['seconds']} s = "
            f"{run['per_s']} texts/s, {run['cpu_s_per_1000']} CPU-s per 1,000 texts "
            f"({run['per_cpu_s']} per CPU-second); first call {run['first_call_s']} s"
            f"{load}"
        )
    tok = e["tokenizer"]
    out.append(
        f"Tokenizer alone (batch encode): {tok['cpu_s_per_1000']} CPU-s per 1,000 texts; "
        f"mean {tok['mean_tokens']} tokens, longest {tok['max_tokens']}"
    )
    for key, label in (("fp32_vs_torch", "ONNX fp32 vs torch"), ("int8_vs_fp32", "int8 vs fp32")):
        if key in e:
            out.append(f"{label}: cosine min {e[key]['min']}, mean {e[key]['mean']}")
    for precision, cold in e.get("cold_load", {}).items():
        out.append(
            f"Fresh process, {precision}: import curation {cold['import_curation_s']} s, "
            f"model load {cold['load_s']} s, total {cold['total_s']} s"
        )
    return out
