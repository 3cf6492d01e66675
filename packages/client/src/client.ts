import { PageprobeError, retryAfter } from './errors.ts';
import type {
  AlertChannel,
  Artifact,
  ChangeIncident,
  CreateDeploy,
  CreateIncident,
  CreateIncidentUpdate,
  ChannelDelivery,
  Incident,
  MonitorUptimeReport,
  ReportQuery,
  RumAttribution,
  RumAttributionQuery,
  RumSeries,
  RumSeriesQuery,
  StatusPageUptimeReport,
  StatusSubscriber,
  Comparison,
  ConfigExport,
  ConfigExportRequest,
  ConfigPlan,
  ConfigState,
  CreatedTest,
  CreateMonitor,
  CreateTest,
  Credits,
  Deploy,
  RumSite,
  RumSiteInput,
  FieldSeriesQuery,
  HeartbeatPing,
  Location,
  ListTestsQuery,
  MaintenanceWindow,
  Monitor,
  MonitorAlert,
  MonitorCheck,
  MonitorFieldSeries,
  MonitorSeries,
  Page,
  PageQuery,
  ReplayedTest,
  SeriesQuery,
  StatusPage,
  Test,
  UpdateAlertChannel,
  UpdateMaintenanceWindow,
  PutVariable,
  Variable,
  UpdateMonitor,
  UpdateStatusPage,
} from './types.ts';
import { type DeployWaitOptions, type WaitOptions, waitForDeploy, waitForTest } from './wait.ts';

export interface ClientOptions {
  /** The API's origin, e.g. `https://api.pageprobe.dev` (`/api/v1` is added). */
  baseUrl: string;
  apiKey: string;
  /** A fetch of your own (tests, proxies); the global one by default. */
  fetch?: typeof fetch;
  /** Each request's time limit; 30 s by default. */
  timeoutMs?: number;
}

type Query = Record<string, string | number | Date | undefined>;

export interface Answer<T> {
  data: T;
  status: number;
  headers: Headers;
}

const queryString = (query: Query | undefined) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(key, value instanceof Date ? value.toISOString() : String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
};

/**
 * A client of the Pageprobe API: every endpoint, typed from the OpenAPI document, errors as
 * `PageprobeError`, and `waitForTest` to poll a test until it finishes. Works wherever `fetch` does
 * (Node 20+, browsers, Deno, Bun).
 */
