/**
 * Settings that are fine on a laptop and dangerous in production: example secrets that ship in this
 * repository (the manifests' placeholders, the local S3 server's keys), a Redis without a password
 * (it holds every queued job and the key-revocation channel), and the switches that open the egress
 * guard to private addresses. With NODE_ENV=production an app refuses to start on any of them; each
 * answer names the variable and what to do.
 */
const PLACEHOLDER = /change[_-]?me|example|placeholder|^s3rver$/i;

export function productionRefusals(
  config: Record<string, unknown>,
  env: NodeJS.ProcessEnv = {},
): Array<{ variable: string; message: string }> {
  if (config.NODE_ENV !== 'production') return [];
  // No opt-out for these: either one lets any team's test reach the cluster's and the cloud's own
  // addresses (the metadata service, Redis, the admin port).
  const refusals = targetRefusals(config);
  // The apps' defaults (the local stack's loopback origin) would put unreachable links in every Location
  // header, report URL, callback and alert.
  if ('PUBLIC_BASE_URL' in config && !env.PUBLIC_BASE_URL) {
    refusals.push({
      variable: 'PUBLIC_BASE_URL',
      message:
        'is required in production: the origin clients use (https://api.example.com), for the links in responses, reports, callbacks and alerts',
    });
  }
  if ('DASHBOARD_BASE_URL' in config) refusals.push(...dashboardRefusals(env.DASHBOARD_BASE_URL));
  // A throwaway production-mode stack on the test servers says so explicitly; nothing sets this by default.
  if (env.ALLOW_EXAMPLE_SECRETS === 'true') return refusals;
  // CRUX_API_KEY: a placeholder would be refused by Google on every query, each test saying api_error.
  for (const variable of [
    'ADMIN_TOKEN',
    'S3_ACCESS_KEY_ID',
    'S3_SECRET_ACCESS_KEY',
    'CRUX_API_KEY',
    'REDIS_SENTINEL_PASSWORD',
  ]) {
    const value = config[variable];
    if (typeof value === 'string' && PLACEHOLDER.test(value)) {
      refusals.push({ variable, message: 'is an example value; set a secret of your own in production' });
    }
  }
  // SECRETS_KEY is bytes once parsed: the manifests' placeholder is the base64 of a CHANGE_ME text.
  if (Buffer.isBuffer(config.SECRETS_KEY) && PLACEHOLDER.test(config.SECRETS_KEY.toString('latin1'))) {
    refusals.push({
      variable: 'SECRETS_KEY',
      message: 'is an example value; set a key of your own (openssl rand -base64 32)',
    });
  }
  const redisUrl = config.REDIS_URL;
  if (typeof redisUrl === 'string' && URL.canParse(redisUrl) && new URL(redisUrl).password === '') {
    refusals.push({
      variable: 'REDIS_URL',
      message: 'has no password; in production Redis must require AUTH (redis://:<password>@host:6379)',
    });
  }
  // Sentinel (issue 49): the same rule, for the password the servers and sentinels are asked with.
  if (Array.isArray(config.REDIS_SENTINELS) && !config.REDIS_SENTINEL_PASSWORD) {
    refusals.push({
      variable: 'REDIS_SENTINEL_PASSWORD',
      message: 'is required in production with REDIS_SENTINELS: Redis and its sentinels must require AUTH',
    });
  }
  return refusals;
}

/**
 * The dashboard's address (issue 45): its default is the local stack's, and over plain http its session
 * cookie (without Secure and the __Host- prefix) would cross the network in the clear. Browsers hold
 * loopback as secure, so a one-machine stack (docker compose) may use http://localhost.
 */
function dashboardRefusals(url: string | undefined): Array<{ variable: string; message: string }> {
  const variable = 'DASHBOARD_BASE_URL';
  if (!url)
    return [{ variable, message: "is required in production: the dashboard's address (https://<the API's host>/app)" }];
  const { protocol, hostname } = URL.canParse(url) ? new URL(url) : { protocol: '', hostname: '' };
  const loopback = hostname === 'localhost' || hostname === '[::1]' || hostname.startsWith('127.');
  if (protocol === 'https:' || (protocol === 'http:' && loopback)) return [];
  return [
    { variable, message: 'must be https in production: the session cookie is Secure and __Host- only over https' },
  ];
}

function targetRefusals(config: Record<string, unknown>): Array<{ variable: string; message: string }> {
  const refusals: Array<{ variable: string; message: string }> = [];
  if (config.ALLOW_PRIVATE_TARGETS === true) {
    refusals.push({
      variable: 'ALLOW_PRIVATE_TARGETS',
      message:
        'lets tests and callbacks reach loopback, private and cloud metadata addresses; it is for local use and tests only, unset it in production',
    });
  }
  if (Array.isArray(config.ALLOW_TARGETS) && config.ALLOW_TARGETS.length > 0) {
    refusals.push({
      variable: 'ALLOW_TARGETS',
      message: `lets tests reach ${config.ALLOW_TARGETS.join(', ')} at private addresses; it is for the test suite only, unset it in production`,
    });
  }
  return refusals;
}
