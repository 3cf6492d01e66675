// `node packages/db/src/migrate-cli.ts`: applies pending migrations to DATABASE_URL and exits (the
// migration Job in Kubernetes and the `migrate` service in docker-compose run this before the apps).
import { migrate } from './migrate.ts';

const url = process.env.DATABASE_URL;
if (!url) {
  process.stderr.write('DATABASE_URL is required\n');
  process.exit(2);
}
const result = await migrate(url);
process.stdout.write(`${JSON.stringify(result)}\n`);
