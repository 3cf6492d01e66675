// Why a beacon was not counted. Each drop is counted per site and hour in monitoring.rum_dropped (and in
// the API's rum_beacons_total{outcome}); the beacon itself is never kept.

export const DROP_REASONS = [
  /** The Origin header is not one of the site's origins (or is missing). */
  'origin',
  /** No site key, an unknown one, or a deleted site's. */
  'no_site',
  /** Not JSON, or not the beacon's shape (beaconSchema). */
  'malformed',
  /** Larger than MAX_BEACON_BYTES. */
  'oversized',
  /** A bot's or crawler's user agent (isbot). */
  'bot',
  /** Past the site's beacons_per_minute on this API replica. */
  'limited',
  /** Accepted, but this replica held too many unwritten rows to keep it (PostgreSQL away too long). */
  'overflow',
  /** The site could not be looked up (PostgreSQL unreachable): the beacon is lost, and counted. */
  'unavailable',
] as const;

export type DropReason = (typeof DROP_REASONS)[number];

/** The site a drop is counted against when none could be named (no key, an unknown key, a body unread). */
export const NIL_SITE = '00000000-0000-0000-0000-000000000000';
