import type { ValuePath } from './config-error.ts';

// Where a file holds secrets: the API seals these and shows them as "[redacted]" (alert channels' url and
// routing_key, a monitor's header and cookie values, basic_auth's password, the text a step types). The
// file should name an environment variable there (`${SLACK_WEBHOOK_URL}`), never the value: a warning
// says so, and `export` writes placeholders there.

/**
 * Whether the value at `path` (from the file's root, `root`) is a secret. A step's `text` is one only in a
 * `type` step (what it types, a password say): an `assert_text` step's is what the page must show, kept
 * and shown as written.
 */
export function isSecretPath(path: ValuePath, root: unknown): boolean {
  const [section, , field, a, b] = path;
  if (section === 'alert_channels') return path.length === 3 && (field === 'url' || field === 'routing_key');
  if (section !== 'monitors') return false;
  if (field === 'headers') return path.length === 4;
  if (field === 'cookies') return path.length === 5 && b === 'value';
  if (field === 'basic_auth') return path.length === 4 && a === 'password';
  if (field === 'steps') return path.length === 5 && b === 'text' && stepAt(root, path)?.type === 'type';
  return false;
}

/** The step `path` is in (`monitors[i].steps[j]`), if the file has one there. */
function stepAt(root: unknown, [, monitor, , step]: ValuePath): { type?: unknown } | undefined {
  const monitors = (root as { monitors?: unknown } | undefined)?.monitors;
  const steps = Array.isArray(monitors)
    ? (monitors[monitor as number] as { steps?: unknown } | undefined)?.steps
    : null;
  return Array.isArray(steps) ? (steps[step as number] as { type?: unknown } | undefined) : undefined;
}
