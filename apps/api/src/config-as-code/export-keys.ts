// Keys for resources that have none (issue 50: POST /config/export), from what people call them: a slug
// of the name, made unique among the team's resources of the kind, the oldest keeping the plain one.

/** A key from a name: lower-case letters, digits and inner hyphens, at most 56 (room for a suffix). */
export function slugOf(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 56)
    .replace(/-+$/, '');
  return slug || 'resource';
}

/**
 * The key each keyless resource gets (by id), from `label` of it; `rows` oldest first, every resource of
 * the kind the team has (their keys are taken).
 */
export function newKeys(rows: Array<{ id: string; key: string | null; label: string }>): Map<string, string> {
  const taken = new Set(rows.flatMap((r) => (r.key === null ? [] : [r.key])));
  const keys = new Map<string, string>();
  for (const row of rows) {
    if (row.key !== null) continue;
    const base = slugOf(row.label);
    let key = base;
    for (let n = 2; taken.has(key); n++) key = `${base}-${n}`;
    taken.add(key);
    keys.set(row.id, key);
  }
  return keys;
}
