/**
 * A CSV cell: a value a spreadsheet would run as a formula (=, +, -, @, a tab) is prefixed with `'`,
 * then quoted when it holds a quote, a comma or a line break. Exports of what outsiders typed (a
 * subscriber's address, a monitor's name) go through it.
 */
export function csvCell(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  const safe = /^[=+\-@\t]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
