-- Keys spent once until they expire: captcha solutions (a replay is refused), shared by every
-- API replica through the store. Expired rows are purged in small batches as keys are spent.
CREATE TABLE spent_keys (
    key        TEXT   NOT NULL PRIMARY KEY,
    expires_at BIGINT NOT NULL
);

CREATE INDEX spent_keys_expiry ON spent_keys (expires_at);
