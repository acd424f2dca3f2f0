-- The learner's obra (decision 0078): the slug of one of the configuration's obras
-- (CURSO_CONFIG). The standalone app fills the learner's screens and the server the certificate
-- from it. NULL (every row before this migration, and learners added without one) means the
-- configuration's first obra. Written for PostgreSQL 15 and PGlite alike.
ALTER TABLE users ADD COLUMN obra text;
