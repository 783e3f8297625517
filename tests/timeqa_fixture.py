"""A few-line TimeQA directory in the upstream layout, written by the tests themselves."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

RELATIONS = {
    "P54": {
        "meaning": "member of sports team",
        "template": ["Which team did $1 play for $4?", "$1 played for which team $4?"],
        "mode": "accumulate",
    },
    "P166": {
        "meaning": "award received",
        "template": ["Which award did $1 receive $2?"],
        "mode": "pointwise",
    },
}


def _subject(name: str, relation: str, windows: list[tuple[str, list[str]]]) -> dict[str, Any]:
    return {
        "index": f"/wiki/{name.replace(' ', '_')}#{relation}",
        "type": relation,
        "link": f"/wiki/{name.replace(' ', '_')}",
        "questions": [
            [question, [{"para": 1, "from": 0, "end": 1, "answer": a} for a in answers]]
            for question, answers in windows
        ],
        "paras": [name],
    }


def write_timeqa(root: Path) -> Path:
    """Two footballers whose club changed (one held two teams at once), one who never
    moved (not asked), and an award winner (pointwise: many values, never asked)."""
    root.mkdir(parents=True, exist_ok=True)
    (root / "relations.json").write_text(json.dumps(RELATIONS))
    subjects = [
        _subject(
            "Ana Lima",
            "P54",
            [
                ("Which team did Ana Lima play for from 2010 to 2014?", ["Porto"]),
                ("Which club did Ana Lima join from 2015 to 2018?", ["Braga , Portugal"]),
                ("Ana Lima played where from 2019 to 2023?", ["Benfica"]),
            ],
        ),
        _subject(
            "Bo Chen",
            "P54",
            [
                ("Which team did Bo Chen play for from 2001 to 2004?", ["Shanghai Port"]),
                ("From 2005 to 2009 Bo Chen played for which teams?", ["Beijing Guoan", "China"]),
            ],
        ),
        _subject("Cy Vale", "P54", [("Which team did Cy Vale play for in 1999?", ["Leeds"])]),
        _subject(
            "Di Moss",
            "P166",
            [
                ("Which award did Di Moss receive in 2003?", ["Golden Lens"]),
                ("Which award did Di Moss receive in 2008?", ["Silver Frame"]),
            ],
        ),
        {"type": "P54"},  # no index: a fault the adapter counts
    ]
    (root / "human_annotated_test.json").write_text(json.dumps(subjects))
    return root
