"""Topic subsumption (write time): a new write on a topic a principle covers is filed
beneath it; a new statement more general than the topic's principles takes their place
(they are archived ``subsumed``). A newer but narrower holder of a key is filed beneath
the key's winner too: that is the survivor rule's (``supersession.settle_key``). The
store does the filing (``_store/write_hooks.subsume_topics``); restore undoes it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field


@dataclass(frozen=True)
class TopicPrinciple:
    """An active broad entry (generality >= 1) on the write's topic."""

    memory_id: str
    generality: int


@dataclass(frozen=True)
class TopicVerdict:
    """``parent``: the principle the write is filed beneath (None: it is not);
    ``replaced``: the narrower principles the write takes the place of."""

    parent: str | None = None
    replaced: list[str] = field(default_factory=list)


def on_topic_write(generality: int, principles: Sequence[TopicPrinciple]) -> TopicVerdict:
    """The topic's broadest principle (then the greatest id) covers a narrower write;
    otherwise the write replaces the principles narrower than it."""
    if not principles:
        return TopicVerdict()
    broadest = max(principles, key=lambda p: (p.generality, p.memory_id))
    if broadest.generality > generality:
        return TopicVerdict(parent=broadest.memory_id)
    return TopicVerdict(replaced=[p.memory_id for p in principles if p.generality < generality])
