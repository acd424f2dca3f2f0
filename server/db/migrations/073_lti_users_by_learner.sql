-- Every saved score raises the LMS grades of the learner's LMS users (record 0295): one lookup of
-- lti_users by learner on each save, which without this index reads the whole table.
CREATE INDEX lti_users_by_learner ON lti_users (company_id, user_id) WHERE user_id IS NOT NULL;
