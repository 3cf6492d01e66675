-- Issue 47: checks beyond one GET. `tcp` and `dns` are kinds of test (and of monitor, checked like
-- uptime's, as narrow rows of monitoring.checks); `heartbeat` is a kind of monitor only, told by pings
-- rather than asking, which POST /tests refuses.
ALTER TYPE "TestType" ADD VALUE 'tcp';
ALTER TYPE "TestType" ADD VALUE 'dns';
ALTER TYPE "TestType" ADD VALUE 'heartbeat';
