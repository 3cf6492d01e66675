-- The overview's "what needs attention" (issue 60): the team's monitors degraded now, as
-- monitors_down_team_id_idx holds the ones down, so the overview reads a few rows whatever the team's size.
CREATE INDEX "monitors_degraded_team_id_idx" ON "monitors"("team_id") WHERE "degraded" AND "deleted_at" IS NULL;
