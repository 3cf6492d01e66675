import type { ErrorRequestHandler } from 'express';
import { type FieldError, ProblemError } from '../http/problem.ts';
import { COLLECTIONS, CONFIG_PATHS, type ConfigState } from './config-body.ts';
import type { ResourceKind } from '@pageprobe/services';

// What is wrong with a configuration, entry by entry (issue 50): every problem its entries' own endpoints
// would answer, each naming the entry's key, its kind and the field, in one 422 `config_invalid`.

const RESOURCE_OF = Object.fromEntries(COLLECTIONS) as Record<string, ResourceKind>;

/** Problems found so far, entry by entry. */
export class EntryErrors {
  readonly list: FieldError[] = [];

  add(resource: ResourceKind, index: number, key: string | null, field: string, message: string): void {
    const collection = COLLECTIONS.find(([, kind]) => kind === resource)![0];
    const path = `body.${collection}.${index}${field ? `.${field}` : ''}`;
    this.list.push({ path, message, key, resource, field });
  }

  /**
   * An endpoint's refusal of one entry: each field its problem names (`body.interval_seconds`), or the
   * entry as a whole. Errors of the service (5xx) are not the entry's: they stop the request.
   */
  addProblem(resource: ResourceKind, index: number, key: string | null, error: unknown): void {
    if (!(error instanceof ProblemError) || error.status >= 500) throw error;
    const named = error.errors?.length ? error.errors : [{ path: '', message: error.message }];
    for (const e of named) this.add(resource, index, key, e.path.replace(/^body\.?/, ''), e.message);
  }

  /** Throws the 422 when anything was found. */
  throwIfAny(): void {
    if (this.list.length === 0) return;
    const first = this.list
      .slice(0, 3)
      .map((e) =>
        e.resource
          ? `${e.resource} ${e.key ?? '(no key)'}: ${e.field ? `${e.field} ` : ''}${e.message}`
          : `${e.path} ${e.message}`,
      )
      .join('; ');
    const more = this.list.length > 3 ? ` (and ${this.list.length - 3} more)` : '';
    throw new ProblemError(422, 'config_invalid', `The configuration is invalid: ${first}${more}.`, {
      errors: this.list,
    });
  }
}

/** The key of the body's entry at `collection[index]`, when it has a string one. */
function keyAt(body: unknown, collection: string, index: number): string | null {
  const entry = (body as Record<string, unknown> | null)?.[collection];
  const at = Array.isArray(entry) ? (entry[index] as { key?: unknown; name?: unknown } | undefined) : undefined;
  // A RUM site's key is its name (issue 61).
  const key = collection === 'rum_sites' ? at?.name : at?.key;
  return typeof key === 'string' ? key : null;
}

interface ValidatorError {
  status?: number;
  errors?: Array<{ path?: string; message?: string }>;
}

/**
 * After the document's validator on the two routes: its 400 (every schema problem of every entry, the
 * validator listing all of them here) becomes the 422 naming each entry's key. Other errors go on.
 */
export const configSchemaErrors: ErrorRequestHandler = (error, req, _res, next) => {
  const e = error as ValidatorError;
  if (!CONFIG_PATHS.test(req.path) || e?.status !== 400 || !Array.isArray(e.errors)) return next(error);
  const found = new EntryErrors();
  const loose: FieldError[] = [];
  for (const x of e.errors) {
    const path = (x.path ?? '')
      .replace(/^\/?body\/?/, '')
      .split('/')
      .filter(Boolean);
    const resource = RESOURCE_OF[path[0] ?? ''];
    const index = Number(path[1]);
    if (resource && Number.isInteger(index)) {
      found.add(resource, index, keyAt(req.body, path[0]!, index), path.slice(2).join('.'), x.message ?? 'is invalid');
    } else {
      loose.push({ path: ['body', ...path].join('.'), message: x.message ?? 'is invalid' });
    }
  }
  found.list.push(...loose);
  try {
    found.throwIfAny();
  } catch (problem) {
    return next(problem);
  }
  next(error);
};

export type { ConfigState };
