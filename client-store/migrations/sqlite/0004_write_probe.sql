-- One row the API's readiness check (`/readyz`) writes on every check: a real write, so a
-- store that cannot write (a read-only file or folder, a full disk) makes the server not
-- ready instead of failing its clients' writes. One row, whoever writes it.
CREATE TABLE write_probe (
    id         INTEGER NOT NULL PRIMARY KEY CHECK (id = 1),
    checked_at INTEGER NOT NULL,
    checked_by TEXT    NOT NULL
) STRICT;
