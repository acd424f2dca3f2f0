-- Progress and certificates per course (decision record 0035): one server may hold more than one
-- course, so a learner's row is keyed by (user_id, course_id). Rows written before this migration
-- belong to the course that shipped then, 'curso-sst' (the id in content/es/course.json); the
-- default keeps them, and inserts that name no course, valid. Written for PostgreSQL 15 and PGlite.

ALTER TABLE progress ADD COLUMN course_id text NOT NULL DEFAULT 'curso-sst';
ALTER TABLE progress DROP CONSTRAINT progress_pkey;
ALTER TABLE progress ADD CONSTRAINT progress_pkey PRIMARY KEY (user_id, course_id);

ALTER TABLE certificates ADD COLUMN course_id text NOT NULL DEFAULT 'curso-sst';
ALTER TABLE certificates DROP CONSTRAINT certificates_user_key;
ALTER TABLE certificates ADD CONSTRAINT certificates_user_course_key UNIQUE (user_id, course_id);
