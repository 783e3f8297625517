"""How each role of the fleet is written.

One table, so the roles' relative weight reads at a glance: principles are the most
important and the broadest, lessons the least of what agents state (tool output, the
least of all, is drawn in bulk by ``tool_outputs``)."""

from __future__ import annotations

from dataclasses import replace

from evaluation.simulator.core import WriteRole

PRINCIPLE = WriteRole("principle", "fact", (0.8, 0.9), 2)
PREFERENCE = WriteRole("preference", "preference", (0.7, 0.9), 1)
CORRECTION = WriteRole("correction", "fact", (0.7, 0.85), 1)
REWRITE = WriteRole("rewrite", "fact", (0.65, 0.8), 1)
STATE = WriteRole("state", "fact", (0.6, 0.8), 1)
CLAIM = WriteRole("claim", "fact", (0.6, 0.75), 1)
HOTFIX = WriteRole("hotfix", "fact", (0.55, 0.7), 0)
LESSON = WriteRole("lesson", "fact", (0.5, 0.7), 0)
LESSON_IN_CONVERSATION = replace(LESSON, kind="conversation")
