import type { ConfigChange } from '@pageprobe/client';
import { type Paint, plain } from '../format.ts';

// A plan as people read it: `+` creates (with the fields they set), `~` one line per changed field
// (`~ monitor api-health: interval_seconds 60 → 30`), `-` deletes, then the count.

const MAX_VALUE = 120;

/** A field's value: numbers and words as they are, text quoted, "(secret)" as it is, unset as (none). */
export function showValue(value: unknown): string {
  if (value === null || value === undefined) return '(none)';
  if (value === '(secret)') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const text = JSON.stringify(value);
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text;
}

const SIGN = { create: '+', update: '~', delete: '-' } as const;

export function planLines(changes: ConfigChange[], paint: Paint, signs: Record<string, string> = SIGN): string[] {
  const lines: string[] = [];
  for (const change of changes) {
    const name = `${change.resource} ${change.key}`;
    const sign = signs[change.action]!;
    if (change.action === 'update') {
      for (const f of change.fields)
        lines.push(`${sign} ${name}: ${f.field} ${showValue(f.from)} → ${showValue(f.to)}`);
      if (change.fields.length === 0) lines.push(`${sign} ${name}`);
    } else {
      const colour = change.action === 'create' ? paint.ok : paint.bad;
      lines.push(colour(`${sign} ${name}`));
      for (const f of change.fields) lines.push(`    ${f.field} = ${showValue(f.to)}`);
    }
  }
  return lines;
}

export function planSummary(changes: ConfigChange[], file: string): string {
  if (changes.length === 0) return `No changes: the team's resources are as ${file} describes.`;
  const count = (action: ConfigChange['action']) => changes.filter((c) => c.action === action).length;
  return `${count('create')} to create, ${count('update')} to change, ${count('delete')} to delete.`;
}

/** The plan for a job summary: a diff block (GitHub colours + and - lines; `!` for changed ones). */
export function planMarkdown(title: string, changes: ConfigChange[], file: string, applied: boolean): string {
  const lines = planLines(changes, plain, { create: '+', update: '!', delete: '-' });
  return [
    `## ${title}`,
    '',
    applied && changes.length ? `Applied ${file}: ${planSummary(changes, file)}` : planSummary(changes, file),
    ...(lines.length ? ['', '```diff', ...lines, '```'] : []),
    '',
  ].join('\n');
}
