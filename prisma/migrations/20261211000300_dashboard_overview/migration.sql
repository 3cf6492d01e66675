-- Issue 46, the dashboard's overview: each of its parts one bounded query, at 10,000 monitors in a team.
-- The team's monitors down now: counted and listed from this partial index alone (a few rows), never by
-- reading every monitor of the team.
CREATE INDEX "monitors_down_team_id_idx" ON "monitors"("team_id") WHERE "down" AND "deleted_at" IS NULL;
-- Alerts of the last 24 hours: read newest first from here, joined to the team's monitors by key.
CREATE INDEX "monitor_alerts_created_at_id_idx" ON "monitor_alerts"("created_at" DESC, "id" DESC);
-- Open incidents (ended_at null: a few at any time), joined to the team's monitors by key.
CREATE INDEX "incidents_open_idx" ON monitoring.incidents ("monitor_id") WHERE "ended_at" IS NULL;
