-- Issue 44: a status page is indexed by search engines only once its team opts in. Slugs are first come,
-- so until then every page, those made before this migration included, is sent with X-Robots-Tag: noindex.
ALTER TABLE "status_pages" ADD COLUMN "indexable" BOOLEAN NOT NULL DEFAULT false;
