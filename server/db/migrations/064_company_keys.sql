-- Keys per company (record 0282): each company's seal and gate-signing keys are derived from the
-- installation's secrets with the company in the purpose (server/acceptance/installation-key.ts),
-- so their ids differ per company. installation_keys records, beside the installation's own rows
-- (company 1: a secret, or 'archivo' in key-file mode), the id of each key derived for another
-- company ('derivada': the secret is never stored twice), with that company; an acceptance names
-- the pair, so a row of one company cannot name another company's key id unless a row says that
-- key is its company's — and the chain check of a company holds only that company's keys.
-- Key ids are 8 hex characters: across many companies two may meet, so the pair is the key.
-- Every existing row is company 1's (the default): no acceptance changes, no trigger fires.
-- Written for PostgreSQL 15 and PGlite alike.
ALTER TABLE installation_keys ADD COLUMN company_id integer NOT NULL DEFAULT 1 REFERENCES companies (id);
ALTER TABLE acceptances DROP CONSTRAINT acceptances_key_id_fkey;
ALTER TABLE installation_keys DROP CONSTRAINT installation_keys_pkey;
ALTER TABLE installation_keys ADD CONSTRAINT installation_keys_pkey PRIMARY KEY (key_id, company_id);
ALTER TABLE acceptances ADD CONSTRAINT acceptances_key_company_fkey
  FOREIGN KEY (key_id, company_id) REFERENCES installation_keys (key_id, company_id);
