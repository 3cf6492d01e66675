-- Issue 57: SMTP checks, the kind added by docs/architecture.md's recipe alone. It goes where schema.prisma
-- lists it, before the monitor-only heartbeat. Its monitors' checks fit monitoring.checks as they are (the
-- greeting's time in first_byte_ms), so nothing else changes.
ALTER TYPE "TestType" ADD VALUE 'smtp' BEFORE 'heartbeat';
