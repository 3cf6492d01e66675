import type { Monitor } from '@pageprobe/db';
import { BADGES, BADGES_OF, type BadgeName } from '@pageprobe/pages';
import { monitorPageUrl } from '@pageprobe/test-lifecycle';

const trimmed = (base: string) => base.replace(/\/+$/, '');

export { monitorPageUrl };

export const badgeUrl = (base: string, token: string, name: BadgeName) =>
  `${trimmed(base)}/badges/${token}/${BADGES[name].file}.svg`;

/** A monitor's badges, by name: the ones its kind has, under the badge token (which opens nothing else). */
export const badgeUrls = (base: string, monitor: Pick<Monitor, 'type' | 'badgeToken'>) =>
  Object.fromEntries((BADGES_OF[monitor.type] ?? []).map((name) => [name, badgeUrl(base, monitor.badgeToken, name)]));

export const statusPageUrl = (base: string, slug: string) => `${trimmed(base)}/status/${slug}`;
