import type { Pool } from '@pageprobe/db';
import { isbot } from 'isbot';
import { beaconSchema, MAX_BEACON_BYTES } from '../beacon-payload.ts';
import { groupOfCompiled } from '../page-groups.ts';
import { RumAggregator } from './aggregator.ts';
import { countryOf, type GeoIp } from './country.ts';
import { type DropReason, NIL_SITE } from './drop-reasons.ts';
import { type IngestSite, normalOrigin, RumSites } from './rum-sites.ts';
import { SiteLimits } from './site-limits.ts';

// One beacon's checks, in order, each drop counted by its reason: its size (oversized), JSON (malformed),
// its site (no_site: no key, unknown, deleted), its shape (malformed: not beaconSchema; zod costs ~1.3 µs
// a beacon, measured, so no hand-written parser), the Origin header (origin: one of the site's),
// the user agent (bot), the site's beacons_per_minute on this replica (limited). Then the path's query
// string is dropped unless the site keeps them, its page group found, its country found, and the page
// view summed by the aggregator. Nothing of the request beyond the beacon's listed fields is kept.

export type Outcome = 'accepted' | DropReason;

/** beaconSchema's bound on `site`: a longer key is not looked up. */
const MAX_SITE_KEY_CHARS = 64;

/** What the HTTP route read of the request. */
export interface BeaconRequest {
  /** The body, or null when it was larger than MAX_BEACON_BYTES (not read past it). */
  body: Buffer | null;
  origin: string | undefined;
  userAgent: string | undefined;
  /** The value of RUM_COUNTRY_HEADER, when configured and sent. */
  countryHeader: string | undefined;
  /** The client's address, for the GeoIP lookup only. */
  address: string | undefined;
  at?: Date;
}

export interface RumIngestOptions {
  pool: Pool;
  geoip?: GeoIp;
  aggregator?: RumAggregator;
  siteTtlMs?: number;
  /** Called with every outcome (the API's Prometheus counter). */
  onOutcome?: (outcome: Outcome) => void;
}

export class RumIngest {
  readonly aggregator: RumAggregator;
  readonly #sites: RumSites;
  readonly #limits = new SiteLimits();
  readonly #geoip: GeoIp | undefined;
  readonly #onOutcome: ((outcome: Outcome) => void) | undefined;

  constructor({ pool, geoip, aggregator, siteTtlMs, onOutcome }: RumIngestOptions) {
    this.aggregator = aggregator ?? new RumAggregator();
    this.#sites = new RumSites(pool, { ttlMs: siteTtlMs });
    this.#geoip = geoip;
    this.#onOutcome = onOutcome;
  }

  /** The site of a key (cached), for a preflight's CORS answer: null when unknown. */
  site(key: string): IngestSite | null | Promise<IngestSite | null> {
    return this.#sites.find(key);
  }

  /** Whether `origin` (a request's Origin header) is one of the site's. */
  static allows(site: IngestSite, origin: string | undefined): boolean {
    return origin !== undefined && site.origins.has(normalOrigin(origin));
  }

  /** Checks, then sums or counts, one beacon. A site lookup that fails (PostgreSQL away) rejects. */
  async collect(req: BeaconRequest): Promise<Outcome> {
    const at = req.at ?? new Date();
    if (req.body === null || req.body.length > MAX_BEACON_BYTES) return this.drop(NIL_SITE, 'oversized', at);
    const json = parseJson(req.body);
    if (json === undefined || typeof json !== 'object' || json === null) return this.drop(NIL_SITE, 'malformed', at);
    // A beacon that names no site (or no live one) is counted as such, whatever else is wrong with it; one
    // that names a site but is not the beacon's shape is counted against that site, for its owner to see.
    const key = (json as { site?: unknown }).site;
    if (typeof key !== 'string' || key === '') return this.drop(NIL_SITE, 'no_site', at);
    if (key.length > MAX_SITE_KEY_CHARS) return this.drop(NIL_SITE, 'malformed', at);
    const found = this.#sites.find(key);
    const site = found instanceof Promise ? await found : found;
    if (!site) return this.drop(NIL_SITE, 'no_site', at);
    const parsed = beaconSchema.safeParse(json);
    if (!parsed.success) return this.drop(site.id, 'malformed', at);
    const beacon = parsed.data;
    if (!RumIngest.allows(site, req.origin)) return this.drop(site.id, 'origin', at);
    if (!req.userAgent || isbot(req.userAgent)) return this.drop(site.id, 'bot', at);
    if (!this.#limits.take(site.id, site.beaconsPerMinute, at.getTime())) return this.drop(site.id, 'limited', at);
    const added = this.aggregator.add({
      siteId: site.id,
      plan: site.plan,
      at,
      pageGroup: groupOfCompiled(pathOf(beacon.path, site.keepQueryStrings), site.pageGroups),
      device: beacon.device,
      country: countryOf(req.countryHeader, this.#geoip, req.address),
      vitals: beacon.vitals,
      attribution: beacon.attribution,
    });
    const outcome = added ? 'accepted' : 'overflow';
    this.#onOutcome?.(outcome);
    return outcome;
  }

  /** Counts a beacon dropped for `reason` (the route counts those it could not check: unavailable). */
  drop(siteId: string, reason: DropReason, at: Date): DropReason {
    this.aggregator.drop(siteId, reason, at);
    this.#onOutcome?.(reason);
    return reason;
  }
}

/** The body as JSON; undefined when it is not JSON. */
function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** The path the site's page groups are matched against: no fragment, no query unless the site keeps them. */
export function pathOf(path: string, keepQueryStrings: boolean): string {
  const hash = path.indexOf('#');
  const withoutHash = hash < 0 ? path : path.slice(0, hash);
  if (keepQueryStrings) return withoutHash;
  const q = withoutHash.indexOf('?');
  return q < 0 ? withoutHash : withoutHash.slice(0, q);
}
