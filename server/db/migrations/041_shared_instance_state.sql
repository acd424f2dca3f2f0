-- What two server instances on one PostgreSQL must share (decision 0233).
-- The sign-in budget per account (decision 0053), until now in each process's memory: failures
-- in a row, the last one, and the wait before the next try. key_hash is sha256 of the account
-- key (a learner id, or the identifier typed when no such learner exists).
CREATE TABLE sign_in_failures (
  key_hash text PRIMARY KEY,
  count integer NOT NULL,
  last_at timestamptz NOT NULL,
  until timestamptz
);
CREATE INDEX sign_in_failures_last_idx ON sign_in_failures (last_at);

-- Secrets every instance must use alike: the XSRF signing key when XSRF_SECRET is not set (a
-- token signed by one instance is checked by another). Created once by whichever starts first.
CREATE TABLE server_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
