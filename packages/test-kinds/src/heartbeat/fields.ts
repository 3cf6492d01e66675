// A heartbeat's part of POST and PATCH /monitors (issue 47): told by pings rather than asking, it takes a
// period or a cron schedule (in a time zone) and a grace, and none of a check's request fields. The API's
// monitor service refuses and reads these, and the dashboard's form builds its body from them.

/** A heartbeat's own fields: when a ping is due and how late it may be. */
export const HEARTBEAT_FIELDS = ['period_seconds', 'grace_seconds', 'schedule', 'time_zone'] as const;

/**
 * Fields of a check (a request to a target) that a heartbeat refuses, whatever their value. Those the
 * document gives a default (device, runs, location_mode) cannot be told apart from absent, and are ignored.
 */
export const CHECK_FIELDS = [
  'url',
  'interval_seconds',
  'assertions',
  'headers',
  'cookies',
  'basic_auth',
  'locations',
  'quorum',
  'block_urls',
  'throttling',
  'viewport',
  'user_agent',
  'locale',
  'steps',
  'repeat_view',
] as const;