export function createClient(options: ClientOptions) {
  const base = `${options.baseUrl.replace(/\/+$/, '')}/api/v1`;
  const doFetch = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? 30_000;

  async function request<T>(
    method: string,
    path: string,
    { query, body, headers = {} }: { query?: Query; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<Answer<T>> {
    let res: Response;
    try {
      res = await doFetch(`${base}${path}${queryString(query)}`, {
        method,
        headers: {
          authorization: `Bearer ${options.apiKey}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new PageprobeError(0, { detail: (error as Error).message }, null);
    }
    const text = await res.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // A proxy's HTML error page: the status says enough.
    }
    if (!res.ok) throw new PageprobeError(res.status, (parsed ?? {}) as object, retryAfter(res.headers));
    return { data: parsed as T, status: res.status, headers: res.headers };
  }
  const data = async <T>(answer: Promise<Answer<T>>) => (await answer).data;
  const id = (value: string) => encodeURIComponent(value);

  /**
   * GET /monitors/{id}/series: a metric over time, from the monitor's runs and checks, or with
   * `source: 'field'` real Chrome users' weekly p75s of a lighthouse monitor's URL (MonitorFieldSeries).
   */
  function series(monitorId: string, query: FieldSeriesQuery): Promise<MonitorFieldSeries>;
  function series(monitorId: string, query: SeriesQuery & { source?: 'lab' }): Promise<MonitorSeries>;
  function series(monitorId: string, query: SeriesQuery): Promise<MonitorSeries | MonitorFieldSeries>;
  function series(monitorId: string, query: SeriesQuery) {
    return data(request<MonitorSeries | MonitorFieldSeries>('GET', `/monitors/${id(monitorId)}/series`, { query }));
  }

  const client = {
    /** POST /tests. With an idempotency key, a repeat answers the original test (`replayed: true`). */
    createTest: (body: CreateTest, opts: { idempotencyKey?: string } = {}) =>
      data(
        request<CreatedTest | ReplayedTest>('POST', '/tests', {
          body,
          headers: opts.idempotencyKey ? { 'idempotency-key': opts.idempotencyKey } : {},
        }),
      ),
    getTest: (testId: string) => data(request<Test>('GET', `/tests/${id(testId)}`)),
    /** GET /tests/{id} with the answer's headers (Retry-After: when to look again). */
    getTestAnswer: (testId: string) => request<Test>('GET', `/tests/${id(testId)}`),
    listTests: (query: ListTestsQuery = {}) => data(request<Page<Test>>('GET', '/tests', { query })),
    getArtifacts: (testId: string) => data(request<Page<Artifact>>('GET', `/tests/${id(testId)}/artifacts`)),
    getHar: (testId: string) => data(request<{ log: Record<string, unknown> }>('GET', `/tests/${id(testId)}/har`)),
    compareTests: (testId: string, baseId: string) =>
      data(request<Comparison>('GET', `/tests/${id(testId)}/compare/${id(baseId)}`)),
    getCredits: () => data(request<Credits>('GET', '/credits')),
    /** Where tests and monitors can run now: the locations with live workers. */
    listLocations: () => data(request<{ data: Location[] }>('GET', '/locations')).then((page) => page.data),
    /** Polls until the test is completed or failed (see WaitOptions). */
    waitForTest: (testId: string, opts: WaitOptions = {}): Promise<Test> => waitForTest(client, testId, opts),
    monitors: {
      create: (body: CreateMonitor) => data(request<Monitor>('POST', '/monitors', { body })),
      list: (query: PageQuery = {}) => data(request<Page<Monitor>>('GET', '/monitors', { query })),
      get: (monitorId: string) => data(request<Monitor>('GET', `/monitors/${id(monitorId)}`)),
      update: (monitorId: string, body: UpdateMonitor) =>
        data(request<Monitor>('PATCH', `/monitors/${id(monitorId)}`, { body })),
      pause: (monitorId: string) =>
        data(request<Monitor>('PATCH', `/monitors/${id(monitorId)}`, { body: { paused: true } })),
      resume: (monitorId: string) =>
        data(request<Monitor>('PATCH', `/monitors/${id(monitorId)}`, { body: { paused: false } })),
      delete: async (monitorId: string) => {
        await request<null>('DELETE', `/monitors/${id(monitorId)}`);
      },
      /**
       * POST /monitors/{id}/rotate-token: a new link for the monitor's page (`page`), its badges
       * (`badges`) or a heartbeat's `ping_url` (`ping`); the old one answers 404.
       */
      rotateToken: (monitorId: string, token: 'page' | 'badges' | 'ping') =>
        data(request<Monitor>('POST', `/monitors/${id(monitorId)}/rotate-token`, { body: { token } })),
      tests: (monitorId: string, query: PageQuery = {}) =>
        data(request<Page<Test>>('GET', `/monitors/${id(monitorId)}/tests`, { query })),
      /**
       * GET /monitors/{id}/checks: newest first. An uptime monitor's checks (not tests: `test_id` null), or a
       * lighthouse or seo_crawl monitor's runs summed up (`test_id` set).
       */
      checks: (monitorId: string, query: PageQuery = {}) =>
        data(request<Page<MonitorCheck>>('GET', `/monitors/${id(monitorId)}/checks`, { query })),
      series,
      alerts: (monitorId: string, query: PageQuery = {}) =>
        data(request<Page<MonitorAlert>>('GET', `/monitors/${id(monitorId)}/alerts`, { query })),
      /** Issue 58: its uptime report over a month (`{month: '2026-11'}`) or a range. */
      report: (monitorId: string, query: ReportQuery = {}) =>
        data(request<MonitorUptimeReport>('GET', `/monitors/${id(monitorId)}/report`, { query })),
      /** GET /monitors/{id}/pings: a heartbeat's pings, newest first, each with the log a POST sent. */
      pings: (monitorId: string, query: PageQuery = {}) =>
        data(request<Page<HeartbeatPing>>('GET', `/monitors/${id(monitorId)}/pings`, { query })),
    },
    alertChannels: {
      list: (query: PageQuery = {}) => data(request<Page<AlertChannel>>('GET', '/alert-channels', { query })),
      update: (channelId: string, body: UpdateAlertChannel) =>
        data(request<AlertChannel>('PATCH', `/alert-channels/${id(channelId)}`, { body })),
    },
    maintenanceWindows: {
      list: (query: PageQuery = {}) => data(request<Page<MaintenanceWindow>>('GET', '/maintenance-windows', { query })),
      update: (windowId: string, body: UpdateMaintenanceWindow) =>
        data(request<MaintenanceWindow>('PATCH', `/maintenance-windows/${id(windowId)}`, { body })),
    },
    statusPages: {
      list: (query: PageQuery = {}) => data(request<Page<StatusPage>>('GET', '/status-pages', { query })),
      update: (pageId: string, body: UpdateStatusPage) =>
        data(request<StatusPage>('PATCH', `/status-pages/${id(pageId)}`, { body })),
      /** Issue 58: its uptime report over a month or a range. */
      report: (pageId: string, query: ReportQuery = {}) =>
        data(request<StatusPageUptimeReport>('GET', `/status-pages/${id(pageId)}/report`, { query })),
      /** Its subscribers, newest first, with the page's counts (only the team sees who). */
      subscribers: (pageId: string, query: PageQuery = {}) =>
        data(
          request<Page<StatusSubscriber> & { count: { total: number; confirmed: number } }>(
            'GET',
            `/status-pages/${id(pageId)}/subscribers`,
            { query },
          ),
        ),
      /** What was sent to one subscriber: its confirmation and notices, each with its attempts. */
      subscriberDeliveries: (pageId: string, subscriberId: string, query: PageQuery = {}) =>
        data(
          request<Page<ChannelDelivery>>(
            'GET',
            `/status-pages/${id(pageId)}/subscribers/${id(subscriberId)}/deliveries`,
            {
              query,
            },
          ),
        ),
      removeSubscriber: async (pageId: string, subscriberId: string) => {
        await request<null>('DELETE', `/status-pages/${id(pageId)}/subscribers/${id(subscriberId)}`);
      },
    },
    /**
     * The team's variables and secrets (issue 59): checks use them as {{vars.NAME}} and {{secrets.NAME}}.
     * A secret's value is sealed when set and comes back as null.
     */
    variables: {
      list: () => data(request<{ data: Variable[]; next_cursor: null }>('GET', '/variables')),
      get: (name: string) => data(request<Variable>('GET', `/variables/${id(name)}`)),
      /** PUT /variables/{name}: creates it or replaces its value (a variable keeps its kind). */
      set: (name: string, body: PutVariable) => data(request<Variable>('PUT', `/variables/${id(name)}`, { body })),
      delete: async (name: string) => {
        await request<null>('DELETE', `/variables/${id(name)}`);
      },
    },
    /**
     * Deploys (issue 62): a release told, the monitors it names run at once, its verdict read back
     * (`status`: checking, then passed, regressed or failed; recorded when it named no monitor).
     */
    deploys: {
      create: (body: CreateDeploy) => data(request<Deploy>('POST', '/deploys', { body })),
      list: (query: PageQuery & { environment?: string } = {}) =>
        data(request<Page<Deploy>>('GET', '/deploys', { query })),
      get: (deployId: string) => data(request<Deploy>('GET', `/deploys/${id(deployId)}`)),
      /** POST /deploys/secret: a new secret for GitHub's deployment_status webhook, shown once. */
      rotateSecret: () => data(request<{ secret: string }>('POST', '/deploys/secret')),
      /** Polls until its verdict (not `checking`); 30 minutes at most by default, as the API's own limit. */
      waitFor: (deployId: string, opts: DeployWaitOptions = {}): Promise<Deploy> =>
        waitForDeploy(client, deployId, opts),
    },
    /** Real-user monitoring (issue 61): what a site's visitors' browsers measured. */
    rum: {
      /**
       * GET /rum/sites/{id}/series: a metric's p50, p75, p95 and good/needs-improvement/poor shares over
       * time (split `by` page group, device or country), with the lab's and CrUX's figures and deploys.
       */
      series: (siteId: string, query: RumSeriesQuery) =>
        data(request<RumSeries>('GET', `/rum/sites/${id(siteId)}/series`, { query })),
      /** GET /rum/sites/{id}/attribution: the elements and targets behind slow LCP, INP or CLS. */
      attribution: (siteId: string, query: RumAttributionQuery) =>
        data(request<RumAttribution>('GET', `/rum/sites/${id(siteId)}/attribution`, { query })),
      /** The sites whose pages send beacons: each with its public key and the snippet to paste. */
      sites: {
        create: (body: RumSiteInput & Required<Pick<RumSiteInput, 'name' | 'origins'>>) =>
          data(request<RumSite>('POST', '/rum/sites', { body })),
        list: (query: PageQuery = {}) => data(request<Page<RumSite>>('GET', '/rum/sites', { query })),
        get: (siteId: string) => data(request<RumSite>('GET', `/rum/sites/${id(siteId)}`)),
        /** PATCH /rum/sites/{id}: the fields given replace the site's; its key stays. */
        update: (siteId: string, body: RumSiteInput) =>
          data(request<RumSite>('PATCH', `/rum/sites/${id(siteId)}`, { body })),
        /** DELETE /rum/sites/{id}: its key is refused from then on. */
        delete: async (siteId: string) => {
          await request<null>('DELETE', `/rum/sites/${id(siteId)}`);
        },
      },
    },
    /** Incidents on the team's status pages (issue 58): opened, moved by updates, resolved. */
    incidents: {
      create: (body: CreateIncident) => data(request<Incident>('POST', '/incidents', { body })),
      list: (query: PageQuery & { status?: 'open' | 'resolved' } = {}) =>
        data(request<Page<Incident>>('GET', '/incidents', { query })),
      get: (incidentId: string) => data(request<Incident>('GET', `/incidents/${id(incidentId)}`)),
      /** POST /incidents/{id}/updates: its next move (status, what the team says, when). */
      update: (incidentId: string, body: CreateIncidentUpdate) =>
        data(request<Incident>('POST', `/incidents/${id(incidentId)}/updates`, { body })),
      /** PATCH /incidents/{id}: its title, components, or postmortem once resolved. */
      change: (incidentId: string, body: ChangeIncident) =>
        data(request<Incident>('PATCH', `/incidents/${id(incidentId)}`, { body })),
      delete: async (incidentId: string) => {
        await request<null>('DELETE', `/incidents/${id(incidentId)}`);
      },
    },
    /** Monitoring as code (pageprobe.yaml): the whole desired state in one request. */
    config: {
      /** POST /config/plan: what apply would change (a read). */
      plan: (state: ConfigState) => data(request<ConfigPlan>('POST', '/config/plan', { body: state })),
      /** POST /config/apply: the same plan carried out in one transaction, counted as one write. */
      apply: (state: ConfigState) => data(request<ConfigPlan>('POST', '/config/apply', { body: state })),
      /**
       * POST /config/export: the team's resources as a file's entries (secrets as `${VARIABLE}`s), in one
       * write that gives each keyless resource a key and has the file (`managed_by`) take them over.
       */
      export: (body: ConfigExportRequest) => data(request<ConfigExport>('POST', '/config/export', { body })),
    },
  };
  return client;
}

export type PageprobeClient = ReturnType<typeof createClient>;
