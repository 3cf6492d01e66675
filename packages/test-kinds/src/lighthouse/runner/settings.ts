import type { LighthouseOptions } from '@pageprobe/test-kinds';
import * as constants from 'lighthouse/core/config/constants.js';
import type { Flags } from 'lighthouse';

/**
 * A test's Lighthouse settings as Lighthouse flags (issue 18), on top of the device's defaults:
 * `throttling` presets are Lighthouse's own (mobile_slow_4g: its mobile default; desktop: its desktop
 * default; none: no throttling, the page as this machine loads it), a custom one is simulated;
 * `viewport` replaces the device's screen; `block_urls` become Chrome's blocked-URL patterns; `locale`
 * is the Accept-Language and the report's language.
 */
export function lighthouseFlags(device: 'mobile' | 'desktop', options: LighthouseOptions): Flags {
  const flags: Flags = {};
  const t = options.throttling;
  if (t === 'none') flags.throttlingMethod = 'provided';
  else if (t === 'mobile_slow_4g')
    Object.assign(flags, { throttlingMethod: 'simulate', throttling: constants.throttling.mobileSlow4G });
  else if (t === 'desktop')
    Object.assign(flags, { throttlingMethod: 'simulate', throttling: constants.throttling.desktopDense4G });
  else if (t) {
    flags.throttlingMethod = 'simulate';
    flags.throttling = {
      rttMs: t.rtt_ms,
      throughputKbps: t.throughput_kbps,
      cpuSlowdownMultiplier: t.cpu_slowdown,
      requestLatencyMs: t.rtt_ms * 3.75,
      downloadThroughputKbps: t.throughput_kbps * 0.9,
      uploadThroughputKbps: t.throughput_kbps * 0.9,
    };
  }
  if (options.viewport) {
    flags.screenEmulation = {
      mobile: device === 'mobile',
      width: options.viewport.width,
      height: options.viewport.height,
      deviceScaleFactor: options.viewport.device_scale_factor,
      disabled: false,
    };
  }
  if (options.user_agent) flags.emulatedUserAgent = options.user_agent;
  if (options.block_urls?.length) flags.blockedUrlPatterns = options.block_urls;
  if (options.locale) {
    // Accept-Language is no secret: it may go to every origin, as a browser's does.
    flags.extraHeaders = { 'Accept-Language': options.locale };
    // The report's language too (Lighthouse falls back to the nearest it has, English at worst).
    flags.locale = options.locale as Flags['locale'];
  }
  return flags;
}
