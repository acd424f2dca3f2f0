-- Certificates issued by this server are stored with their PDF, so the file survives restarts
-- and is served from the database alone (no folder to back up beside it; same on PGlite and
-- PostgreSQL). Written for PostgreSQL 15 and PGlite alike.

-- Secret part of the PDF's URL (/certificados/<file_token>.pdf), distinct from the printed code:
-- knowing a certificate's code (public, on paper) must not give its PDF, which shows the document.
ALTER TABLE certificates ADD COLUMN file_token text;
ALTER TABLE certificates ADD CONSTRAINT certificates_file_token_key UNIQUE (file_token);
ALTER TABLE certificates ADD COLUMN pdf bytea;
-- What the certificate prints, so /verificar/:code confirms exactly that even if the content or
-- the learner's progress changes later. NULL for rows issued before this migration.
ALTER TABLE certificates ADD COLUMN course_title text;
ALTER TABLE certificates ADD COLUMN completed_at timestamptz;
