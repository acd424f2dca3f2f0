-- The invitations' one-time page after its redirect (decision 0245): the links and codes just
-- issued wait here, sealed (AES-256-GCM) with a key that only the coordinator's browser holds in
-- a cookie, for the one GET that follows the 303; that GET deletes the row. Rows older than ten
-- minutes are never shown and are deleted. Written for PostgreSQL 15 and PGlite alike.
CREATE TABLE console_invitation_sheets (
  id text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  sealed text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
