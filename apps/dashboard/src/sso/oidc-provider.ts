import * as oidc from 'openid-client';
import type { DashboardConfig } from '../config.ts';

// Single sign-on's provider (issue 45), discovered when first needed rather than at start: an identity
// provider that is down, or not yet up, must never keep the dashboard from starting, and people can still
// sign in with a password or a passkey meanwhile. A discovery that worked is kept for the process's life
// (openid-client fetches the provider's signing keys again by itself when they rotate); one that failed is
// not tried again for RETRY_AFTER_MS, so a dead provider costs one attempt per half minute, not one per page.

/** After a failed discovery, the provider is said to be unavailable this long before the next attempt. */
export const RETRY_AFTER_MS = 30_000;
/** A provider that does not answer within this is unavailable (openid-client's own default is 30 s). */
const TIMEOUT_SECONDS = 5;

export type ProviderStatus = 'ready' | 'unavailable' | 'pending';

/** The provider's configuration, discovered once, with a pause after each failure. */
export class LazyProvider {
  #discover: () => Promise<oidc.Configuration>;
  #now: () => number;
  #onError: (error: unknown) => void;
  #ready: oidc.Configuration | null = null;
  #pending: Promise<oidc.Configuration | null> | null = null;
  #failedAt = Number.NEGATIVE_INFINITY;

  constructor(
    discover: () => Promise<oidc.Configuration>,
    options: { now?: () => number; onError?: (error: unknown) => void } = {},
  ) {
    this.#discover = discover;
    this.#now = options.now ?? Date.now;
    this.#onError = options.onError ?? (() => {});
  }

  /** The configuration, or null while the provider cannot be reached. */
  get(): Promise<oidc.Configuration | null> {
    if (this.#ready) return Promise.resolve(this.#ready);
    if (this.#pending) return this.#pending;
    if (this.#now() - this.#failedAt < RETRY_AFTER_MS) return Promise.resolve(null);
    this.#pending = this.#discover()
      .then(
        (configuration) => {
          this.#ready = configuration;
          return configuration;
        },
        (error: unknown) => {
          this.#failedAt = this.#now();
          this.#onError(error);
          return null;
        },
      )
      .finally(() => {
        this.#pending = null;
      });
    return this.#pending;
  }

  /**
   * Whether sign-in with SSO can start, waiting at most `waitMs` for a discovery under way: a page that
   * shows the button is not held up by a slow provider (`pending`: offer the button, the start says more).
   */
  async status(waitMs: number): Promise<ProviderStatus> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'pending'>((resolve) => {
      timer = setTimeout(() => resolve('pending'), waitMs);
    });
    try {
      const found = await Promise.race([this.get(), late]);
      return found === 'pending' ? 'pending' : found ? 'ready' : 'unavailable';
    } finally {
      clearTimeout(timer);
    }
  }
}

/** Discovery at the configured issuer, with the client's id and secret (none: a public client with PKCE). */
function discoverer(config: DashboardConfig): () => Promise<oidc.Configuration> {
  const issuer = new URL(config.OIDC_ISSUER!);
  const secret = config.OIDC_CLIENT_SECRET;
  return () =>
    oidc.discovery(
      issuer,
      config.OIDC_CLIENT_ID!,
      secret ? { client_secret: secret } : undefined,
      // client_secret_basic: the method a provider assumes when a client registers none (RFC 7591).
      secret ? oidc.ClientSecretBasic(secret) : oidc.None(),
      {
        timeout: TIMEOUT_SECONDS,
        // The config allows http only for an issuer on this machine (a local provider).
        execute: issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
      },
    );
}

const providers = new WeakMap<DashboardConfig, LazyProvider>();

/** The dashboard's provider (one per app's config), or null when SSO is not configured (no OIDC_ISSUER). */
export function providerOf(
  config: DashboardConfig,
  logger: { warn(obj: object, msg: string): void },
): LazyProvider | null {
  if (!config.OIDC_ISSUER) return null;
  let provider = providers.get(config);
  if (!provider) {
    provider = new LazyProvider(discoverer(config), {
      onError: (error) =>
        logger.warn(
          { err: error instanceof Error ? error.message : String(error), issuer: config.OIDC_ISSUER },
          `OpenID provider discovery failed; SSO unavailable, tried again in ${RETRY_AFTER_MS / 1000} s`,
        ),
    });
    providers.set(config, provider);
  }
  return provider;
}

/** Where the provider sends people back: `{DASHBOARD_BASE_URL}/auth/oidc/callback`. */
export const redirectUri = (config: DashboardConfig) => `${config.DASHBOARD_BASE_URL}/auth/oidc/callback`;
