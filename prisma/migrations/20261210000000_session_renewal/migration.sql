-- Issue 45: a session gets a new id on any change of its person's rights. A role given or taken marks the
-- person's sessions in that team; their next request renews the id.
ALTER TABLE "sessions" ADD COLUMN "renew" BOOLEAN NOT NULL DEFAULT false;
