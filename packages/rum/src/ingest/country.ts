import { readFileSync } from 'node:fs';
import { type CountryResponse, Reader } from 'maxmind';
import { UNKNOWN_COUNTRY } from '../dimensions.ts';

// A page view's country: the header the deployment's edge sets (RUM_COUNTRY_HEADER, e.g. Cloudflare's
// cf-ipcountry), else the operator's MaxMind-format database (RUM_GEOIP_DB: GeoLite2-Country, GeoIP2,
// or any MMDB with country.iso_code), else UNKNOWN_COUNTRY. The client's address is only looked up here:
// never stored, never logged.

export type GeoIp = Reader<CountryResponse>;

/** Opens the database once, at start: a missing or unreadable file stops the start with its reason. */
export function openGeoIp(path: string): GeoIp {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    throw new Error(`RUM_GEOIP_DB: cannot read ${path}: ${(error as Error).message}`);
  }
  try {
    return new Reader<CountryResponse>(bytes);
  } catch (error) {
    throw new Error(`RUM_GEOIP_DB: ${path} is not a MaxMind database (MMDB): ${(error as Error).message}`);
  }
}

/** ISO 3166 alpha-2, upper case; anything else (Cloudflare's XX and T1, a missing header) is not a country. */
const countryCode = (value: string | undefined): string | null =>
  value && value.length === 2 && /^[A-Za-z]{2}$/.test(value) && value.toUpperCase() !== UNKNOWN_COUNTRY
    ? value.toUpperCase()
    : null;

export function countryOf(headerValue: string | undefined, geoip: GeoIp | undefined, address: string | undefined) {
  const fromHeader = countryCode(headerValue);
  if (fromHeader) return fromHeader;
  if (geoip && address) {
    try {
      // An IPv4 client of a dual-stack socket is ::ffff:a.b.c.d: looked up as the IPv4 address it is.
      const found = geoip.get(address.startsWith('::ffff:') ? address.slice(7) : address);
      const code = countryCode(found?.country?.iso_code ?? found?.registered_country?.iso_code);
      if (code) return code;
    } catch {
      // Not an IP address the database can look up (a Unix socket's peer): unknown.
    }
  }
  return UNKNOWN_COUNTRY;
}
