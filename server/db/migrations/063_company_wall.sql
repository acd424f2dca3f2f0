-- The database's wall between companies (records 0282 and 0283): row-level security on every
-- table that holds a company's rows, keyed by the transaction's company. The server runs each
-- statement in a transaction that first names its company (`set_config('app.company_id', …,
-- true)`, server/db/company-scope.ts); the policies then show and accept only that company's
-- rows, whatever the SQL says. FORCE, so the wall holds for the tables' owner too (a PostgreSQL
-- installation runs as the role that owns them, record 0180); a superuser bypasses row-level
-- security even so, so a server connected as one takes the role `curso_sst_empresa` in each
-- transaction (PGlite's only user is a superuser).
--
-- The company a transaction acts for, as a range (a company: [c, c]; `todas`, the value a query
-- that must cross companies names: every company). A range of two STABLE functions keeps the
-- policies' test a plain index range on company_id. A transaction that names no company acts for
-- company 1 — the installation as it stood before 062 — while every path of the server comes to
-- name its company (record 0283); a later migration makes it an error.
-- Written for PostgreSQL 15 and PGlite alike; each function body on one line (migrate.ts splits
-- statements at a ';' that ends a line).
CREATE FUNCTION company_scope_low() RETURNS integer LANGUAGE sql STABLE AS $$ SELECT CASE COALESCE(current_setting('app.company_id', true), '') WHEN 'todas' THEN 0 WHEN '' THEN 1 ELSE current_setting('app.company_id', true)::integer END $$;
CREATE FUNCTION company_scope_high() RETURNS integer LANGUAGE sql STABLE AS $$ SELECT CASE COALESCE(current_setting('app.company_id', true), '') WHEN 'todas' THEN 2147483647 WHEN '' THEN 1 ELSE current_setting('app.company_id', true)::integer END $$;

-- A row written without a company belongs to the transaction's (under `todas` there is none: the
-- insert must name it, else company 0 fails the foreign key).
ALTER TABLE users ALTER COLUMN company_id SET DEFAULT company_scope_low();
ALTER TABLE progress ALTER COLUMN company_id SET DEFAULT company_scope_low();
ALTER TABLE tokens ALTER COLUMN company_id SET DEFAULT company_scope_low();
ALTER TABLE certificates ALTER COLUMN company_id SET DEFAULT company_scope_low();
ALTER TABLE certificate_links ALTER COLUMN company_id SET DEFAULT company_scope_low();
ALTER TABLE induction_cycles ALTER COLUMN company_id SET DEFAULT company_scope_low();
ALTER TABLE answers ALTER COLUMN company_id SET DEFAULT company_scope_low();
ALTER TABLE learning_sessions ALTER COLUMN company_id SET DEFAULT company_scope_low();
ALTER TABLE audit_log ALTER COLUMN company_id SET DEFAULT company_scope_low();
ALTER TABLE invitations ALTER COLUMN company_id SET DEFAULT company_scope_low();
ALTER TABLE data_notice_versions ALTER COLUMN company_id SET DEFAULT company_scope_low();
ALTER TABLE obras ALTER COLUMN company_id SET DEFAULT company_scope_low();
ALTER TABLE import_jobs ALTER COLUMN company_id SET DEFAULT company_scope_low();
ALTER TABLE console_notices ALTER COLUMN company_id SET DEFAULT company_scope_low();
ALTER TABLE console_invitation_sheets ALTER COLUMN company_id SET DEFAULT company_scope_low();
ALTER TABLE shown_texts ALTER COLUMN company_id SET DEFAULT company_scope_low();
ALTER TABLE acceptances ALTER COLUMN company_id SET DEFAULT company_scope_low();
ALTER TABLE acceptance_chain_head ALTER COLUMN company_id SET DEFAULT company_scope_low();
ALTER TABLE published_statements ALTER COLUMN company_id SET DEFAULT company_scope_low();
ALTER TABLE audit_samples ALTER COLUMN company_id SET DEFAULT company_scope_low();
ALTER TABLE audit_exclusions ALTER COLUMN company_id SET DEFAULT company_scope_low();
ALTER TABLE sign_in_failures ALTER COLUMN company_id SET DEFAULT company_scope_low();

