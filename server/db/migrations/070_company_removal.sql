-- A company that leaves (record 0293): the one sanctioned path that deletes a company's rows.
-- The append-only tables (audit_log, acceptances, shown_texts, published_statements, audit_samples,
-- audit_exclusions, company_configs; acceptance_chain_head is kept) refuse every UPDATE and DELETE.
-- Their triggers now let a DELETE through for one company only: the company the transaction names
-- in `app.company_removal`, which only `remove_company(p)` below sets (as a local setting, for
-- the rest of its transaction). The platform's deletion calls it after the company's export was
-- downloaded (server/platform/remove-company.ts); nothing else does. An UPDATE and a TRUNCATE are
-- refused as before, and so is any DELETE of another company's rows in that transaction.
-- Whoever owns the tables could always drop a trigger: the path makes a deletion one visible act,
-- written to the platform's audit, not a bypass of an owner.
--
-- `remove_company(p)` deletes the company's rows from every table that holds them, children
-- first, then its keys' ids and its `companies` row; company 1 (the installation's own) is
-- refused. A table added later that holds a company's rows must be added to it: the platform's
-- test lists every table with a `company_id` column and checks the deleted company has none.
-- The platform's audit keeps naming the company's number: its reference to `companies` is
-- dropped (a reference would refuse the delete, and the audit is append-only).
-- Written for PostgreSQL 15 and PGlite alike; each function body on one line (migrate.ts splits
-- statements at a ';' that ends a line).
CREATE FUNCTION company_removal_allows(c integer) RETURNS boolean LANGUAGE sql STABLE AS $$ SELECT c IS NOT NULL AND c <> 1 AND COALESCE(current_setting('app.company_removal', true), '') = c::text $$;

CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF TG_OP = 'DELETE' THEN IF company_removal_allows(OLD.company_id) THEN RETURN OLD; END IF; END IF; RAISE EXCEPTION 'audit_log is append-only'; END $$;
CREATE OR REPLACE FUNCTION acceptances_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF TG_OP = 'DELETE' THEN IF company_removal_allows(OLD.company_id) THEN RETURN OLD; END IF; END IF; RAISE EXCEPTION 'acceptances is append-only'; END $$;
CREATE OR REPLACE FUNCTION shown_texts_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF TG_OP = 'DELETE' THEN IF company_removal_allows(OLD.company_id) THEN RETURN OLD; END IF; END IF; RAISE EXCEPTION 'shown_texts is append-only'; END $$;
CREATE OR REPLACE FUNCTION audit_samples_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF TG_OP = 'DELETE' THEN IF company_removal_allows(OLD.company_id) THEN RETURN OLD; END IF; END IF; RAISE EXCEPTION 'audit_samples is append-only'; END $$;
CREATE OR REPLACE FUNCTION published_statements_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF TG_OP = 'DELETE' THEN IF company_removal_allows(OLD.company_id) THEN RETURN OLD; END IF; END IF; RAISE EXCEPTION 'published_statements is append-only'; END $$;
CREATE OR REPLACE FUNCTION audit_exclusions_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF TG_OP = 'DELETE' THEN IF company_removal_allows(OLD.company_id) THEN RETURN OLD; END IF; END IF; RAISE EXCEPTION 'audit_exclusions is append-only'; END $$;
CREATE OR REPLACE FUNCTION acceptance_chain_head_kept() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF TG_OP = 'DELETE' THEN IF company_removal_allows(OLD.company_id) THEN RETURN OLD; END IF; END IF; RAISE EXCEPTION 'acceptance_chain_head is kept'; END $$;
CREATE OR REPLACE FUNCTION company_configs_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF TG_OP = 'DELETE' THEN IF company_removal_allows(OLD.company_id) THEN RETURN OLD; END IF; END IF; RAISE EXCEPTION 'company_configs is append-only'; END $$;

ALTER TABLE platform_audit DROP CONSTRAINT platform_audit_target_company_id_fkey;

CREATE FUNCTION remove_company(p integer) RETURNS void LANGUAGE plpgsql AS $$ BEGIN IF p IS NULL OR p = 1 THEN RAISE EXCEPTION 'remove_company: la empresa 1 es la de la instalación'; END IF; PERFORM set_config('app.company_id', p::text, true); PERFORM set_config('app.company_removal', p::text, true); DELETE FROM certificate_links WHERE company_id = p; DELETE FROM certificates WHERE company_id = p; DELETE FROM tokens WHERE company_id = p; DELETE FROM acceptances WHERE company_id = p; DELETE FROM acceptance_chain_head WHERE company_id = p; DELETE FROM published_statements WHERE company_id = p; DELETE FROM shown_texts WHERE company_id = p; DELETE FROM audit_samples WHERE company_id = p; DELETE FROM audit_exclusions WHERE company_id = p; DELETE FROM audit_log WHERE company_id = p; DELETE FROM answers WHERE company_id = p; DELETE FROM learning_sessions WHERE company_id = p; DELETE FROM progress WHERE company_id = p; DELETE FROM induction_cycles WHERE company_id = p; DELETE FROM invitations WHERE company_id = p; DELETE FROM console_invitation_sheets WHERE company_id = p; DELETE FROM import_jobs WHERE company_id = p; DELETE FROM console_notices WHERE company_id = p; DELETE FROM sign_in_failures WHERE company_id = p; DELETE FROM obras WHERE company_id = p; DELETE FROM data_notice_versions WHERE company_id = p; DELETE FROM company_configs WHERE company_id = p; DELETE FROM users WHERE company_id = p; PERFORM set_config('app.company_id', 'todas', true); DELETE FROM installation_keys WHERE company_id = p; DELETE FROM companies WHERE id = p; PERFORM set_config('app.company_removal', '', true); END $$;
