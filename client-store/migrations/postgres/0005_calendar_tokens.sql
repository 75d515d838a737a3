-- The secret of a client's private calendar feed, one per site (issue 17): only its SHA-256
-- (hex) is kept, so the table names no feed URL. Creating a new one replaces the row;
-- revoking deletes it.
CREATE TABLE calendar_tokens (
    client_id  TEXT        NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
    site       TEXT        NOT NULL,
    token_hash TEXT        NOT NULL UNIQUE CHECK (length(token_hash) = 64),
    created_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (client_id, site)
);
