-- Issue 45: an owner deletes a team. The row stays (its credit ledger and audit log are append-only
-- records), marked deleted; everything that gave access to it or showed it is removed.
ALTER TABLE "teams" ADD COLUMN "deleted_at" TIMESTAMPTZ(3);
