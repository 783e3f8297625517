"""all-MiniLM-L6-v2 on ONNX Runtime: the same weights and the same vectors as
sentence-transformers, without importing torch on the request path.

The model files come from ``_onnx_models`` (exported and quantised once per machine).
Pooling is sentence-transformers' own for this model: mean over the attention mask, then
L2 normalisation, with inputs truncated at its ``max_seq_length`` (256 tokens; the bundled
tokenizer.json says 128, which sentence-transformers overrides). fp32 vectors equal the
torch path's within float rounding (max |Δ| ~2e-7), so they share its model name and its
caches. ``precision="int8"`` runs the quantised file for the bench only: it misses the
cosine 0.99 bar, so no backend offers it (docs/performance.md has both measurements).
"""

from __future__ import annotations

import importlib.util
import os
import threading
import time
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from curation._onnx_models import Precision, ensure, model_dir
from curation._settings import Settings

MAX_SEQ_LENGTH = 256
DIMENSION = 384
# texts per inference call: 64 and 128 cost the least CPU per short text, 16 and 256
# more (docs/performance.md)
BATCH_SIZE = 64

_lock = threading.Lock()
_sessions: dict[Precision, Any] = {}
_tokenizer: list[Any] = []  # the one tokenizer, shared by both precisions
loads = 0  # sessions created in this process (the "loads once" test reads it)
# what each first load took (the bench prints them): imports, session and tokenizer apart
# from finding the model file, which includes its one-off export or quantisation
load_seconds: dict[Precision, float] = {}
file_seconds: dict[Precision, float] = {}


def available() -> bool:
    """ONNX Runtime and the tokenizers package are installed (the torch fallback covers
    the rest). Found, not imported: every store builds an embedder, and a command that
    embeds nothing should not pay for loading the runtime."""
    return all(importlib.util.find_spec(name) is not None for name in ("onnxruntime", "tokenizers"))


def threads() -> int:
    """Intra-op threads: ``MEMGOV_EMBED_THREADS`` or the cores this process may use."""
    return Settings.from_env().embed_threads or max(1, len(os.sched_getaffinity(0)))


def session(precision: Precision = "fp32") -> tuple[Any, Any]:
    """The process's one inference session of that precision, and the tokenizer (the
    model file is made on first use). Thread settings for a small shared CPU box:
    intra-op threads = the usable cores, one inter-op thread, sequential execution, and
    no spin-waiting between operators (on a loaded machine spinning cost ~30% more
    CPU-seconds per text for no wall-clock gain; docs/performance.md)."""
    global loads
    with _lock:
        if precision not in _sessions:
            started = time.perf_counter()
            import onnxruntime as ort
            from tokenizers import Tokenizer

            made = time.perf_counter()
            target = ensure(precision)
            file_seconds[precision] = time.perf_counter() - made
            options = ort.SessionOptions()
            options.intra_op_num_threads = threads()
            options.inter_op_num_threads = 1
            options.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
            options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
            options.log_severity_level = 3
            options.add_session_config_entry("session.intra_op.allow_spinning", "0")
            _sessions[precision] = ort.InferenceSession(
                str(target), options, providers=["CPUExecutionProvider"]
            )
            if not _tokenizer:
                tokenizer = Tokenizer.from_file(str(model_dir() / "tokenizer.json"))
                tokenizer.enable_truncation(MAX_SEQ_LENGTH)
                tokenizer.no_padding()
                _tokenizer.append(tokenizer)
            loads += 1
            load_seconds[precision] = time.perf_counter() - started - file_seconds[precision]
        return _sessions[precision], _tokenizer[0]


def length_batches(lengths: Sequence[int], batch_size: int) -> list[list[int]]:
    """Row indices grouped into batches of similar length (shortest first, ties in input
    order), so each batch pads only to its own longest text."""
    order = sorted(range(len(lengths)), key=lambda i: lengths[i])
    return [order[start : start + batch_size] for start in range(0, len(order), batch_size)]


def embed(
    texts: Sequence[str], *, batch_size: int = BATCH_SIZE, precision: Precision = "fp32"
) -> npt.NDArray[np.float32]:
    """Normalised mean-pooled vectors, one row per text, in input order."""
    out = np.zeros((len(texts), DIMENSION), dtype=np.float32)
    if not texts:
        return out
    runner, tokenizer = session(precision)
    encoded = [e.ids for e in tokenizer.encode_batch(list(texts))]
    for rows in length_batches([len(ids) for ids in encoded], batch_size):
        width = max(len(encoded[i]) for i in rows)
        ids = np.zeros((len(rows), width), dtype=np.int64)
        mask = np.zeros((len(rows), width), dtype=np.int64)
        for row, index in enumerate(rows):
            tokens = encoded[index]
            ids[row, : len(tokens)] = tokens
            mask[row, : len(tokens)] = 1
        feeds = {"input_ids": ids, "attention_mask": mask, "token_type_ids": np.zeros_like(ids)}
        hidden = runner.run(None, feeds)[0]
        weights = mask[:, :, None].astype(np.float32)
        pooled = (hidden * weights).sum(axis=1) / np.clip(weights.sum(axis=1), 1e-9, None)
        norms = np.linalg.norm(pooled, axis=1, keepdims=True)
        norms[norms == 0] = 1.0
        out[rows] = pooled / norms
    return out
