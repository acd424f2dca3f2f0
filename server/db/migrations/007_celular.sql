-- The learner's celular (decision 0158): ten digits of a Colombian mobile, used only to send the
-- learner their invitation by WhatsApp from the coordinator's phone. NULL = none given. The audit
-- log never stores it. Written for PostgreSQL 15 and PGlite alike.
ALTER TABLE users ADD COLUMN celular text;
