-- The acceptance chain's head (decision 0258): how many acceptances the chain holds, the last
-- seal and the first and last receipt times, sealed with the installation key (HMAC) and moved
-- forward in the same transaction as each acceptance, under the acceptances table lock
-- (server/acceptance/chain-head.ts). Deleting the newest acceptances, or emptying the table, no
-- longer goes unnoticed: the rows no longer match the head.

-- One row. Created here with the rows present at the upgrade; the server seals it the first time
-- it loads the key, then only moves it forward.
CREATE TABLE acceptance_chain_head (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  count bigint NOT NULL,
  last_seal text NOT NULL,
  first_received_at timestamptz,
  last_received_at timestamptz,
  key_id text,
  seal text,
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO acceptance_chain_head (count, last_seal, first_received_at, last_received_at)
  SELECT count(*), COALESCE((SELECT seal FROM acceptances ORDER BY id DESC LIMIT 1), repeat('0', 64)),
         min(received_at), max(received_at)
    FROM acceptances;

-- The head row is moved, never removed; TRUNCATE of either table is refused like DELETE (the
-- table owner can still switch the triggers off: then the head no longer matches the rows).
CREATE FUNCTION acceptance_chain_head_kept() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'acceptance_chain_head is kept'; END $$;
CREATE TRIGGER acceptance_chain_head_no_delete BEFORE DELETE ON acceptance_chain_head FOR EACH ROW EXECUTE FUNCTION acceptance_chain_head_kept();
CREATE TRIGGER acceptance_chain_head_no_truncate BEFORE TRUNCATE ON acceptance_chain_head FOR EACH STATEMENT EXECUTE FUNCTION acceptance_chain_head_kept();
CREATE TRIGGER acceptances_no_truncate BEFORE TRUNCATE ON acceptances FOR EACH STATEMENT EXECUTE FUNCTION acceptances_append_only();
