import { html, type SafeHtml } from '@pageprobe/html';
import { RATING_WORDS, type Rating, rateScore } from './ratings.ts';

/** Lighthouse's category names: the people's words, never the stored key (`best_practices`). */
export const CATEGORY_NAMES: Record<string, string> = {
  performance: 'Performance',
  accessibility: 'Accessibility',
  best_practices: 'Best practices',
  'best-practices': 'Best practices',
  seo: 'SEO',
  'agentic-browsing': 'Agentic browsing',
  structure: 'Structure',
};

/** Lighthouse's shapes for its bands, in a 12×12 box. */
const SHAPES: Record<Rating, SafeHtml> = {
  good: html`<circle cx="6" cy="6" r="5"/>`,
  needs_improvement: html`<rect x="1" y="1" width="10" height="10"/>`,
  poor: html`<path d="M6 0.5 11.5 11H0.5z"/>`,
};

/** A band's shape and word, in its color (the class `rating-<band>`). */
export const ratingMark = (rating: Rating): SafeHtml =>
  html`<span class="rating rating-${rating}"><svg class="shape" viewBox="0 0 12 12" width="12" height="12" aria-hidden="true" focusable="false" fill="currentColor">${SHAPES[rating]}</svg>${RATING_WORDS[rating]}</span>`;

/** The name a score is shown under: Lighthouse's, else the key in words. */
export const categoryName = (key: string): string => CATEGORY_NAMES[key] ?? key.replaceAll(/[_-]/g, ' ');

/**
 * One gauge: a ring filled to the score (SVG presentation attributes, no inline style: the CSP), the
 * number as text in it, and under it the name and the band's shape and word.
 */
export function scoreGauge(key: string, score: number): SafeHtml {
  const rating = rateScore(score);
  const value = Math.max(0, Math.min(100, Math.round(score)));
  return html`<li class="gauge rating-${rating}"><svg class="ring" viewBox="0 0 60 60" width="72" height="72" aria-hidden="true" focusable="false">
<circle class="track" cx="30" cy="30" r="26" fill="none" stroke-width="6"/>
<circle class="arc" cx="30" cy="30" r="26" fill="none" stroke-width="6" pathLength="100" stroke-dasharray="${value} 100" transform="rotate(-90 30 30)"/>
<text x="30" y="30" text-anchor="middle" dominant-baseline="central">${value}</text></svg>
<span class="gauge-name">${categoryName(key)}</span> <span class="visually-hidden">${value} of 100,</span> ${ratingMark(rating)}</li>`;
}

/** A test's scores as gauges, in Lighthouse's order; those it does not have are left out. */
export function scoreGauges(scores: Record<string, number | null>): SafeHtml | string {
  const order = Object.keys(CATEGORY_NAMES);
  const shown = Object.entries(scores)
    .filter((e): e is [string, number] => typeof e[1] === 'number')
    .sort(([a], [b]) => rank(order, a) - rank(order, b));
  if (!shown.length) return '';
  return html`<h3>Scores</h3><ul class="gauges">${shown.map(([key, v]) => scoreGauge(key, v))}</ul>`;
}

const rank = (order: string[], key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
