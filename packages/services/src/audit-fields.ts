import type { Prisma } from '@pageprobe/db';

/** The names of the fields a PATCH gave (never their values: some are secrets). */
export const fieldsOf = (body: unknown): Prisma.InputJsonObject => ({
  fields: body && typeof body === 'object' ? Object.keys(body).sort() : [],
});
