import { type Fetched, MAX_BODY_BYTES } from './fetch-url.ts';

export type LlmsTxt = {
  url: string;
  state: 'present' | 'missing' | 'invalid';
  status: number | null;
  title: string | null;
  summary: string | null;
  links: number;
  problems: string[];
};

/**
 * llms.txt (llmstxt.org): Markdown with an H1 (the site's name) first, then a "> " blockquote summary,
 * then sections listing links. We check those three parts; anything else in it is free-form.
 */
export function readLlmsTxt(url: string, answer: Fetched): LlmsTxt {
  const base = { url, status: answer.status, title: null, summary: null, links: 0 };
  if (answer.status === null || answer.status >= 400 || answer.error)
    return { ...base, state: 'missing', problems: [] };
  const problems: string[] = [];
  if (answer.status !== 200) problems.push(`Answers HTTP ${answer.status}.`);
  if (answer.truncated)
    problems.push(`Larger than ${MAX_BODY_BYTES / 1024 / 1024} MiB uncompressed: only the first part was read.`);
  const text = answer.body ?? '';
  if (/html/i.test(answer.contentType ?? '') || /^\s*<(!doctype|html)/i.test(text))
    problems.push('Served as an HTML page, not Markdown text.');
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  const first = lines.find((l) => l.length > 0) ?? '';
  const title = /^#\s+(.+)$/.exec(first)?.[1]?.trim() ?? null;
  if (!title) problems.push('Does not start with an H1 ("# Site name").');
  const summary = lines.find((l) => l.startsWith('>'))?.replace(/^>\s*/, '') || null;
  if (!summary) problems.push('Has no "> " summary of the site.');
  // Neither part may cross a "[": each attempt then stops at the next one, so a run of "[" with no "]"
  // (a hostile file) costs linear time, not quadratic.
  const links = (text.match(/\[[^[\]]+\]\([^)\s[]+\)/g) ?? []).length;
  if (links === 0) problems.push('Lists no Markdown links ("[name](url)").');
  return { ...base, title, summary, links, state: problems.length ? 'invalid' : 'present', problems };
}
