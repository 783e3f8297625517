# Memgov in one image: the HTTP/MCP API, the dashboard, the Dagster webserver, the Dagster
# daemon and the code location that runs every curation run as a run worker process.
# PostgreSQL with pgvector is a separate service (compose.yaml); see docs/deployment.md.
#
#   docker build -t memgov .
#   docker compose up -d        # the whole deployment
FROM python:3.11-slim-bookworm

ENV PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    HF_HUB_OFFLINE=1 \
    TRANSFORMERS_OFFLINE=1 \
    MEMGOV_HOME=/var/lib/memgov \
    DAGSTER_HOME=/var/lib/memgov/dagster-production

RUN useradd --create-home --uid 10001 memgov \
    && mkdir -p /var/lib/memgov \
    && chown memgov:memgov /var/lib/memgov

WORKDIR /app

# the largest layer first and on its own, pinned as in the Makefile
RUN pip install torch==2.13.0

COPY pyproject.toml README.md workspace.yaml ./
COPY curation ./curation
COPY orchestration ./orchestration
COPY evaluation ./evaluation
COPY dashboard ./dashboard
COPY api ./api
# editable, as `make install` does: workspace.yaml and the dashboard's app.py are
# loaded from /app
RUN pip install -e . \
    && python -c "import orchestration.definitions"

USER memgov
VOLUME ["/var/lib/memgov"]
# API, dashboard, Dagster webserver, code location (gRPC)
EXPOSE 8787 8501 3000 4000
CMD ["memgov", "--help"]
