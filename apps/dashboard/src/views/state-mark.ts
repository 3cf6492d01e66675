import { html, type SafeHtml } from '@pageprobe/html';

/**
 * What a monitor or a test is, at a glance: a color, a shape and a word together, never the color alone
 * (a person who does not see the color reads the shape and the word). The colors are the design tokens
 * `--state-<tone>` in `assets/css/10-state.css`, for the light and the dark theme.
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

/** A shape alone (for strips and cards that print the word beside it themselves). */
export const stateShape = (tone: Tone): SafeHtml =>
  html`<svg class="shape" viewBox="0 0 12 12" width="12" height="12" aria-hidden="true" focusable="false" fill="currentColor">${SHAPES[tone]}</svg>`;

/** A state's mark: shape and word in the tone's color. */
export const stateMark = (tone: Tone, word: string): SafeHtml =>
  html`<span class="state state-${tone}">${stateShape(tone)}${word}</span>`;

/** The monitor states people see, with their words. */
export const MONITOR_STATE_WORDS = {
  down: 'Down',
  degraded: 'Degraded',
  up: 'Up',
  pending: 'No check yet',
  paused: 'Paused',
} as const satisfies Record<Tone, string>;

/** A monitor's state as its mark. */
export const monitorStateMark = (state: Tone): SafeHtml => stateMark(state, MONITOR_STATE_WORDS[state]);

/** A test's status in the same tones: queued and running wait, completed is good, failed is bad. */
const TEST_TONES = { queued: 'pending', running: 'pending', completed: 'up', failed: 'down' } as const;
const TEST_WORDS = { queued: 'Queued', running: 'Running', completed: 'Completed', failed: 'Failed' } as const;
export const testStatusMark = (status: keyof typeof TEST_TONES): SafeHtml =>
  stateMark(TEST_TONES[status], TEST_WORDS[status]);
