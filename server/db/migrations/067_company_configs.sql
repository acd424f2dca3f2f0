-- Each company's configuration as data (record 0287): the configuration file (config/*.json, the
-- schema of decision 0070) stored per company, one row per version, never changed once written.
-- The server reads a company's latest version; company 1 without any keeps reading the
-- installation's file (CURSO_CONFIG), so a one-company installation needs nothing new.
-- `body` is the file's text as imported (downloaded back unchanged), `logo_svg` the logo file it
-- names when any, `sha256` the hash read-config.ts gives the same pair (text, then logo). Who
-- imported it: a staff account (created_by, its name kept as it was then) or the platform
-- (created_by_platform, the platform role's own name for who acted).
-- Written for PostgreSQL 15 and PGlite alike.
CREATE TABLE company_configs (
  company_id integer NOT NULL DEFAULT company_default() REFERENCES companies (id),
  version integer NOT NULL CHECK (version >= 1),
  body text NOT NULL,
  logo_svg text,
  sha256 text NOT NULL,
  created_by integer,
  created_by_name text NOT NULL DEFAULT '',
  created_by_platform text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, version)
);
CREATE FUNCTION company_configs_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'company_configs is append-only'; END $$;
CREATE TRIGGER company_configs_no_change BEFORE UPDATE OR DELETE ON company_configs FOR EACH ROW EXECUTE FUNCTION company_configs_append_only();
CREATE TRIGGER company_configs_no_truncate BEFORE TRUNCATE ON company_configs FOR EACH STATEMENT EXECUTE FUNCTION company_configs_append_only();

-- Under the company wall (migration 063).
ALTER TABLE company_configs ENABLE ROW LEVEL SECURITY;
ALTER TABLE company_configs FORCE ROW LEVEL SECURITY;
CREATE POLICY company_wall ON company_configs USING (company_id BETWEEN company_scope_low() AND company_scope_high());
