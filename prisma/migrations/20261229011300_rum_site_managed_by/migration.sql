-- Issue 61: RUM sites in a configuration file (`rum_sites`, keyed by name). As monitors, windows, pages
-- and channels: the file that manages a site, so a plan tells a site made by hand (a 409 without
-- adopt) and prune deletes only what the file manages.
ALTER TABLE "rum_sites" ADD COLUMN "managed_by" TEXT;
