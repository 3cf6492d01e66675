import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from './generated/client.ts';

export type Db = PrismaClient;

/** Prisma through the node-postgres driver adapter: no engine binary at run time. */
export function createDb(databaseUrl: string, { poolSize = 10 }: { poolSize?: number } = {}): Db {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString: databaseUrl, max: poolSize }) });
}
