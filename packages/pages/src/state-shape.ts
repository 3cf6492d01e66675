import { html, type SafeHtml } from '@pageprobe/html';

/**
 * A state's shape, drawn beside its word in its color so the color is never alone (issue 60): a person
 * who does not see the color reads the shape and the word. The public pages and the dashboard draw the
 * same shapes; the dashboard's `stateMark` adds its color tokens.
 */
export type Tone = 'up' | 'down' | 'degraded' | 'paused' | 'pending';

/** Each tone's shape: a filled circle, a triangle, a diamond, two bars, a ring. */
const SHAPES: Record<Tone, SafeHtml> = {
  up: html`<circle cx="6" cy="6" r="5"/>`,
  down: html`<path d="M6 0.5 11.5 11H0.5z"/>`,
  degraded: html`<path d="M6 0.5 11.5 6 6 11.5 0.5 6z"/>`,
  paused: html`<path d="M2 1h3v10H2zM7 1h3v10H7z"/>`,
  pending: html`<circle cx="6" cy="6" r="4" fill="none" stroke="currentColor" stroke-width="2"/>`,
};

/** A shape alone, in the text's color, for a place that prints the word beside it itself. */
export const stateShape = (tone: Tone): SafeHtml =>
  html`<svg class="shape" viewBox="0 0 12 12" width="12" height="12" aria-hidden="true" focusable="false" fill="currentColor">${SHAPES[tone]}</svg>`;

/** A run's or a check's result as a tone: good, failed, or still running. */
export const resultTone = (ok: boolean | null): Tone => (ok === null ? 'pending' : ok ? 'up' : 'down');
