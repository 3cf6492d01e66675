-- Issue 59: multistep API checks, requests in order, each giving values to the next. The kind goes where
-- schema.prisma lists it, before the monitor-only heartbeat. Its monitors' checks keep each request's
-- time by the request's name (`{"POST /token": 84}`): the step series a monitor's page charts. Null for
-- every other kind's checks, so they pay nothing for it.
ALTER TYPE "TestType" ADD VALUE 'multistep' BEFORE 'heartbeat';
ALTER TABLE monitoring.checks ADD COLUMN step_ms JSONB;
