-- Signed-in clients and what they keep: favourite cinemas per site, intentions (wish list)
-- and emotions per show. Same shape as migrations/sqlite, in PostgreSQL's types.

CREATE TABLE clients (
    id                 TEXT        NOT NULL PRIMARY KEY,
    email              TEXT        NOT NULL,
    first_name         TEXT        NOT NULL DEFAULT '',
    last_name          TEXT        NOT NULL DEFAULT '',
    photo_url          TEXT,
    registered         BOOLEAN     NOT NULL DEFAULT TRUE,
    email_verified     BOOLEAN     NOT NULL DEFAULT FALSE,
    first_login        BOOLEAN     NOT NULL DEFAULT TRUE,
    send_newsletter    BOOLEAN     NOT NULL DEFAULT FALSE,
    mail_communication BOOLEAN     NOT NULL DEFAULT FALSE,
    loyalty_level      TEXT,
    created_at         TIMESTAMPTZ NOT NULL,
    updated_at         TIMESTAMPTZ NOT NULL
);

-- The identity orders a client's list: writers of one client are serialised by a row lock
-- on `clients`, so a newer favourite always has a larger id ("newest first" = id DESC).
CREATE TABLE favourite_cinemas (
    id          BIGINT      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    client_id   TEXT        NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
    site        TEXT        NOT NULL,
    cinema_slug TEXT        NOT NULL,
    added_at    TIMESTAMPTZ NOT NULL,
    UNIQUE (client_id, site, cinema_slug)
);

CREATE TABLE show_intentions (
    client_id  TEXT        NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
    show_slug  TEXT        NOT NULL,
    intention  SMALLINT    NOT NULL CHECK (intention >= 0),
    updated_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (client_id, show_slug)
);

CREATE TABLE show_emotions (
    client_id  TEXT        NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
    show_slug  TEXT        NOT NULL,
    emotion    TEXT        NOT NULL CHECK (emotion IN ('disappointed', 'liked', 'loved')),
    updated_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (client_id, show_slug)
);
