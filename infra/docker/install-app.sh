#!/bin/sh
# The image build's install step (infra/docker/Dockerfile), run in a copy of the sources:
#   sh infra/docker/install-app.sh @pageprobe/api
# leaves the generated Prisma client and that app's production dependencies, nothing else. It needs
# no Docker, so test/image-install.test.ts runs it for every target and starts the app from the result.
set -eu
app="$1"
export CI=true NODE_ENV=production PRISMA_HIDE_UPDATE_MESSAGE=1 CHECKPOINT_DISABLE=1
# The Prisma CLI is a devDependency of @pageprobe/db: install it, generate the client (the CLI wants a
# schema engine path but does not run it, and the client needs no engine: it uses the pg adapter)...
pnpm install --frozen-lockfile --prod=false --filter @pageprobe/db
PRISMA_SCHEMA_ENGINE_BINARY=/bin/true pnpm --filter @pageprobe/db run generate
# ...then start over with the app's production dependencies only (its workspace packages included).
find . -name node_modules -type d -prune -exec rm -rf {} +
pnpm install --frozen-lockfile --prod --filter "$app..."
rm -rf test bench .ci
