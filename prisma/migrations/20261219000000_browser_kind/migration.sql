-- Issue 59: browser checks, a journey of steps through a site in the browser workers' Chromium. The kind
-- goes where schema.prisma lists it, before the monitor-only heartbeat (ADD VALUE alone would append it,
-- and schema-matches.test.ts compares the order). A run leaves a screenshot per step and a Chrome trace
-- beside the kinds' existing artifacts.
ALTER TYPE "TestType" ADD VALUE 'browser' BEFORE 'heartbeat';
ALTER TYPE "ArtifactKind" ADD VALUE 'step_screenshot';
ALTER TYPE "ArtifactKind" ADD VALUE 'trace';
