// How a site's page views are split: page group, device class, country. Each is a rollup's key column.

export const DEVICES = ['mobile', 'tablet', 'desktop'] as const;
export type Device = (typeof DEVICES)[number];

/** A page view's country when neither the edge's header nor the GeoIP database named one. */
export const UNKNOWN_COUNTRY = 'XX';

/** The page group of a path no pattern of the site matches. */
export const OTHER_GROUP = 'other';

export const SPLITS = ['page_group', 'device', 'country'] as const;
export type Split = (typeof SPLITS)[number];
