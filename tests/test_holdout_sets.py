"""What every later hold-out set (B, C, D) promises alike through its front door."""

from __future__ import annotations

import importlib

import pytest

from evaluation.holdout import UnknownFamilyError

UNKNOWN = [
    *(("evaluation.holdout_b", family) for family in ("haiku", "", "TERSE_CHAT")),
    *(("evaluation.holdout_c", family) for family in ("haiku", "", "TOOL_JSON")),
    *(("evaluation.holdout_d", family) for family in ("haiku", "", "TOOL_JSON")),
]


@pytest.mark.parametrize(("module", "family"), UNKNOWN)
def test_an_unknown_family_is_named(module: str, family: str) -> None:
    holdout = importlib.import_module(module)
    subject = holdout.holdout_histories()[0]
    with pytest.raises(UnknownFamilyError) as raised:
        holdout.render(family, subject)
    assert raised.value.family == family
    assert repr(family) in str(raised.value)
