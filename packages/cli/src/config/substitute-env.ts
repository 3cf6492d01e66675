// `${VARIABLE}` in a secret field of the file (secret-fields.ts) is the environment's value: secrets stay
// out of the repository. Anywhere else it is an error, the variable not read (issue 56: a file could put
// any of CI's variables, AWS_SECRET_ACCESS_KEY say, into a URL or a name the API keeps and shows).
// `$${` writes a literal `${`. Every variable missing (or empty: an Actions secret that is not set arrives
// as "") is an error naming it and where it is used, all of them at once.
import { ConfigError, showPath, type ValuePath } from './config-error.ts';
import type { Source } from './read-source.ts';
import { isSecretPath } from './secret-fields.ts';

const REFERENCE = /\$\$\{|\$\{([^}]*)\}/g;
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export interface Substituted {
  value: unknown;
  /** Secrets written in the file as they are (not `${…}`). */
  warnings: string[];
}

export function substituteEnv(source: Source, env: Record<string, string | undefined>): Substituted {
  const errors: string[] = [];
  const warnings: string[] = [];
  const walk = (value: unknown, path: ValuePath): unknown => {
    if (Array.isArray(value)) return value.map((item, i) => walk(item, [...path, i]));
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, [...path, k])]));
    if (typeof value !== 'string') return value;
    let referred = false;
    const out = value.replace(REFERENCE, (match, name: string | undefined) => {
      if (match === '$${') return '${';
      referred = true;
      if (!NAME.test(name!)) {
        errors.push(`${source.where(path)}: ${match} is not a variable name (letters, digits and _)`);
        return match;
      }
      if (!isSecretPath(path, source.value)) {
        errors.push(
          `${source.where(path)}: ${match} is put in only where a secret goes (${showPath(path)} is not one); write the value itself, or $\${ for a literal \${`,
        );
        return match;
      }
      const set = env[name!];
      if (!set) errors.push(`${source.where(path)}: \${${name}} is not set (${showPath(path)})`);
      return set ?? '';
    });
    if (!referred && value !== '' && isSecretPath(path, source.value))
      warnings.push(
        `${source.where(path)}: ${showPath(path)} is a secret written in the file; write \${A_VARIABLE} and set it in the environment`,
      );
    return out;
  };
  const value = walk(source.value, []);
  if (errors.length) throw new ConfigError(errors);
  return { value, warnings };
}
