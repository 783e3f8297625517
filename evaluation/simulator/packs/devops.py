"""DevOps: services, deploys, clusters, alerts, CI and the vendors around them."""

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
    name="devops",
    entities={
        "service": (
            "checkout-service",
            "payments-api",
            "search-indexer",
            "auth-gateway",
            "notification-worker",
            "billing-service",
            "inventory-api",
            "ledger-service",
            "pricing-engine",
            "media-transcoder",
        ),
        "payments": ("Stripe", "Adyen", "Braintree"),
        "registry": ("Artifactory", "Harbor", "Quay"),
        "alerting": ("PagerDuty", "Opsgenie", "Squadcast"),
    },
    principles=(
        PrincipleSpec(
            "migrations-first",
            "Run database migrations before deploying a new API version that depends on them.",
            (
                "In what order should I ship a schema change and the API code that uses it?",
                "My new endpoint needs a new column. What goes out first?",
            ),
            ("schema change and api deploy order", "migration before release"),
        ),
        PrincipleSpec(
            "canary",
            "Every production deploy goes through a canary stage first.",
            (
                "Can I push this release straight to all production hosts?",
                "What's the rollout path for a production release?",
            ),
            ("production rollout stages", "release to all hosts at once"),
        ),
        PrincipleSpec(
            "secrets",
            "Secrets never live in the repository; they belong in the secrets manager.",
            (
                "Where should I put the new API key for the service?",
                "Is it fine to commit the database password to the config file?",
            ),
            ("where to store api key", "credentials in git"),
        ),
        PrincipleSpec(
            "runbooks",
            "Every alert that pages a human must link to a runbook.",
            (
                "What does a new paging alert need before it goes live?",
                "I'm adding an alert that wakes people up. Anything it must include?",
            ),
            ("new paging alert checklist", "alert without runbook"),
        ),
        PrincipleSpec(
            "rollback-first",
            "When a deploy breaks production, roll back first and debug afterwards.",
            (
                "Production broke right after a deploy. Should I debug it live?",
                "A release just took the site down. What's the first move?",
            ),
            ("release broke production", "debug live or roll back"),
        ),
        PrincipleSpec(
            "infra-as-code",
            "Changes to production infrastructure go through reviewed Terraform, never by hand "
            "in the console.",
            (
                "Can I just tweak the load balancer settings in the cloud console?",
                "How should infrastructure changes reach production?",
            ),
            ("manual console change", "infrastructure change process"),
        ),
    ),
    lessons=(
        LessonSpec(
            "flaky-integration-tests",
            (
                "integration tests turn flaky",
                "the integration suite fails at random",
                "integration tests flake on the build server",
            ),
            (
                "reset the test database between runs",
                "make sure the test database is wiped before each run",
                "check that the test database gets reset first",
            ),
            (
                "since leftover rows from earlier runs leak between tests",
                "because state left in the database leaks across tests",
            ),
            (
                "Why would the integration tests keep failing intermittently?",
                "The integration suite is red on some runs and green on others. Where do I start?",
            ),
            ("flaky integration tests", "intermittent test failures"),
        ),
        LessonSpec(
            "disk-pressure",
            (
                "a node runs out of disk",
                "disk pressure starts evicting pods on a node",
                "a node fills up its disk",
            ),
            (
                "prune old container images before adding storage",
                "clean up unused container images first, then think about bigger volumes",
                "garbage-collect stale images on the node before resizing the disk",
            ),
            (
                "because image layers are usually what fills it",
                "as old image layers are the usual culprit",
            ),
            (
                "A node keeps hitting disk pressure. What's the first fix?",
                "Pods are being evicted because a node's disk is full. What should I do?",
            ),
            ("node disk full", "disk pressure evictions"),
        ),
        LessonSpec(
            "cert-expiry",
            (
                "a certificate is close to expiry",
                "the certificate expiry alert fires",
                "a cert is about to lapse",
            ),
            (
                "renew it through the cert manager and restart the ingress pods",
                "trigger a renewal in the cert manager, then roll the ingress",
                "run the cert manager renewal and bounce the ingress controller",
            ),
            (
                "because the ingress caches the old certificate",
                "since the ingress keeps serving the cached cert until restarted",
            ),
            (
                "The cert expiry alert went off. What do I do?",
                "How do I handle a TLS certificate that's about to run out?",
            ),
            ("certificate expiring soon", "cert renewal ingress"),
        ),
        LessonSpec(
            "memory-leak",
            (
                "a service's memory climbs steadily after a deploy",
                "a pod keeps getting killed for running out of memory",
                "memory usage creeps up until the container restarts",
            ),
            (
                "take a heap profile before touching the memory limit",
                "capture a heap dump first, because bumping the limit only hides the leak",
                "profile the heap before anyone adjusts the container limit",
            ),
            (
                "since extra memory just delays the crash",
                "as a bigger limit only postpones the restart",
            ),
            (
                "A service's memory keeps growing until it gets killed. Should I just give it "
                "more RAM?",
                "What's the right first step for a pod that keeps running out of memory?",
            ),
            ("service memory keeps growing", "pod killed out of memory"),
        ),
        LessonSpec(
            "dns-after-upgrade",
            (
                "calls between services start timing out after a cluster upgrade",
                "service-to-service requests time out right after an upgrade",
                "internal calls hang after the cluster is upgraded",
            ),
            (
                "check the cluster DNS pods and their cache settings first",
                "look at cluster DNS health before touching the services",
                "restart the cluster DNS pods and verify their config map",
            ),
            (
                "as upgrades often reset the resolver config",
                "because the upgrade tends to reset the resolver settings",
            ),
            (
                "After the cluster upgrade, calls between services are timing out. Where should "
                "I look?",
                "Internal requests hang since we upgraded the cluster. What's the usual cause?",
            ),
            ("timeouts after cluster upgrade", "internal calls hang after upgrade"),
        ),
        LessonSpec(
            "stuck-rollout",
            (
                "a rollout hangs halfway",
                "a deployment gets stuck in progress",
                "a rollout stalls with pods pending",
            ),
            (
                "check the namespace resource quota before rolling back",
                "look at the namespace quota first, pending pods usually mean it is exhausted",
                "inspect the quota on the namespace before anything else",
            ),
            (
                "because an exhausted quota leaves new pods pending",
                "since pending pods almost always point at the quota",
            ),
            (
                "Our rollout is stuck with pods pending. What's likely wrong?",
                "A deployment has been in progress for an hour. What should I look at?",
            ),
            ("rollout stuck pending pods", "deployment stuck in progress"),
        ),
        LessonSpec(
            "noisy-alert",
            (
                "an alert fires every night and resolves itself",
                "a noisy alert keeps paging and clearing on its own",
                "a page auto-resolves before anyone looks at it",
            ),
            (
                "raise its threshold or turn it into a ticket instead of a page",
                "demote it to a ticket or tune the threshold",
                "retune the threshold, or downgrade it from a page to a ticket",
            ),
            (
                "because pager fatigue hides the real incidents",
                "so that the pages that matter still get attention",
            ),
            (
                "An alert pages every night and then clears itself. What should we do about it?",
                "How do we deal with an alert that keeps waking people for nothing?",
            ),
            ("noisy alert paging at night", "self-resolving page"),
        ),
        LessonSpec(
            "log-costs",
            (
                "the logging bill spikes",
                "log ingestion costs jump",
                "the log volume suddenly balloons",
            ),
            (
                "find the chattiest service and drop its debug logs",
                "sample the debug logs of the noisiest service first",
                "track down the loudest service and turn its debug logging off",
            ),
            (
                "since a single chatty service usually explains most of it",
                "because debug logs from a single service dominate the volume",
            ),
            (
                "Our log costs suddenly went up a lot. What's the usual fix?",
                "Why would log ingestion volume jump overnight, and what do I do?",
            ),
            ("logging bill spike", "log volume jump"),
        ),
    ),
    integrations=(
        IntegrationSpec(
            "payments-webhooks",
            (
                "Hotfix: restart the payments worker when the {payments} webhook queue stalls.",
                "When {payments} webhooks pile up, bounce the payments worker; it drains after "
                "a restart.",
                "Workaround for stuck {payments} webhooks: restart the payments worker pods.",
            ),
            (
                "The payments worker was rewritten on a durable queue; {payments} webhook stalls "
                "now recover on their own and restarts are unnecessary.",
            ),
            (
                "The {payments} webhook queue stalled. What do I do?",
                "How should I handle a stalled webhook queue?",
            ),
            ("{payments} webhook queue stalled", "webhooks piling up"),
        ),
        IntegrationSpec(
            "registry-pulls",
            (
                "Workaround: {registry} image pulls time out from the build agents, so run the "
                "warm-cache job to pre-pull base images before a release.",
                "Hotfix: pre-pull base images with the warm-cache job, since {registry} pulls "
                "time out on the build agents.",
            ),
            (
                "Build agents now pull through the new {registry} mirror; the warm-cache job "
                "is retired and image pulls complete normally.",
            ),
            (
                "Image pulls from {registry} keep timing out during builds. Any fix?",
                "Do I still need to warm the image cache before a release build?",
            ),
            ("{registry} pull timeout on build agents", "warm image cache before release"),
        ),
        IntegrationSpec(
            "alert-routing",
            (
                "Hotfix: {alerting} drops pages for the database team, so also post critical "
                "database alerts to the on-call channel by hand.",
                "Until {alerting} routing is fixed, copy critical database alerts into the "
                "on-call channel manually.",
            ),
            (
                "The {alerting} routing was rebuilt with per-team escalation policies; database "
                "pages arrive directly and the manual channel post is unnecessary.",
            ),
            (
                "How do we make sure the database team actually gets paged through {alerting}?",
                "Should critical database alerts still be posted to the on-call channel?",
            ),
            ("database team pages missing", "{alerting} routing database alerts"),
        ),
    ),
    states=(
        StateSpec(
            "deploy-{service}",
            "deploy:{service}",
            (
                "Deployment status of {service}: {value}.",
                "{service} deploy update: {value}.",
            ),
            (
                "v4.1.0 rolled out and healthy",
                "v4.2.0 degraded after the rollout",
                "v4.2.1 rolled out and healthy",
                "v4.3.0 in canary on 10% of traffic",
                "v4.3.1 fully rolled out and healthy",
            ),
            (
                "What's the current deployment status of {service}?",
                "Is {service} healthy right now?",
            ),
            ("{service} deployment status", "{service} rollout health"),
        ),
        StateSpec(
            "staging-autoscaler",
            "limit:staging-autoscaler",
            (
                "The staging cluster autoscaler allows at most {value} nodes.",
                "Staging autoscaling is capped at {value} nodes.",
            ),
            ("20", "40", "30", "60", "25"),
            ("How many nodes can the staging cluster scale to?", "What's the node cap on staging?"),
            ("staging autoscaler max nodes", "staging node cap"),
        ),
        StateSpec(
            "version-{service2}",
            "version:{service2}",
            (
                "Production runs {service2} version {value}.",
                "{service2} in production is at version {value}.",
            ),
            ("2.8.3", "2.9.0", "3.0.1", "3.1.0", "3.1.4"),
            ("Which version of {service2} is in production?", "What {service2} release is live?"),
            ("{service2} production version", "{service2} live release"),
        ),
        StateSpec(
            "on-call",
            "rota:primary-on-call",
            (
                "The primary on-call engineer this rotation is {value}.",
                "On-call handover: {value} is now primary.",
            ),
            ("Alex Kim", "Jordan Reyes", "Sam Patel", "Riley Chen", "Morgan Diaz"),
            ("Who is on call right now?", "Who is the primary on-call engineer this rotation?"),
            ("current primary on-call", "who is on call"),
        ),
        StateSpec(
            "change-freeze",
            "date:change-freeze",
            (
                "The holiday change freeze starts on {value}.",
                "Change freeze for the holidays begins {value}.",
            ),
            ("December 15", "December 18", "December 12", "December 20"),
            (
                "When does the change freeze begin?",
                "Until when can we still ship before the holidays?",
            ),
            ("holiday change freeze date", "change freeze start"),
        ),
        StateSpec(
            "latency-slo",
            "slo:api-latency",
            (
                "The API p99 latency SLO is {value} ms.",
                "Our p99 latency objective for the API is now {value} ms.",
            ),
            ("300", "250", "400", "200"),
            (
                "What's our latency target for the API?",
                "How fast does the API have to be at the tail?",
            ),
            ("api latency slo", "tail latency objective"),
        ),
        StateSpec(
            "log-retention",
            "policy:log-retention",
            (
                "Application logs are retained for {value} days.",
                "We keep application logs {value} days before deletion.",
            ),
            ("30", "14", "90", "60"),
            ("How long do we keep application logs?", "Are logs from two months ago still around?"),
            ("log retention period", "application log retention"),
        ),
    ),
    claims=(
        ClaimSpec(
            "outage-cause",
            "The checkout outage was caused by a {value}.",
            (
                "The postmortem found the checkout outage was actually caused by a {value}.",
                "Correction from the postmortem: a {value} caused the checkout outage.",
            ),
            "The postmortem timeline shows the {new} first; the {old} came after the outage began.",
            ("Redis failover", "Kafka broker restart", "Nginx config push", "Postgres vacuum"),
            (
                "What caused the checkout outage?",
                "What was the root cause of the checkout incident?",
            ),
            ("checkout outage root cause", "checkout incident cause"),
        ),
        ClaimSpec(
            "backup-region",
            "Nightly database backups are replicated to {value}.",
            (
                "Verified in the backup config: nightly database backups go to {value}.",
                "Correction: database backups replicate to {value} every night.",
            ),
            "The backup job config targets {new}; {old} only held a one-off copy.",
            ("us-west-2", "eu-central-1", "us-east-2", "ap-south-1"),
            (
                "Where do our nightly database backups get copied to?",
                "Which region holds the backup replicas?",
            ),
            ("backup replication region", "where backups are stored"),
        ),
        ClaimSpec(
            "db-connections",
            "The primary database allows {value} connections.",
            (
                "Checked the parameter group: the primary database's connection limit is {value}.",
                "Correction: max connections on the primary database is {value}.",
            ),
            "The parameter group sets max_connections to {new}, not {old}.",
            ("500", "200", "1000", "300"),
            (
                "How many connections can the primary database take?",
                "What's the connection cap on the main database?",
            ),
            ("primary database connection limit", "max connections"),
        ),
        ClaimSpec(
            "owner-{service}",
            "{service} is owned by the {value} team.",
            (
                "According to the service catalog, {service} belongs to the {value} team.",
                "Correction: the {value} team owns {service}.",
            ),
            "The service catalog lists {new} as owner of {service}; {old} only contributed.",
            ("Platform", "Payments", "Growth", "Search"),
            ("Which team owns {service}?", "Who do I ask about changes to {service}?"),
            ("{service} owning team", "{service} owner"),
        ),
    ),
    preferences=(
        PreferenceSpec(
            "deploy-days",
            (
                "The team prefers deploys on Tuesday and Wednesday mornings.",
                "Deploys are preferred on Tuesday or Wednesday mornings.",
            ),
            (
                "When does the team like to ship deploys?",
                "Is Friday afternoon a good time to deploy?",
            ),
            ("preferred deploy days", "best day to deploy"),
        ),
        PreferenceSpec(
            "incident-updates",
            (
                "The SRE lead wants incident updates in the incident channel every 30 minutes, "
                "not in direct messages.",
            ),
            (
                "Where and how often should I post incident updates?",
                "Should I message the SRE lead directly during an incident?",
            ),
            ("incident update cadence", "where to post incident updates"),
        ),
        PreferenceSpec(
            "flags-{service}",
            (
                "{service} owners prefer feature flags over long-lived branches for risky changes.",
                "For risky {service} changes, the owners like feature flags rather than "
                "long-running branches.",
            ),
            (
                "How do {service} owners like risky changes to be shipped?",
                "Should I keep my {service} change on a branch until it's done?",
            ),
            ("{service} feature flags", "risky change on branch"),
        ),
        PreferenceSpec(
            "small-prs",
            ("Reviewers prefer small pull requests under 400 lines.",),
            (
                "How big should my pull request be?",
                "Is a 2,000-line pull request okay to send for review?",
            ),
            ("pull request size", "large pull request review"),
        ),
    ),
    tool_outputs=(
        ToolOutputSpec(
            "CI job",
            (
                "CI job {ref} {result} in {minutes} minutes on {branch}.",
                "Pipeline: job {ref} {result} after {minutes} minutes ({branch}).",
            ),
            ("CI job {ref} re-run {rerun} in {minutes} minutes.",),
            {
                "result": ("passed", "passed", "passed", "failed", "was cancelled"),
                "rerun": ("passed", "failed again"),
                "minutes": tuple(str(n) for n in range(3, 25)),
                "branch": ("main", "a release branch", "a feature branch"),
            },
            ("Did CI job {ref} pass?", "How did job {ref} end up?"),
            ("job {ref} result",),
            first_ref=50_000,
        ),
        ToolOutputSpec(
            "build",
            (
                "Build #{ref} published image {tag} for the {component}.",
                "Image build #{ref}: {component} tagged {tag}.",
            ),
            ("Build #{ref} image {tag} promoted to staging.",),
            {
                "tag": tuple(f"sha-{n:04x}" for n in range(4096, 4096 + 64)),
                "component": ("api", "worker", "frontend", "scheduler"),
            },
            ("What did build #{ref} produce?", "Which image came out of build #{ref}?"),
            ("build #{ref} image",),
            first_ref=7_000,
        ),
    ),
)
