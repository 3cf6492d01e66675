import { CHANNEL_FIELDS, type ChannelSecret, type ChannelSettings, type ChannelType } from '@pageprobe/alert-channels';
import { assertAllowed, TestRejected } from '@pageprobe/test-lifecycle';
import { ProblemError } from '../problem.ts';
import { rejectionProblem } from '../test-routes/rejection-problem.ts';

/** POST /alert-channels (shapes checked by the OpenAPI document; which fields a type takes, here). */
export interface ChannelInput {
  /** Its name in a configuration file (issue 50); null removes it. */
  key?: string | null;
  type?: ChannelType;
  name?: string;
  url?: string;
  routing_key?: string;
  severity?: ChannelSettings['severity'];
  addresses?: string[];
}

const invalid = (path: string, message: string) =>
  new ProblemError(400, 'validation_failed', `${path.replace(/^body\./, '')} ${message}.`, {
    errors: [{ path, message }],
  });

/**
 * The fields a channel of `type` takes: those it needs are there (when `creating`), no other type's are,
 * and a URL may be reached under the address policy (a callback's: https, unless private targets are
 * allowed). Returns its secret part and its settings as given.
 */
export async function checkChannelInput(
  type: ChannelType,
  input: ChannelInput,
  { creating, allowPrivate }: { creating: boolean; allowPrivate: boolean },
): Promise<{ secret: ChannelSecret | null; settings: ChannelSettings }> {
  const fields = CHANNEL_FIELDS[type];
  const known = new Set([...fields.required, ...fields.optional]);
  for (const field of ['url', 'routing_key', 'severity', 'addresses'] as const) {
    if (input[field] !== undefined && !known.has(field))
      throw invalid(`body.${field}`, `is not a field of a ${type} channel`);
  }
  if (creating) {
    for (const field of fields.required) {
      if (input[field as keyof ChannelInput] === undefined)
        throw invalid(`body.${field}`, `is required for a ${type} channel`);
    }
  }
  if (input.url !== undefined) {
    await assertAllowed('url', input.url, allowPrivate, allowPrivate ? ['http:', 'https:'] : ['https:']).catch(
      (error: unknown) => {
        throw error instanceof TestRejected ? rejectionProblem(error) : error;
      },
    );
  }
  if (input.addresses && new Set(input.addresses.map((a) => a.toLowerCase())).size !== input.addresses.length) {
    throw invalid('body.addresses', 'lists an address twice');
  }
  const secret: ChannelSecret = {};
  if (input.url !== undefined) secret.url = input.url;
  if (input.routing_key !== undefined) secret.routing_key = input.routing_key;
  const settings: ChannelSettings = {};
  if (input.addresses !== undefined) settings.addresses = input.addresses;
  if (input.severity !== undefined) settings.severity = input.severity;
  return { secret: Object.keys(secret).length > 0 ? secret : null, settings };
}
