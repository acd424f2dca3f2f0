-- A sign-in address per company (record 0288): each company has a short name for its addresses
-- (`/?empresa=<slug>`, `/porteria?empresa=<slug>`, `/consola/ingresar?empresa=<slug>`), so a
-- sign-in by document — which names no company (record 0283) — knows which company's learner it
-- is. Lowercase letters, digits and hyphens, starting with a letter (so it never reads as a
-- company id), at most 40 characters, unique in the installation. `companies` is the
-- installation's table, outside the wall: the address is read before any company is known.
-- A company created without one (company 1, every company that exists now, and any insert that
-- names none) is `empresa-<id>`; the platform can give it another. A one-company installation's
-- addresses stay as they were: without `?empresa=` the sign-in acts in company 1.
-- Written for PostgreSQL 15 and PGlite alike.
ALTER TABLE companies ADD COLUMN slug text;
UPDATE companies SET slug = 'empresa-' || id;
ALTER TABLE companies ALTER COLUMN slug SET NOT NULL;
ALTER TABLE companies ADD CONSTRAINT companies_slug_key UNIQUE (slug);
ALTER TABLE companies ADD CONSTRAINT companies_slug_shape
  CHECK (slug ~ '^[a-z][a-z0-9-]{0,39}$' AND slug NOT LIKE '%-');

CREATE FUNCTION companies_default_slug() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN NEW.slug := coalesce(NEW.slug, 'empresa-' || NEW.id); RETURN NEW; END $$;
CREATE TRIGGER companies_default_slug BEFORE INSERT ON companies
  FOR EACH ROW EXECUTE FUNCTION companies_default_slug();
