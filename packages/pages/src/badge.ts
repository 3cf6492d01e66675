import { makeBadge } from 'badge-maker';
import { type BadgeName as KindBadge, fmtMs, monitorKinds } from '@pageprobe/test-kinds';
import { fmtPercent } from './format.ts';
import { BADGE_COLOURS, responseTone, scoreTone, type Tone, uptimeTone } from './thresholds.ts';

/** The badges a monitor has, by the name of its file (`/badges/{token}/{name}.svg`) and of its JSON key. */
export const BADGES = {
  status: { file: 'status', label: 'status' },
  uptime_24h: { file: 'uptime-24h', label: 'uptime 24h' },
  uptime_7d: { file: 'uptime-7d', label: 'uptime 7d' },
  uptime_30d: { file: 'uptime-30d', label: 'uptime 30d' },
  response_time: { file: 'response-time', label: 'response time' },
  performance_score: { file: 'performance-score', label: 'performance' },
  structure_score: { file: 'structure-score', label: 'structure' },
} as const satisfies Record<KindBadge, { file: string; label: string }>;
export type BadgeName = keyof typeof BADGES;

/**
 * Which badges each kind of monitor has: what its folder declares (`monitor.page.badges`), a heartbeat's
 * (issue 47, a monitor but not a kind of test) among them.
 */
export const BADGES_OF: Record<string, readonly BadgeName[]> = Object.fromEntries(
  monitorKinds.map((kind) => [kind.name, kind.monitor.page.badges]),
);

export const badgeNamed = (file: string): BadgeName | undefined =>
  (Object.keys(BADGES) as BadgeName[]).find((name) => BADGES[name].file === file);

/** What a badge shows: a monitor's state, a share of good runs, a time or a score. */
export type BadgeFigure =
  | { kind: 'state'; state: 'up' | 'degraded' | 'down' | 'paused' | 'pending' }
  | { kind: 'percent'; value: number | null }
  | { kind: 'ms'; value: number | null }
  | { kind: 'score'; value: number | null };

// Degraded is amber: up, but not as it should be.
const STATE_TONES: Record<string, Tone> = {
  up: 'good',
  degraded: 'average',
  down: 'poor',
  paused: 'none',
  pending: 'none',
};

function message(figure: BadgeFigure): { text: string; tone: Tone } {
  switch (figure.kind) {
    case 'state':
      return { text: figure.state, tone: STATE_TONES[figure.state]! };
    case 'percent':
      return { text: fmtPercent(figure.value).replace(' ', ''), tone: uptimeTone(figure.value) };
    case 'ms':
      return { text: figure.value === null ? 'no data' : fmtMs(figure.value), tone: responseTone(figure.value) };
    case 'score':
      return {
        text: figure.value === null ? 'no data' : String(Math.round(figure.value)),
        tone: scoreTone(figure.value),
      };
  }
}

/** A badge in shields.io's flat style (its own library draws it), coloured by the thresholds. */
export function badgeSvg(name: BadgeName, figure: BadgeFigure): string {
  const { text, tone } = message(figure);
  return makeBadge({ label: BADGES[name].label, message: text, color: BADGE_COLOURS[tone], style: 'flat' });
}
