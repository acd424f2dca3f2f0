-- The content versions of a company's answers, by index (record 0289): the registro and the audit
-- pack ask for the first receipt of each version among the company's answers, and the wall
-- (migration 063) adds only a range on company_id. The index of 059 begins with course_id, so at a
-- thousand companies PostgreSQL read every company's answers (10 million rows: 22 s) to find one
-- company's; this one begins with the company and reads that company's alone.
-- Written for PostgreSQL 15 and PGlite alike.
CREATE INDEX answers_company_content_version_idx ON answers (company_id, course_id, content_version, received_at);
