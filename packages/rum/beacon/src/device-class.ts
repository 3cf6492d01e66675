import type { Beacon } from '../../src/beacon-payload.ts';

/**
 * mobile, tablet or desktop, from what the browser says of itself and of its screen, never from the user
 * agent string (not read, not sent):
 * - `navigator.userAgentData.mobile` (Chromium's client hint) true: mobile. Chromium on an Android tablet
 *   says false, so false alone does not make a desktop.
 * - otherwise a coarse primary pointer (a finger) is a phone or a tablet: a screen whose shorter side is
 *   under 600 CSS px is a phone (the width Android itself splits phones from tablets at), else a tablet.
 *   iPadOS Safari, which reports itself as a Mac, lands here as a tablet.
 * - a fine pointer (mouse, trackpad) is a desktop, whatever the window's size.
 */
export function deviceClass(): Beacon['device'] {
  const hints = (navigator as Navigator & { userAgentData?: { mobile?: boolean } }).userAgentData;
  if (hints?.mobile === true) return 'mobile';
  if (!matchMedia('(pointer: coarse)').matches) return 'desktop';
  return Math.min(screen.width, screen.height) < 600 ? 'mobile' : 'tablet';
}

const EFFECTIVE_TYPES = ['slow-2g', '2g', '3g', '4g'] as const;

/** navigator.connection.effectiveType (Chromium only), when it is one of the four the ingest knows. */
export function connectionType(): Beacon['connection'] {
  const type = (navigator as Navigator & { connection?: { effectiveType?: string } }).connection?.effectiveType;
  return EFFECTIVE_TYPES.find((known) => known === type);
}
