-- A monitor's page may be private: false answers its capability link 404, and only the team's members
-- see it, in the dashboard. Status pages and badges stay public. Monitors made before keep their page.
ALTER TABLE "monitors" ADD COLUMN "public_page" BOOLEAN NOT NULL DEFAULT true;

-- The team's choice for its new monitors that do not say.
ALTER TABLE "teams" ADD COLUMN "default_public_page" BOOLEAN NOT NULL DEFAULT true;
