-- Spanish order (decision 0217): «Édgar» before «Sergio», ñ after every n («Nuñez» after
-- «Nunez», «Ñuño» before «Óscar»). PGlite and PostgreSQL's C locale compare bytes, so each sortable name
-- gets a stored key: lower case, accents folded, ñ as «n~» ('~' comes after every letter). The key is a
-- generated column, so every way a row is written (console, CSV import, CLI, SQL) keeps it,
-- and the console sorts and paginates on it in SQL with COLLATE "C" (byte order on both
-- engines, whatever the database's locale). Written for PostgreSQL 15 and PGlite alike.
CREATE FUNCTION spanish_sort_key(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT translate(replace(replace(lower(t), 'ñ', 'n~'), 'Ñ', 'n~'), 'áéíóúüàèìòùâêîôûäëïöçÁÉÍÓÚÜÀÈÌÒÙÂÊÎÔÛÄËÏÖÇ', 'aeiouuaeiouaeiouaeiocaeiouuaeiouaeiouaeioc') $$;
ALTER TABLE users ADD COLUMN name_sort text GENERATED ALWAYS AS (spanish_sort_key(name)) STORED;
ALTER TABLE users ADD COLUMN contratista_sort text GENERATED ALWAYS AS (spanish_sort_key(COALESCE(contratista, ''))) STORED;
CREATE INDEX users_name_sort_idx ON users (name_sort COLLATE "C", id);
