/**
 * PostgreSQL refuses U+0000 in text and jsonb ("unsupported Unicode escape sequence"), and any string
 * may come from a target (a <title>, a sitemap's <loc>, a webhook's answer): every NUL becomes U+FFFD,
 * through objects and arrays, so a hostile page cannot turn a write into an internal error.
 */
export function withoutNul<T>(value: T): T {
  if (typeof value === 'string') return (value.includes('\0') ? value.replaceAll('\0', '\uFFFD') : value) as T;
  if (Array.isArray(value)) return value.map(withoutNul) as T;
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [withoutNul(k), withoutNul(v)])) as T;
  }
  return value;
}
