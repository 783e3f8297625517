-- Run once by the pgvector/pgvector image on an empty data volume (compose.yaml mounts it
-- into /docker-entrypoint-initdb.d). POSTGRES_DB creates the store's database `memgov`;
-- the Dagster instance gets its own database on the same server.
CREATE DATABASE dagster;
