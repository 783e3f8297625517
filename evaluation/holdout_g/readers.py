"""Set G's readers bound to another set's folder: a later real-world set (I, J, K, L) is
its own data (``catalogue.json``, ``wordings.json``) read through G's code, so its front
door is one call here."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import NamedTuple

from evaluation.holdout.model import LabeledPair, Memory, Subject
from evaluation.holdout_g import catalogue, histories, pairs
from evaluation.holdout_g import families as g_families
from evaluation.holdout_g import render as g_render


class Readers(NamedTuple):
    source: catalogue.Source
    domains: Callable[[], tuple[catalogue.Domain, ...]]
    families: Callable[[], tuple[str, ...]]
    render: Callable[[str, Subject], list[Memory]]
    holdout_histories: Callable[[], tuple[Subject, ...]]
    holdout_pairs: Callable[[], tuple[LabeledPair, ...]]


def readers(folder: Path, seed: int) -> Readers:
    """The catalogue, families, renderer, subjects and pairs of the set kept in ``folder``,
    its pairs drawn with ``seed``."""
    source = catalogue.Source(folder, seed)
    return Readers(
        source,
        partial(catalogue.domains, source),
        partial(g_families, source),
        partial(g_render, source=source),
        partial(histories.holdout_histories, source),
        partial(pairs.holdout_pairs, source),
    )
