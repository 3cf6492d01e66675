-- Issue 46: a monitor's name, what people call it in the dashboard (searched with its URL and tags);
-- up to 100 characters, which the API checks (MonitorName).
ALTER TABLE "monitors" ADD COLUMN "name" TEXT;
