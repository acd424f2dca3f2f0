-- Invitations as a background job (record 0273): POST /consola/invitaciones stores a row here and
-- redirects at once; a worker of any server instance claims it (FOR UPDATE SKIP LOCKED, a lease
-- renewed by `heartbeat_at`, as the import jobs of decisions 0216 and 0238), hashes the codes,
-- issues the invitations and seals the sheet in one transaction. The sheet is sealed to
-- `public_key` (X25519): its private half is the key only the coordinator's browser holds (the
-- cookie of decision 0245), so the database never holds what opens it. A sheet is shown to that
-- browser as often as it asks for ten minutes after it is ready, then deleted. Rows made under
-- 056's rule (a symmetric key, one GET) cannot be opened under this one: they are dropped.
-- Written for PostgreSQL 15 and PGlite alike.
DELETE FROM console_invitation_sheets;
ALTER TABLE console_invitation_sheets ALTER COLUMN sealed DROP NOT NULL;
ALTER TABLE console_invitation_sheets
  ADD COLUMN state text NOT NULL DEFAULT 'pendiente'
    CHECK (state IN ('pendiente', 'en-curso', 'lista', 'fallida')),
  ADD COLUMN public_key text NOT NULL DEFAULT '',
  ADD COLUMN request jsonb NOT NULL DEFAULT '{}'::jsonb,
  ADD COLUMN import_job integer,
  ADD COLUMN done integer NOT NULL DEFAULT 0,
  ADD COLUMN total integer NOT NULL DEFAULT 0,
  ADD COLUMN claimed_by text,
  ADD COLUMN heartbeat_at timestamptz,
  ADD COLUMN attempts integer NOT NULL DEFAULT 0,
  ADD COLUMN ready_at timestamptz,
  ADD COLUMN failure text;
CREATE INDEX console_invitation_sheets_queue ON console_invitation_sheets (state, created_at);
