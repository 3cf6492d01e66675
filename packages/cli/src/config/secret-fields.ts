import type { ValuePath } from './config-error.ts';

// Where a file holds secrets: the API seals these and shows them as "[redacted]" (alert channels' url and
// routing_key, a monitor's header and cookie values, basic_auth's password, the text a step types). The
// file should name an environment variable there (`${SLACK_WEBHOOK_URL}`), never the value: a warning
// says so, and `export` writes placeholders there.

/** Whether the value at `path` (from the file's root) is a secret. */
export function isSecretPath(path: ValuePath): boolean {
  const [section, , field, a, b] = path;
  if (section === 'alert_channels') return path.length === 3 && (field === 'url' || field === 'routing_key');
  if (section !== 'monitors') return false;
  if (field === 'headers') return path.length === 4;
  if (field === 'cookies') return path.length === 5 && b === 'value';
  if (field === 'basic_auth') return path.length === 4 && a === 'password';
  if (field === 'steps') return path.length === 5 && b === 'text';
  return false;
}