ALTER TABLE users ENABLE ROW LEVEL SECURITY;
ALTER TABLE users FORCE ROW LEVEL SECURITY;
CREATE POLICY company_wall ON users USING (company_id BETWEEN company_scope_low() AND company_scope_high());
ALTER TABLE progress ENABLE ROW LEVEL SECURITY;
ALTER TABLE progress FORCE ROW LEVEL SECURITY;
CREATE POLICY company_wall ON progress USING (company_id BETWEEN company_scope_low() AND company_scope_high());
ALTER TABLE tokens ENABLE ROW LEVEL SECURITY;
ALTER TABLE tokens FORCE ROW LEVEL SECURITY;
CREATE POLICY company_wall ON tokens USING (company_id BETWEEN company_scope_low() AND company_scope_high());
ALTER TABLE certificates ENABLE ROW LEVEL SECURITY;
ALTER TABLE certificates FORCE ROW LEVEL SECURITY;
CREATE POLICY company_wall ON certificates USING (company_id BETWEEN company_scope_low() AND company_scope_high());
ALTER TABLE certificate_links ENABLE ROW LEVEL SECURITY;
ALTER TABLE certificate_links FORCE ROW LEVEL SECURITY;
CREATE POLICY company_wall ON certificate_links USING (company_id BETWEEN company_scope_low() AND company_scope_high());
ALTER TABLE induction_cycles ENABLE ROW LEVEL SECURITY;
ALTER TABLE induction_cycles FORCE ROW LEVEL SECURITY;
CREATE POLICY company_wall ON induction_cycles USING (company_id BETWEEN company_scope_low() AND company_scope_high());
ALTER TABLE answers ENABLE ROW LEVEL SECURITY;
ALTER TABLE answers FORCE ROW LEVEL SECURITY;
CREATE POLICY company_wall ON answers USING (company_id BETWEEN company_scope_low() AND company_scope_high());
ALTER TABLE learning_sessions ENABLE ROW LEVEL SECURITY;
ALTER TABLE learning_sessions FORCE ROW LEVEL SECURITY;
CREATE POLICY company_wall ON learning_sessions USING (company_id BETWEEN company_scope_low() AND company_scope_high());
ALTER TABLE audit_log ENABLE ROW LEVEL SECURITY;
ALTER TABLE audit_log FORCE ROW LEVEL SECURITY;
CREATE POLICY company_wall ON audit_log USING (company_id BETWEEN company_scope_low() AND company_scope_high());
ALTER TABLE invitations ENABLE ROW LEVEL SECURITY;
ALTER TABLE invitations FORCE ROW LEVEL SECURITY;
CREATE POLICY company_wall ON invitations USING (company_id BETWEEN company_scope_low() AND company_scope_high());
ALTER TABLE data_notice_versions ENABLE ROW LEVEL SECURITY;
ALTER TABLE data_notice_versions FORCE ROW LEVEL SECURITY;
CREATE POLICY company_wall ON data_notice_versions USING (company_id BETWEEN company_scope_low() AND company_scope_high());
ALTER TABLE obras ENABLE ROW LEVEL SECURITY;
ALTER TABLE obras FORCE ROW LEVEL SECURITY;
CREATE POLICY company_wall ON obras USING (company_id BETWEEN company_scope_low() AND company_scope_high());
ALTER TABLE import_jobs ENABLE ROW LEVEL SECURITY;
ALTER TABLE import_jobs FORCE ROW LEVEL SECURITY;
CREATE POLICY company_wall ON import_jobs USING (company_id BETWEEN company_scope_low() AND company_scope_high());
ALTER TABLE console_notices ENABLE ROW LEVEL SECURITY;
ALTER TABLE console_notices FORCE ROW LEVEL SECURITY;
CREATE POLICY company_wall ON console_notices USING (company_id BETWEEN company_scope_low() AND company_scope_high());
ALTER TABLE console_invitation_sheets ENABLE ROW LEVEL SECURITY;
ALTER TABLE console_invitation_sheets FORCE ROW LEVEL SECURITY;
CREATE POLICY company_wall ON console_invitation_sheets USING (company_id BETWEEN company_scope_low() AND company_scope_high());
ALTER TABLE shown_texts ENABLE ROW LEVEL SECURITY;
ALTER TABLE shown_texts FORCE ROW LEVEL SECURITY;
CREATE POLICY company_wall ON shown_texts USING (company_id BETWEEN company_scope_low() AND company_scope_high());
ALTER TABLE acceptances ENABLE ROW LEVEL SECURITY;
ALTER TABLE acceptances FORCE ROW LEVEL SECURITY;
CREATE POLICY company_wall ON acceptances USING (company_id BETWEEN company_scope_low() AND company_scope_high());
ALTER TABLE acceptance_chain_head ENABLE ROW LEVEL SECURITY;
ALTER TABLE acceptance_chain_head FORCE ROW LEVEL SECURITY;
CREATE POLICY company_wall ON acceptance_chain_head USING (company_id BETWEEN company_scope_low() AND company_scope_high());
ALTER TABLE published_statements ENABLE ROW LEVEL SECURITY;
ALTER TABLE published_statements FORCE ROW LEVEL SECURITY;
CREATE POLICY company_wall ON published_statements USING (company_id BETWEEN company_scope_low() AND company_scope_high());
ALTER TABLE audit_samples ENABLE ROW LEVEL SECURITY;
ALTER TABLE audit_samples FORCE ROW LEVEL SECURITY;
CREATE POLICY company_wall ON audit_samples USING (company_id BETWEEN company_scope_low() AND company_scope_high());
ALTER TABLE audit_exclusions ENABLE ROW LEVEL SECURITY;
ALTER TABLE audit_exclusions FORCE ROW LEVEL SECURITY;
CREATE POLICY company_wall ON audit_exclusions USING (company_id BETWEEN company_scope_low() AND company_scope_high());
ALTER TABLE sign_in_failures ENABLE ROW LEVEL SECURITY;
ALTER TABLE sign_in_failures FORCE ROW LEVEL SECURITY;
CREATE POLICY company_wall ON sign_in_failures USING (company_id BETWEEN company_scope_low() AND company_scope_high());
