-- A monitor may depend on others (`depends_on`, by id): while one of them is down (or failing), its own
-- failed checks are recorded as usual but alert no one; each such check names the parent that held it.
ALTER TABLE "monitors" ADD COLUMN "depends_on" UUID[] DEFAULT ARRAY[]::UUID[];
-- Failed checks in a row since its last held one (null when none of its current failures was held):
-- once it reaches down_after with the parent up, the held monitor.down is sent.
ALTER TABLE "monitors" ADD COLUMN "failures_since_parent_up" INTEGER;

ALTER TABLE monitoring.checks ADD COLUMN suppressed_by UUID;
