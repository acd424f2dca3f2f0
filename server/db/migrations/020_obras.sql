-- Obras added from the console (decision 0215): the configuration file's obras stay the
-- defaults; these come beside them without editing files or restarting. The slug is derived
-- once from the name when the obra is created and never changes (learners, packages and
-- certificates refer to it). `match_key` is the name folded (accents, case, punctuation), so
-- «Torre Norte» and «torre norte» are one obra. `facts` holds the per-obra facts the
-- configuration has (punto de encuentro, alarma…), as the configuration's field names.
-- Written for PostgreSQL 15 and PGlite alike.
CREATE TABLE obras (
  slug text PRIMARY KEY,
  nombre text NOT NULL,
  match_key text NOT NULL UNIQUE,
  facts jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by integer REFERENCES users (id),
  updated_at timestamptz NOT NULL DEFAULT now()
);
