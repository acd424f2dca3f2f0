-- A claimed import job holds a lease (decision 0238): its worker renews `heartbeat_at` every
-- few seconds; a job 'en-curso' whose heartbeat is older than the lease belongs to a worker that
-- died and is claimed again by the next worker that asks (FOR UPDATE SKIP LOCKED). `attempts`
-- counts the claims, so a file that kills its server each time fails after three instead of
-- being retried forever. Written for PostgreSQL 15 and PGlite alike.
ALTER TABLE import_jobs ADD COLUMN attempts integer NOT NULL DEFAULT 0;
UPDATE import_jobs SET attempts = 1 WHERE state IN ('en-curso', 'terminado', 'fallido');
