-- Issue 44: a recurring window's occurrences are computed ahead, when it is written and by the
-- dispatcher's sweep, and read from these columns: no read expands a rule any more. Rows from before
-- have no occurrences yet (occurrences_refresh_at null): the sweep computes them first.
ALTER TABLE "maintenance_windows" ADD COLUMN "occurrence_starts" TIMESTAMPTZ(3)[] DEFAULT ARRAY[]::TIMESTAMPTZ(3)[];
ALTER TABLE "maintenance_windows" ADD COLUMN "occurrence_ends" TIMESTAMPTZ(3)[] DEFAULT ARRAY[]::TIMESTAMPTZ(3)[];
ALTER TABLE "maintenance_windows" ADD COLUMN "occurrences_until" TIMESTAMPTZ(3);
ALTER TABLE "maintenance_windows" ADD COLUMN "occurrences_refresh_at" TIMESTAMPTZ(3);

CREATE INDEX "maintenance_windows_occurrences_refresh_at_idx" ON "maintenance_windows"("occurrences_refresh_at");
