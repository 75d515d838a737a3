-- Signed-in clients and what they keep: favourite cinemas per site, intentions (wish list)
-- and emotions per show. STRICT so a wrong type is refused instead of silently stored.
-- Timestamps are RFC 3339 text written by the store (UTC), so both backends agree.

CREATE TABLE clients (
    id                 TEXT    NOT NULL PRIMARY KEY,
    email              TEXT    NOT NULL,
    first_name         TEXT    NOT NULL DEFAULT '',
    last_name          TEXT    NOT NULL DEFAULT '',
    photo_url          TEXT,
    registered         INTEGER NOT NULL DEFAULT 1 CHECK (registered IN (0, 1)),
    email_verified     INTEGER NOT NULL DEFAULT 0 CHECK (email_verified IN (0, 1)),
    first_login        INTEGER NOT NULL DEFAULT 1 CHECK (first_login IN (0, 1)),
    send_newsletter    INTEGER NOT NULL DEFAULT 0 CHECK (send_newsletter IN (0, 1)),
    mail_communication INTEGER NOT NULL DEFAULT 0 CHECK (mail_communication IN (0, 1)),
    loyalty_level      TEXT,
    created_at         TEXT    NOT NULL,
    updated_at         TEXT    NOT NULL
) STRICT;

-- The rowid orders a client's list: a new favourite gets a larger id than every existing
-- row, so "newest first" is ORDER BY id DESC without a position column to renumber.
-- The unique key makes a repeated add a no-op and serves the per-client lookups.
CREATE TABLE favourite_cinemas (
    id          INTEGER NOT NULL PRIMARY KEY,
    client_id   TEXT    NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
    site        TEXT    NOT NULL,
    cinema_slug TEXT    NOT NULL,
    added_at    TEXT    NOT NULL,
    UNIQUE (client_id, site, cinema_slug)
) STRICT;

CREATE TABLE show_intentions (
    client_id  TEXT    NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
    show_slug  TEXT    NOT NULL,
    intention  INTEGER NOT NULL CHECK (intention BETWEEN 0 AND 32767),
    updated_at TEXT    NOT NULL,
    PRIMARY KEY (client_id, show_slug)
) STRICT, WITHOUT ROWID;

CREATE TABLE show_emotions (
    client_id  TEXT NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
    show_slug  TEXT NOT NULL,
    emotion    TEXT NOT NULL CHECK (emotion IN ('disappointed', 'liked', 'loved')),
    updated_at TEXT NOT NULL,
    PRIMARY KEY (client_id, show_slug)
) STRICT, WITHOUT ROWID;
