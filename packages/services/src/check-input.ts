import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { readYamlFile } from '@pageprobe/config';
import { ProblemError } from './problem.ts';

/**
 * A request body's check outside HTTP (the dashboard's forms, issue 46): the same component schema of the
 * public document that the API's validator applies to its requests, with the same error paths
 * (`body.url`), so a change made in the dashboard is refused exactly as the API refuses it.
 */
// The validator's request options (express-openapi-validator: defaults filled in, strict numbers), but every
// error at once: a form shows each beside its field.
const ajv = new Ajv2020({
  strict: false,
  allErrors: true,
  validateFormats: true,
  useDefaults: true,
  strictNumbers: true,
});
addFormats.default(ajv);
// The public document is the API's contract (apps/api/src/openapi/public.yaml): data read where it lives,
// as the client's and the CLI's generators read it, not code imported from the API.
const publicSpec = readYamlFile(new URL('../../../apps/api/src/openapi/public.yaml', import.meta.url)) as object;
ajv.addSchema({ ...publicSpec, $id: 'pageprobe-public' });

const compiled = new Map<string, ValidateFunction>();

/** The public document's request schemas by name (`CreateMonitor`, `UpdateAlertChannel`…). */
export type InputSchema = string;

export function checkInput<T>(schema: InputSchema, body: unknown): T {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile({ $ref: `pageprobe-public#/components/schemas/${schema}` });
    compiled.set(schema, validate);
  }
  if (validate(body)) return body as T;
  const errors = (validate.errors ?? []).map(fieldError);
  throw new ProblemError(400, 'validation_failed', errors.map((e) => `${e.path} ${e.message}`).join('; '), {
    errors,
  });
}

/** Ajv's error as the API's validator words it: the field's dotted path under `body`. */
function fieldError(error: ErrorObject) {
  const missing =
    error.keyword === 'required' ? `.${(error.params as { missingProperty: string }).missingProperty}` : '';
  const extra =
    error.keyword === 'additionalProperties'
      ? `.${(error.params as { additionalProperty: string }).additionalProperty}`
      : '';
  const path = `body${error.instancePath.replaceAll('/', '.')}${missing}${extra}`;
  return { path, message: error.message ?? 'is invalid' };
}
