"""The ten wording families of hold-out set E as templates, one tuple per mode.

Modes: ``set`` (a first value), ``change`` (a new value, ``{p}`` the one before), ``same``
(the value restated) and ``add`` (one more value of a multi-valued relation); a family
without its own ``change`` or ``same`` words those like ``set``. Placeholders: ``{e}``
entity, ``{es}`` its possessive, ``{v}`` value, ``{n}`` the slot's noun, ``{k}`` its key,
``{hdr}`` the domain's column name for its entities, ``{tool}`` the domain's lookup tool,
``{say}``, ``{vfirst}``, ``{do}`` the slot's own sentences, and the validity time as
``{iso}`` (date), ``{ts}`` (ISO timestamp), ``{long}`` (2 March 2024), ``{short}``
(Mar 2, 2024), ``{dow}`` (weekday). Family ``undated`` never writes the time: only the
write time carries it.
"""

from __future__ import annotations

Templates = dict[str, tuple[str, ...]]

# A tool answers in one format of its own: family ``tool_result`` words a domain's facts in
# the format its domain names (``tool_format``), the i-th template of every mode.
PER_DOMAIN_FORMAT = frozenset({"tool_result"})

WORDINGS: dict[str, Templates] = {
    "table_row": {
        "set": (
            "| {hdr} | {n} | updated |\n|---|---|---|\n| {e} | {v} | {iso} |",
            "| {hdr} | {k} | since |\n| --- | --- | --- |\n| {e} | {v} | {short} |",
            "| {e} | {n} | {v} | {long} |",
        ),
        "change": (
            "| {e} | {n} | ~~{p}~~ {v} | {iso} |",
            "| {hdr} | old {n} | new {n} | when |\n|---|---|---|---|\n"
            "| {e} | {p} | {v} | {short} |",
            "| {e} | {k} | {v} (was {p}) | {long} |",
        ),
        "same": (
            "| {e} | {n} | {v} (unchanged) | {iso} |",
            "| {e} | {k} | {v} | re-verified {short} |",
        ),
        "add": (
            "| {e} | {n} | + {v} | {iso} |",
            "| {hdr} | added {n} | on |\n|---|---|---|\n| {e} | {v} | {short} |",
        ),
    },
    "arrow_log": {
        "set": (
            "[{iso}] {e} {n}: (none) → {v}",
            "[{ts}] {e} · {n} := {v}",
            "{e} / {n} → {v} [{short}]",
        ),
        "change": (
            "[{iso}] {e} {n}: {p} → {v}",
            "[{ts}] {n} @ {e}: {p} -> {v}",
            "{e}: {n} {p} ⇒ {v} [{long}]",
        ),
        "same": ("[{iso}] {e} {n}: {v} (no change)", "[{ts}] {e} · {n} = {v} ✓"),
        "add": ("[{iso}] {e} {n}: + {v}", "[{ts}] {e} · {n} += {v}"),
    },
    "tool_result": {
        "set": (
            '{tool}({hdr}="{e}") -> {{"{k}": "{v}", "updated_at": "{ts}"}}',
            "Tool result from {tool} for {hdr} {e}: {k}={v} (as of {ts})",
            '<tool_result name="{tool}">{{"{hdr}": "{e}", "{k}": "{v}", "fetched": "{iso}"}}'
            "</tool_result>",
        ),
        "change": (
            '{tool}({hdr}="{e}") -> {{"{k}": "{v}", "previous": "{p}", "changed_at": "{ts}"}}',
            "Tool result from {tool} for {hdr} {e}: {k}={v}, was {p} (as of {ts})",
            '<tool_result name="{tool}">{{"{hdr}": "{e}", "{k}": "{v}", "previous": "{p}", '
            '"fetched": "{iso}"}}</tool_result>',
        ),
        "add": (
            '{tool}({hdr}="{e}") -> {{"added_to_{k}": "{v}", "at": "{ts}"}}',
            "Tool result from {tool} for {hdr} {e}: {k} += {v} (as of {ts})",
            '<tool_result name="{tool}">{{"{hdr}": "{e}", "added_to_{k}": "{v}", '
            '"fetched": "{iso}"}}</tool_result>',
        ),
    },
    "diary": {
        "set": (
            "{dow} {long}. Sorted out {e} today: {say}.",
            "{long} — I found out that {say}.",
            "Dear diary, {short}: spent an hour on {e}, and {say}.",
        ),
        "change": (
            "{dow} {long}. I moved {es} {n} from {p} over to {v} today.",
            "{long} — turns out {es} {n} isn't {p} any more; {say}.",
            "{short}: I finally got {e} switched to {v} (the {n} used to be {p}).",
        ),
        "same": (
            "{long} — I checked {e} again and {say}, same as before.",
            "{dow} {long}. Nothing new: {say}.",
        ),
        "add": ("{long} — I learned today that {say}.", "{dow} {long}. Also noted: {say}."),
    },
    "passive_dated": {
        "set": (
            "On {long}, {es} {n} was set to {v}.",
            "{iso}: the {n} of {e} was recorded as {v}.",
            "As of {short}, {v} was agreed as the {n} for {e}.",
        ),
        "change": (
            "On {long}, {es} {n} was changed to {v}.",
            "{iso}: the {n} of {e} was updated to {v}.",
            "As of {short}, the {n} for {e} was moved to {v}.",
        ),
        "same": (
            "On {long}, {es} {n} was confirmed as {v}.",
            "{iso}: the {n} of {e} was re-checked and left at {v}.",
        ),
        "add": (
            "On {long}, {v} was added as a {n} for {e}.",
            "{iso}: {v} was recorded as another {n} of {e}.",
        ),
    },
    "reminder": {
        "set": (
            "Reminder: {do} (from {short}).",
            "Don't forget to {do} — noted {iso}.",
            "Going forward, {do}. Agreed {long}.",
        ),
        "change": (
            "Heads up: {do}, not {p} any more (since {short}).",
            "Please {do} from now on; {p} is out. Updated {iso}.",
            "Remember, as of {long}: {do}.",
        ),
        "same": (
            "Still applies ({iso}): {do}.",
            "Reminder, unchanged: {do}. Checked {short}.",
        ),
        "add": ("Also remember to {do} (added {short}).", "New, as of {iso}: {do}."),
    },
    "value_first": {
        "set": (
            "{vfirst} (as of {short}).",
            "{v} — that's {es} {n}, per the {iso} update.",
            "{v}: the {n} of {e} from {long} on.",
        ),
        "change": (
            "{v} replaces {p} as {es} {n} ({iso}).",
            "{vfirst} now, no longer {p} ({long}).",
            "{v} — new {n} for {e} since {short}.",
        ),
        "same": (
            "{v} is still {es} {n} (rechecked {short}).",
            "{vfirst}, unchanged as of {iso}.",
        ),
        "add": ("{v} is another {n} for {e} (added {iso}).", "{vfirst} (since {long})."),
    },
    "faq": {
        "set": (
            "Q: What is {es} {n}?\nA: {v} (last reviewed {long})",
            "**{e} — {n}?**\n{v}. _Updated {iso}._",
            "FAQ: which {n} applies to {e}?\nAnswer: {v}, per the {short} review.",
        ),
        "change": (
            "Q: Has {es} {n} changed?\nA: Yes. It is {v} now; it was {p}. (updated {long})",
            "**{e} — {n}?**\n{v} (previously {p}). _Updated {iso}._",
            "FAQ: which {n} applies to {e}?\nAnswer: {v} since {short}; before that {p}.",
        ),
        "same": (
            "Q: Is {es} {n} still {v}?\nA: Yes, confirmed {long}.",
            "**{e} — {n}?**\nStill {v}. _Checked {iso}._",
        ),
        "add": (
            "Q: Any other {n} for {e}?\nA: Yes, {v} as well (added {long}).",
            "**{e} — another {n}?**\n{v}. _Added {iso}._",
        ),
    },
    "from_to": {
        "set": (
            "Set {es} {n} to {v} on {iso}.",
            "Configured {v} as the {n} for {e} ({short}).",
            "{e}: {n} set to {v}, {long}.",
        ),
        "change": (
            "Changed {es} {n} from {p} to {v} on {iso}.",
            "{es} {n} went from {p} to {v} ({short}).",
            "Switched the {n} of {e} from {p} to {v}, {long}.",
        ),
        "same": (
            "Left {es} {n} at {v} on {iso}, no change.",
            "{e}: {n} kept at {v} ({short}).",
        ),
        "add": (
            "Added {v} as another {n} for {e} on {iso}.",
            "{e}: added {v} to the {n} list ({short}).",
        ),
    },
    "undated": {
        "set": ("{say}.", "fyi {say}", "Note to self: {say}.", "{e} {n}: {v}"),
        "change": (
            "{say} now (it used to be {p}).",
            "{e} has a new {n}: {v}, replacing {p}.",
            "update: {say}",
        ),
        "same": ("{say}, still.", "Nothing new on {e}: the {n} is {v}."),
        "add": ("{say}.", "fyi {say}", "Note to self: {say}."),
    },
}
