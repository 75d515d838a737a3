-- One row the API's readiness check (`/readyz`) writes on every check: a real write, so a
-- database that went read-only (a failed-over primary, a full disk, a revoked grant) makes
-- the replica not ready instead of failing its clients' writes. One row, whoever writes it.
CREATE TABLE write_probe (
    id         INTEGER NOT NULL PRIMARY KEY CHECK (id = 1),
    checked_at BIGINT  NOT NULL,
    checked_by TEXT    NOT NULL
);
