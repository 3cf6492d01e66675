-- Issue 48: what a lighthouse monitor last saw of its URL's field data (CrUX): the collection period,
-- whose figures (url or origin), the form factor, and each metric's p75 and category. A run whose `field`
-- has a later period compares with it (monitor.field_regressed when a metric's category got worse) and
-- replaces it with a guarded UPDATE, so each period is compared once however many runs see it.
ALTER TABLE "monitors" ADD COLUMN "field_state" JSONB;
