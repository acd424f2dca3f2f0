-- The wall made strict (record 0285): a transaction that names no company is refused by the
-- database, never answered as company 1's. Migration 063 let it act for company 1 while every
-- path of the server came to name its company (record 0283); they all do now, so a statement
-- that forgets its company is an error the tests see, not company 1's rows for another company.
-- The policies call these two functions, so a read, a change and an insert (the policy checks the
-- new row) without a company are all refused wherever the wall holds.
--
-- The columns' default no longer calls them: `company_default()` gives an unnamed insert company 1.
-- It matters only where the wall does not hold — a superuser, which bypasses every policy: the
-- installation's own tools on PGlite (seeding, benches) — and that user is outside the wall by
-- definition (record 0283); everywhere else the policy refuses the row before it is stored.
-- Each function body on one line (migrate.ts splits statements at a ';' that ends a line).
CREATE FUNCTION company_scope_missing() RETURNS integer LANGUAGE plpgsql STABLE AS $$ BEGIN RAISE EXCEPTION 'company_wall: la transacción no nombra su empresa (app.company_id)' USING ERRCODE = '42501'; END $$;
CREATE OR REPLACE FUNCTION company_scope_low() RETURNS integer LANGUAGE sql STABLE AS $$ SELECT CASE COALESCE(current_setting('app.company_id', true), '') WHEN 'todas' THEN 0 WHEN '' THEN company_scope_missing() ELSE current_setting('app.company_id', true)::integer END $$;
CREATE OR REPLACE FUNCTION company_scope_high() RETURNS integer LANGUAGE sql STABLE AS $$ SELECT CASE COALESCE(current_setting('app.company_id', true), '') WHEN 'todas' THEN 2147483647 WHEN '' THEN company_scope_missing() ELSE current_setting('app.company_id', true)::integer END $$;
CREATE FUNCTION company_default() RETURNS integer LANGUAGE sql STABLE AS $$ SELECT CASE COALESCE(current_setting('app.company_id', true), '') WHEN 'todas' THEN 0 WHEN '' THEN 1 ELSE current_setting('app.company_id', true)::integer END $$;
ALTER TABLE users ALTER COLUMN company_id SET DEFAULT company_default();
ALTER TABLE progress ALTER COLUMN company_id SET DEFAULT company_default();
ALTER TABLE tokens ALTER COLUMN company_id SET DEFAULT company_default();
ALTER TABLE certificates ALTER COLUMN company_id SET DEFAULT company_default();
ALTER TABLE certificate_links ALTER COLUMN company_id SET DEFAULT company_default();
ALTER TABLE induction_cycles ALTER COLUMN company_id SET DEFAULT company_default();
ALTER TABLE answers ALTER COLUMN company_id SET DEFAULT company_default();
ALTER TABLE learning_sessions ALTER COLUMN company_id SET DEFAULT company_default();
ALTER TABLE audit_log ALTER COLUMN company_id SET DEFAULT company_default();
ALTER TABLE invitations ALTER COLUMN company_id SET DEFAULT company_default();
ALTER TABLE data_notice_versions ALTER COLUMN company_id SET DEFAULT company_default();
ALTER TABLE obras ALTER COLUMN company_id SET DEFAULT company_default();
ALTER TABLE import_jobs ALTER COLUMN company_id SET DEFAULT company_default();
ALTER TABLE console_notices ALTER COLUMN company_id SET DEFAULT company_default();
ALTER TABLE console_invitation_sheets ALTER COLUMN company_id SET DEFAULT company_default();
ALTER TABLE shown_texts ALTER COLUMN company_id SET DEFAULT company_default();
ALTER TABLE acceptances ALTER COLUMN company_id SET DEFAULT company_default();
ALTER TABLE acceptance_chain_head ALTER COLUMN company_id SET DEFAULT company_default();
ALTER TABLE published_statements ALTER COLUMN company_id SET DEFAULT company_default();
ALTER TABLE audit_samples ALTER COLUMN company_id SET DEFAULT company_default();
ALTER TABLE audit_exclusions ALTER COLUMN company_id SET DEFAULT company_default();
ALTER TABLE sign_in_failures ALTER COLUMN company_id SET DEFAULT company_default();
