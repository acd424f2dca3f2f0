-- Sign-in tokens carry where they were issued (decision 0185): 'app' (the learner app, kept in
-- localStorage) or 'consola' (the console's httpOnly cookie). The console accepts only its own,
-- so a coordinator's app token cannot open it. Tokens issued before this migration are 'app':
-- console users sign in again once.
ALTER TABLE tokens ADD COLUMN scope text NOT NULL DEFAULT 'app';
ALTER TABLE tokens ADD CONSTRAINT tokens_scope_check CHECK (scope IN ('app', 'consola'));
