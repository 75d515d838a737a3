-- Cards looked up by the voucher checker and the gift-card page, per site.
-- Dates are ISO 8601 text (YYYY-MM-DD); amounts are integer cents.

CREATE TABLE vouchers (
    site          TEXT    NOT NULL,
    code          TEXT    NOT NULL,
    label         TEXT    NOT NULL,
    kind          TEXT    NOT NULL,
    valid_until   TEXT,
    balance_cents INTEGER CHECK (balance_cents >= 0),
    status        TEXT    NOT NULL CHECK (status IN ('valid', 'used', 'expired', 'cancelled')),
    updated_at    TEXT    NOT NULL,
    PRIMARY KEY (site, code)
) STRICT, WITHOUT ROWID;

CREATE TABLE gift_cards (
    site          TEXT    NOT NULL,
    number        TEXT    NOT NULL,
    pin           TEXT    NOT NULL,
    balance_cents INTEGER NOT NULL CHECK (balance_cents >= 0),
    currency      TEXT    NOT NULL,
    valid_until   TEXT,
    updated_at    TEXT    NOT NULL,
    PRIMARY KEY (site, number)
) STRICT, WITHOUT ROWID;
