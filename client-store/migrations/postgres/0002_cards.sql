-- Cards looked up by the voucher checker and the gift-card page, per site.
-- Amounts are integer cents.

CREATE TABLE vouchers (
    site          TEXT        NOT NULL,
    code          TEXT        NOT NULL,
    label         TEXT        NOT NULL,
    kind          TEXT        NOT NULL,
    valid_until   DATE,
    balance_cents BIGINT      CHECK (balance_cents >= 0),
    status        TEXT        NOT NULL CHECK (status IN ('valid', 'used', 'expired', 'cancelled')),
    updated_at    TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (site, code)
);

CREATE TABLE gift_cards (
    site          TEXT        NOT NULL,
    number        TEXT        NOT NULL,
    pin           TEXT        NOT NULL,
    balance_cents BIGINT      NOT NULL CHECK (balance_cents >= 0),
    currency      TEXT        NOT NULL,
    valid_until   DATE,
    updated_at    TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (site, number)
);
