-- Issue 15: a lighthouse test of several runs (1-5), its per-run results and their spread.
ALTER TABLE "tests" ADD COLUMN "run_count" INTEGER NOT NULL DEFAULT 1,
ADD COLUMN "run_results" JSONB,
ADD COLUMN "spread" JSONB;

ALTER TABLE "tests" ADD CONSTRAINT "tests_run_count_range" CHECK ("run_count" BETWEEN 1 AND 5);
