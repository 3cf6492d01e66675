import { html, type SafeHtml } from '@pageprobe/html';
import { stateShape, type Tone } from '@pageprobe/pages';

/**
 * What a monitor or a test is, at a glance: a color, a shape and a word together, never the color alone
 * (the shapes are the public pages' too, `@pageprobe/pages`). The colors are the design tokens
 * `--state-<tone>` in `assets/css/10-state.css`, for the light and the dark theme.
 */
export { stateShape, type Tone };

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
