-- Short-lived links to a certificate's PDF (decision 0230): the permanent file token no longer
-- opens it. Each download-certificate answer carries a fresh link, stored only as a sha256 hash,
-- bound to the session that asked: it stops working at its expiry or when that session ends
-- (sign-out, password reset, deactivation), whichever comes first.
CREATE TABLE certificate_links (
  link_hash text PRIMARY KEY,
  certificate_id integer NOT NULL REFERENCES certificates (id) ON DELETE CASCADE,
  token_hash text NOT NULL REFERENCES tokens (token_hash) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX certificate_links_expires_idx ON certificate_links (expires_at);

-- Why a session ended (decision 0231): 'salida' (the learner signed out), 'contrasena' (the
-- password was reset), 'desactivada' (the account was deactivated). A 401 tells the app which.
ALTER TABLE tokens ADD COLUMN revoked_reason text;
ALTER TABLE tokens ADD CONSTRAINT tokens_revoked_reason_check
  CHECK (revoked_reason IS NULL OR revoked_reason IN ('salida', 'contrasena', 'desactivada'));
