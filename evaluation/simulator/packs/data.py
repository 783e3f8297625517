"""Data engineering: pipelines, tables, the warehouse, ingestion and BI tools."""

from __future__ import annotations

from evaluation.simulator.packs.base import (
    ClaimSpec,
    DomainPack,
    IntegrationSpec,
    LessonSpec,
    PreferenceSpec,
    PrincipleSpec,
    StateSpec,
    ToolOutputSpec,
)

PACK = DomainPack(
    name="data",
    entities={
        "table": (
            "orders_daily",
            "customer_profiles",
            "events_raw",
            "revenue_mart",
            "sessions_agg",
            "inventory_snapshot",
            "marketing_touches",
            "subscriptions_fact",
            "payments_ledger",
        ),
        "warehouse": ("Snowflake", "BigQuery", "Redshift"),
        "orchestrator": ("Airflow", "Dagster", "Prefect"),
        "ingest": ("Fivetran", "Airbyte", "Stitch"),
        "source": ("Postgres", "MySQL", "Oracle"),
        "bi": ("Looker", "Tableau", "Metabase"),
    },
    principles=(
        PrincipleSpec(
            "idempotent",
            "Every pipeline must be idempotent so that it can be re-run safely.",
            (
                "What property must a new pipeline have before it goes to production?",
                "Is it okay if re-running my job appends the same rows again?",
            ),
            ("pipeline rerun safety", "job appends rows twice on rerun"),
        ),
        PrincipleSpec(
            "no-raw-pii",
            "Raw personal data never lands in analytics tables; hash or drop it at ingestion.",
            (
                "Can I put customer email addresses in the analytics tables?",
                "What do we do with personal fields when ingesting a new source?",
            ),
            ("personal data in analytics", "email addresses in warehouse tables"),
        ),
        PrincipleSpec(
            "announce-schema-changes",
            "Schema changes to shared tables are announced a week ahead in the data channel.",
            (
                "How do I roll out a breaking change to a shared table?",
                "Can I rename a column in a table other teams use right away?",
            ),
            ("breaking change shared table", "rename column shared table"),
        ),
        PrincipleSpec(
            "metric-owner",
            "Every published metric has exactly one owner and a written definition.",
            (
                "What does a new metric need before the dashboard team can use it?",
                "Who decides what a metric means?",
            ),
            ("new metric requirements", "metric definition owner"),
        ),
        PrincipleSpec(
            "test-at-source",
            "Test data quality where the data enters, not only in the dashboard.",
            (
                "Where should data quality checks live?",
                "Is it enough to validate the numbers in the final dashboard?",
            ),
            ("where to put data quality tests", "dashboard-only validation"),
        ),
    ),
    lessons=(
        LessonSpec(
            "late-arriving-data",
            (
                "a daily partition looks incomplete in the morning",
                "yesterday's numbers look low first thing in the morning",
                "the morning load shows a partial day",
            ),
            (
                "wait for the late events and re-run the partition once the upstream "
                "watermark passes",
                "re-run the partition after the upstream watermark has moved on",
                "hold off and reprocess the partition when the watermark catches up",
            ),
            (
                "because mobile events arrive hours late",
                "since late events trickle in for hours",
            ),
            (
                "Yesterday's numbers look too low this morning. What's going on?",
                "Why is the daily partition incomplete when I check early?",
            ),
            ("daily partition incomplete", "numbers low in the morning"),
        ),
        LessonSpec(
            "backfill-overlap",
            (
                "a backfill overlaps the nightly schedule",
                "a backfill runs while the nightly job is scheduled",
                "you start a backfill during the scheduled window",
            ),
            (
                "pause the schedule for the duration of the backfill",
                "turn the nightly schedule off until the backfill finishes",
                "suspend scheduled runs while backfilling",
            ),
            (
                "because both runs write the same partitions",
                "since concurrent runs clobber each other's partitions",
            ),
            (
                "Is it safe to run a backfill while the nightly job is still scheduled?",
                "My backfill and the nightly run keep overwriting each other. What should I do?",
            ),
            ("backfill during nightly run", "backfill overlapping schedule"),
        ),
        LessonSpec(
            "skewed-join",
            (
                "a join stalls on its last few tasks",
                "a distributed join hangs on a handful of tasks",
                "a few straggler tasks hold up a join",
            ),
            (
                "salt the skewed key before joining",
                "add a salt to the hot key and join on the salted key",
                "spread the hot key with a salt column before the join",
            ),
            (
                "because a handful of keys hold most of the rows",
                "since the stragglers are the hot keys",
            ),
            (
                "My join is stuck on the last few tasks. How do I fix it?",
                "A few tasks take forever while the rest finish fast. What helps?",
            ),
            ("join stuck on last tasks", "straggler tasks skew"),
        ),
        LessonSpec(
            "renamed-column",
            (
                "an upstream column gets renamed",
                "the source team renames a field",
                "a source column changes its name",
            ),
            (
                "add the new column as nullable and map it in staging before dropping the old one",
                "map the renamed field in staging and keep the old column until consumers move",
                "bridge both names in the staging model, then retire the old column",
            ),
            (
                "so downstream models keep working during the switch",
                "because downstream jobs still read the old name",
            ),
            (
                "The upstream team renamed a column and ingestion broke. How do we handle it?",
                "What's the safe way to deal with a source field that changed its name?",
            ),
            ("upstream column renamed", "source field name change"),
        ),
        LessonSpec(
            "warehouse-costs",
            (
                "the warehouse bill jumps",
                "compute spend spikes in the warehouse",
                "warehouse credits burn much faster than usual",
            ),
            (
                "look for a dashboard that refreshes every minute",
                "find the dashboards on short refresh schedules first",
                "check which dashboards refresh constantly before resizing anything",
            ),
            (
                "because constant refreshes keep the cluster awake",
                "since chatty dashboards keep the cluster from suspending",
            ),
            (
                "Why did our warehouse compute costs spike?",
                "Credits are burning fast this week. Where do I look?",
            ),
            ("warehouse cost spike", "credits burning fast"),
        ),
        LessonSpec(
            "timezone-boundaries",
            (
                "daily totals disagree between reports",
                "two dashboards show different daily totals",
                "the same day adds up differently in separate reports",
            ),
            (
                "check which timezone each report uses for the day boundary",
                "compare the day-boundary timezone of both reports first",
                "confirm both reports cut the day in the same timezone",
            ),
            (
                "because local and universal time split the day differently",
                "since a shifted day boundary moves late orders across days",
            ),
            (
                "Two reports show different daily revenue. What should I check first?",
                "Why don't the daily totals match between the finance and ops dashboards?",
            ),
            ("daily totals mismatch", "reports disagree on daily numbers"),
        ),
        LessonSpec(
            "retry-duplicates",
            (
                "event counts double after a retry",
                "the events table shows repeated rows after a retried load",
                "a retried load inserts the same events again",
            ),
            (
                "deduplicate on the event id in staging",
                "drop repeats by event id before the merge",
                "keep the first row per event id in the staging layer",
            ),
            (
                "because the loader delivers at least once",
                "since retries replay whole batches",
            ),
            (
                "We're seeing duplicated events after a load retry. How do I clean that up?",
                "Why did event counts jump after the loader retried, and what's the fix?",
            ),
            ("duplicate events after retry", "retried load repeated rows"),
        ),
    ),
    integrations=(
        IntegrationSpec(
            "connector-soft-deletes",
            (
                "Workaround: the {ingest} {source} connector misses soft-deleted rows, so run "
                "the manual reconciliation query every Monday.",
                "Hotfix: reconcile soft deletes by hand each Monday because {ingest} skips them "
                "on the {source} connector.",
            ),
            (
                "The {ingest} {source} connector was rewritten on change data capture; soft "
                "deletes now sync and the Monday reconciliation is unnecessary.",
            ),
            (
                "How do we catch soft-deleted rows from {source}?",
                "Do I still have to run the Monday reconciliation query?",
            ),
            ("{source} soft deletes missing", "monday reconciliation query"),
        ),
        IntegrationSpec(
            "bi-extract-timeouts",
            (
                "Hotfix: {bi} extracts time out on the revenue mart, so refresh them from the "
                "smaller monthly rollup instead.",
                "Workaround: point {bi} extracts at the monthly rollup, since the revenue mart "
                "extract times out.",
            ),
            (
                "The {bi} connection was rebuilt on the new semantic layer; revenue mart "
                "extracts finish quickly and the monthly-rollup workaround is obsolete.",
            ),
            (
                "The {bi} extract on the revenue mart keeps timing out. What should I do?",
                "Should {bi} extracts still read from the monthly rollup?",
            ),
            ("{bi} extract timeout", "revenue mart extract slow"),
        ),
        IntegrationSpec(
            "vendor-file-sensor",
            (
                "Hotfix: the {orchestrator} file sensor misses vendor files landing after 2am, "
                "so trigger the ingest by hand when the file is late.",
                "Workaround: late vendor files are missed by the {orchestrator} sensor after "
                "2am; kick off the ingest manually.",
            ),
            (
                "The {orchestrator} ingest was rewritten to be event-driven from bucket "
                "notifications; late vendor files trigger the load on their own.",
            ),
            (
                "The vendor file arrived late and the load did not run. What do I do?",
                "Do late vendor files still need a manual trigger in {orchestrator}?",
            ),
            ("late vendor file missed", "{orchestrator} sensor manual trigger"),
        ),
    ),
    states=(
        StateSpec(
            "freshness-{table}",
            "freshness:{table}",
            (
                "The {table} table must be fresh by {value} UTC.",
                "Freshness target for {table}: loaded by {value} UTC.",
            ),
            ("06:00", "07:00", "05:30", "08:00"),
            (
                "By when does {table} have to be refreshed?",
                "What's the freshness deadline for {table}?",
            ),
            ("{table} freshness target", "{table} load deadline"),
        ),
        StateSpec(
            "pipeline-{table2}",
            "pipeline:{table2}",
            (
                "Pipeline status for {table2}: {value}.",
                "The {table2} pipeline is {value}.",
            ),
            (
                "healthy, last run succeeded at 04:10",
                "degraded since 02:00, running 2 hours late",
                "paused for the backfill since 09:00",
                "healthy again, caught up at 05:45",
            ),
            (
                "Is the {table2} pipeline healthy right now?",
                "What's going on with the {table2} pipeline?",
            ),
            ("{table2} pipeline status", "{table2} pipeline health"),
        ),
        StateSpec(
            "warehouse-size",
            "size:production-warehouse",
            (
                "The production warehouse runs on a {value} cluster.",
                "Production warehouse size is now {value}.",
            ),
            ("Medium", "Large", "X-Large", "Small"),
            (
                "How big is the production warehouse cluster?",
                "What size did we set the prod warehouse to?",
            ),
            ("production warehouse size", "warehouse cluster size"),
        ),
        StateSpec(
            "raw-retention",
            "policy:raw-retention",
            (
                "Raw events are kept for {value} days in the lake.",
                "Lake retention for raw events: {value} days.",
            ),
            ("90", "180", "365", "30"),
            ("How long do we keep raw events?", "Can I still find raw events from last spring?"),
            ("raw event retention", "lake retention days"),
        ),
        StateSpec(
            "cutover-date",
            "date:warehouse-cutover",
            (
                "The warehouse migration cutover is scheduled for {value}.",
                "Migration cutover date moved to {value}.",
            ),
            ("October 3", "October 17", "November 7", "November 21"),
            (
                "When is the warehouse migration cutover?",
                "When is the cutover to the new warehouse scheduled?",
            ),
            ("warehouse migration cutover", "cutover date"),
        ),
        StateSpec(
            "budget-{warehouse}",
            "budget:{warehouse}",
            (
                "The monthly {warehouse} budget is {value}.",
                "{warehouse} spend is capped at {value} per month.",
            ),
            ("$12,000", "$15,000", "$18,000", "$10,000"),
            (
                "What's our monthly {warehouse} budget?",
                "How much can we spend on {warehouse} each month?",
            ),
            ("{warehouse} monthly budget", "{warehouse} spend cap"),
        ),
    ),
    claims=(
        ClaimSpec(
            "revenue-source",
            "The revenue dashboard reads from the {value} table.",
            (
                "Lineage shows the revenue dashboard actually reads from {value}.",
                "Correction: the revenue dashboard is built on {value}.",
            ),
            "Column-level lineage traces the revenue dashboard to {new}; {old} is unused.",
            ("revenue_mart_v1", "revenue_mart_v2", "finance_rollup_v3", "billing_agg_v2"),
            (
                "Which table backs the revenue dashboard?",
                "Where does the revenue dashboard get its numbers?",
            ),
            ("revenue dashboard source table", "revenue dashboard lineage"),
        ),
        ClaimSpec(
            "replication-lag",
            "{source} replication lag is about {value} minutes.",
            (
                "Monitoring shows {source} replication lag averages {value} minutes.",
                "Correction: the {source} replica trails by roughly {value} minutes.",
            ),
            "The lag dashboard averages {new} minutes over the month; {old} was a single sample.",
            ("5", "15", "30", "2"),
            ("How far behind is {source} replication?", "How stale is the {source} replica?"),
            ("{source} replication lag", "replica delay"),
        ),
        ClaimSpec(
            "job-owner-{table}",
            "The {table} job is owned by {value}.",
            (
                "Per the on-call roster, the {table} job belongs to {value}.",
                "Correction: {value} owns the {table} job.",
            ),
            "The ownership file lists {new} for {table}; {old} moved teams.",
            ("Nadia Rahman", "Owen Brooks", "Kenji Watanabe", "Sofia Alvarez"),
            ("Who owns the {table} job?", "Who do I ask when the {table} job breaks?"),
            ("{table} job owner", "{table} owner"),
        ),
        ClaimSpec(
            "churn-definition",
            "Churn is defined as {value} days of inactivity.",
            (
                "The metrics catalog defines churn as {value} days of inactivity.",
                "Correction: churn means {value} days inactive, per the catalog.",
            ),
            "The metrics catalog entry says {new} days; {old} days was the draft.",
            ("30", "60", "90", "45"),
            (
                "How is churn defined?",
                "After how long without activity do we count a customer as churned?",
            ),
            ("churn definition", "inactivity days churn"),
        ),
    ),
    preferences=(
        PreferenceSpec(
            "wide-tables",
            (
                "The analytics team prefers wide, denormalized tables over many small joins.",
                "Analysts like wide denormalized tables rather than lots of joins.",
            ),
            (
                "What table shape does the analytics team like?",
                "Should I normalize the model for the analysts?",
            ),
            ("analytics table shape", "denormalized vs joins"),
        ),
        PreferenceSpec(
            "finance-format",
            ("The finance team wants revenue figures in EUR with two decimal places.",),
            (
                "How should revenue figures be formatted for finance?",
                "Which currency does finance want revenue in?",
            ),
            ("finance revenue format", "revenue currency for finance"),
        ),
        PreferenceSpec(
            "snapshots-{table}",
            (
                "{table} consumers prefer daily snapshots over change logs.",
                "Deliver {table} as daily snapshots; consumers dislike change logs.",
            ),
            (
                "Should {table} be delivered as snapshots or change logs?",
                "How do {table} consumers want the data?",
            ),
            ("{table} delivery format", "{table} snapshots"),
        ),
        PreferenceSpec(
            "sql-first",
            (
                "The data lead prefers SQL models over Python for transformations whenever "
                "possible.",
            ),
            (
                "Should I write this transformation in SQL or Python?",
                "What language do we use for transformations?",
            ),
            ("sql or python transformation", "transformation language"),
        ),
    ),
    tool_outputs=(
        ToolOutputSpec(
            "DAG run",
            (
                "DAG run #{ref} for {dataset}: {result}, {rows} rows in {minutes} min.",
                "Run #{ref} ({dataset}) {result} after {minutes} min with {rows} rows.",
            ),
            ("DAG run #{ref} retry {retry} in {minutes} min.",),
            {
                "dataset": ("orders", "sessions", "payments", "inventory", "events"),
                "result": ("succeeded", "succeeded", "succeeded", "failed"),
                "retry": ("succeeded", "failed again"),
                "rows": tuple(f"{n / 10:.1f}M" for n in range(2, 60, 3)),
                "minutes": tuple(str(n) for n in range(2, 45)),
            },
            ("How did DAG run #{ref} finish?", "Did run #{ref} succeed?"),
            ("dag run #{ref} outcome",),
            first_ref=3_000,
        ),
        ToolOutputSpec(
            "quality check",
            (
                "Quality check #{ref} on {dataset}: {passed} of {total} tests passed.",
                "Data tests #{ref} ({dataset}): {passed}/{total} passing.",
            ),
            ("Quality check #{ref} re-run: {total} of {total} tests passed.",),
            {
                "dataset": ("orders", "sessions", "payments", "inventory", "events"),
                "passed": tuple(str(n) for n in range(30, 48)),
                "total": ("48",),
            },
            ("What did quality check #{ref} report?", "How many tests passed in check #{ref}?"),
            ("quality check #{ref} result",),
            first_ref=60_000,
        ),
    ),
)
