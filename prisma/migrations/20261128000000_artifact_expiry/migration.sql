-- Issue 29: a test's artifacts and HAR expire with its team's plan (RETENTION[plan].artifactsDays in
-- packages/db/src/retention.ts). `artifacts_expire_at` is when they expire: past it the API answers 410
-- artifacts_expired, whether or not the objects are gone yet. `artifacts_sweep_at` is when the sweeper
-- (packages/worker-host/src/sweep-artifacts.ts) may take them: the expiry, then a claim's lease; null
-- once deleted, so the sweeper's index holds only the tests whose objects still exist.
ALTER TABLE "tests" ADD COLUMN "artifacts_expire_at" TIMESTAMPTZ(3),
ADD COLUMN "artifacts_sweep_at" TIMESTAMPTZ(3);

CREATE INDEX "tests_artifacts_sweep_at_idx" ON "tests"("artifacts_sweep_at") WHERE "artifacts_sweep_at" IS NOT NULL;

-- Tests that finished before this migration keep what they stored for their team's plan's days after
-- they completed. The days are RETENTION's when this was written (free 30, pro 365); new tests take them
-- from RETENTION itself (finishTest).
UPDATE "tests" t
SET "artifacts_expire_at" = t."completed_at" + make_interval(days => CASE tm."plan" WHEN 'free' THEN 30 WHEN 'pro' THEN 365 END),
    "artifacts_sweep_at" = t."completed_at" + make_interval(days => CASE tm."plan" WHEN 'free' THEN 30 WHEN 'pro' THEN 365 END)
FROM "teams" tm
WHERE tm."id" = t."team_id"
  AND t."completed_at" IS NOT NULL
  AND EXISTS (SELECT 1 FROM "artifacts" a WHERE a."test_id" = t."id");
