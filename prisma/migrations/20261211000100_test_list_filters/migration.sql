-- Issue 46: the dashboard's list of a team's tests, newest first, filtered by status, type, monitor or URL
-- text, a keyset page at a time, under 100 ms at 1,000,000 tests. Each filter gets an index that keeps the
-- team's order, so a page reads its 21 rows however rare the filter's matches are (the monitor's index
-- exists: tests_monitor_id_created_at_id_idx). URL text ("contains", any case) is served by a trigram index:
-- people type a host or a path fragment, rarely the start of the URL (always "https://"), so a prefix rule
-- would not serve it. pg_trgm is a trusted extension: the database's owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE INDEX "tests_team_id_status_created_at_id_idx" ON "tests"("team_id", "status", "created_at" DESC, "id" DESC);
CREATE INDEX "tests_team_id_type_created_at_id_idx" ON "tests"("team_id", "type", "created_at" DESC, "id" DESC);
CREATE INDEX "tests_url_idx" ON "tests" USING GIN ("url" gin_trgm_ops);
