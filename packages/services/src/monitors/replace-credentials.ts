import { type Monitor, Prisma } from '@pageprobe/db';
import { open, SecretsError, seal } from '@pageprobe/secrets';
import {
  type CookieInput,
  REDACTED,
  type RequestOptionsInput,
  type RequestSecrets,
  splitRequestOptions,
} from '@pageprobe/test-kinds';
import { ProblemError } from '../problem.ts';

const CREDENTIALS = ['headers', 'cookies', 'basic_auth'] as const;

/** PATCH /monitors/{id}'s credentials: each given one replaces the monitor's, null removes it. */
export interface CredentialsPatch {
  headers?: Record<string, string> | null;
  cookies?: CookieInput[] | null;
  basic_auth?: { username: string; password: string } | null;
}

export const patchesCredentials = (input: CredentialsPatch) => CREDENTIALS.some((name) => input[name] !== undefined);

/** Whether the monitor's steps type text, which lives in the same seal as its credentials. */
const typesText = (options: Record<string, unknown>) =>
  Array.isArray(options.steps) && options.steps.some((s: { type?: string; text?: string }) => s.text === REDACTED);

/**
 * The credentials a monitor will have after the patch, in clear (to be checked like a new request's),
 * and a function that seals them with what else the seal holds. Credentials the patch leaves out are
 * kept: their values are opened with the keyring. When they cannot be (sealed under a key that is gone),
 * the patch must give every credential the monitor has (null drops one), and the monitor must have no
 * typed step text (it would be lost): else 409 `secrets_unreadable`.
 */
export function replaceCredentials(monitor: Monitor, input: CredentialsPatch, keyring: readonly Buffer[]) {
  const options = (monitor.options ?? {}) as Record<string, unknown>;
  const needsCurrent = CREDENTIALS.some((name) => input[name] === undefined && options[name] !== undefined);
  let current: RequestSecrets | null = null;
  if (monitor.secrets && (needsCurrent || typesText(options))) {
    try {
      current = open<RequestSecrets>(keyring, monitor.secrets, `monitor:${monitor.id}`);
    } catch (error) {
      if (!(error instanceof SecretsError)) throw error;
      throw new ProblemError(
        409,
        'secrets_unreadable',
        typesText(options)
          ? 'The monitor’s sealed values can no longer be opened and its steps type text; delete the monitor and create it again.'
          : 'The monitor’s sealed values can no longer be opened; give each of its headers, cookies and basic_auth (null to drop one).',
      );
    }
  }
  const pick = <T>(given: T | null | undefined, kept: T | undefined) =>
    given === undefined ? kept : (given ?? undefined);
  const credentials: RequestOptionsInput = {};
  const headers = pick(input.headers, current?.headers);
  const cookies = pick(input.cookies, current?.cookies);
  const basicAuth = pick(input.basic_auth, current?.basicAuth ?? undefined);
  if (headers && Object.keys(headers).length) credentials.headers = headers;
  if (cookies?.length) credentials.cookies = cookies;
  if (basicAuth) credentials.basic_auth = basicAuth;

  return {
    credentials,
    /** The monitor's new `options` and `secrets` columns (the seal under the current key). */
    columns(key: Buffer | undefined): Pick<Prisma.MonitorUpdateInput, 'options' | 'secrets'> {
      const { shown, secrets } = splitRequestOptions(credentials);
      const rest = Object.fromEntries(
        Object.entries(options).filter(([name]) => !(CREDENTIALS as readonly string[]).includes(name)),
      );
      const typed = current?.typed;
      const sealed =
        secrets || typed
          ? { ...(secrets ?? { headers: {}, cookies: [], basicAuth: null }), ...(typed ? { typed } : {}) }
          : null;
      // The route refused credentials without a key (checkTestRequest), and typed text only exists with one.
      const bytes = sealed ? new Uint8Array(seal(key!, sealed, `monitor:${monitor.id}`)) : null;
      const merged = { ...rest, ...shown };
      return {
        options: Object.keys(merged).length ? (merged as Prisma.InputJsonObject) : Prisma.DbNull,
        secrets: bytes,
      };
    },
  };
}
