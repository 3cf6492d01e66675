import { SafeHtml } from '@pageprobe/html';
import MarkdownIt from 'markdown-it';

/**
 * What a team writes on its status page (issue 58: incident updates, postmortems) as HTML. markdown-it
 * with raw HTML off escapes any tag written, and its link check refuses javascript:, vbscript: and data:
 * (but images) addresses; links open without handing the page over (noopener) or vouching (nofollow).
 * Images are left as their text: a status page loads nothing a writer points it at.
 */
const md = new MarkdownIt({ html: false, linkify: true, breaks: true, typographer: false }).disable(['image']);

const defaultLinkOpen =
  md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  tokens[idx]!.attrSet('rel', 'nofollow noopener noreferrer');
  return defaultLinkOpen(tokens, idx, options, env, self);
};

/** Markdown longer than this is cut before it is rendered: the API accepts at most 10,000 characters. */
const MAX_CHARS = 20_000;

export const markdownHtml = (text: string): SafeHtml => new SafeHtml(md.render(text.slice(0, MAX_CHARS)));

/** The text of Markdown without its marks, for a feed's summary or a mail's plain part. */
export const markdownText = (text: string): string =>
  md
    .render(text.slice(0, MAX_CHARS))
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();
