import type { components, operations } from './schema.ts';

// The API's shapes by name, from the generated schema.
type Schemas = components['schemas'];
export type Test = Schemas['Test'];
export type TestStatus = Schemas['TestStatus'];
export type TestType = Schemas['TestType'];
export type CreateTest = Schemas['CreateTest'];
export type CreatedTest = Schemas['CreatedTest'];
export type ReplayedTest = Schemas['ReplayedTest'];
export type Artifact = Schemas['Artifact'];
export type Comparison = Schemas['Comparison'];
/** A lighthouse test's `result.field`: what real Chrome users saw of its URL (CrUX), or why there is none. */
export type FieldData = Schemas['FieldData'];
export type FieldMetric = Schemas['FieldMetric'];
export type Credits = Schemas['Credits'];
export type Monitor = Schemas['Monitor'];
export type CreateMonitor = Schemas['CreateMonitor'];
export type UpdateMonitor = Schemas['UpdateMonitor'];
export type MonitorSeries = Schemas['MonitorSeries'];
/**
 * A lighthouse monitor's field series (`source: 'field'`): real Chrome users' weekly p75 of its URL from
 * CrUX History, each point with its shares and category, and `field`: whose figures, or why there are none.
 */
export type MonitorFieldSeries = Schemas['MonitorFieldSeries'];
/** A metric `source: 'field'` takes: lcp_ms, inp_ms, cls, fcp_ms, ttfb_ms. */
export type FieldSeriesMetric = Schemas['FieldSeriesMetric'];
/** A metric name GET /monitors/{monitor_id}/series takes (each monitor type has its own). */
export type SeriesMetric = Schemas['SeriesMetric'];
/** A location with live workers (GET /locations). */
export type Location = Schemas['Location'];
export type MonitorAlert = Schemas['MonitorAlert'];
export type MonitorType = Schemas['MonitorType'];
export type MonitorCheck = Schemas['MonitorCheck'];
export type MonitorUptimeCheck = Schemas['MonitorUptimeCheck'];
export type MonitorRunCheck = Schemas['MonitorRunCheck'];
/** One of `expect` (uptime, tcp and dns), and how it fared in a result's `expectations`. */
export type Expectation = Schemas['Expectation'];
export type ExpectationResult = Schemas['ExpectationResult'];
/** A ping a heartbeat monitor received (GET /monitors/{id}/pings). */
export type HeartbeatPing = Schemas['HeartbeatPing'];
export type AlertPayload = Schemas['AlertPayload'];
export type CallbackPayload = Schemas['CallbackPayload'];
export type Problem = Schemas['Problem'];
export type AlertChannel = Schemas['AlertChannel'];
export type MaintenanceWindow = Schemas['MaintenanceWindow'];
export type StatusPage = Schemas['StatusPage'];
export type UpdateAlertChannel = Schemas['UpdateAlertChannel'];
export type UpdateMaintenanceWindow = Schemas['UpdateMaintenanceWindow'];
export type UpdateStatusPage = Schemas['UpdateStatusPage'];
/** A team's variable or secret (issue 59), used by checks as {{vars.NAME}} and {{secrets.NAME}}. */
export type Variable = Schemas['Variable'];
export type Deploy = Schemas['Deploy'];
export type CreateDeploy = Schemas['CreateDeploy'];
/** A real-user monitoring site (issue 61): its public key and the snippet its pages load. */
export type RumSite = Schemas['RumSite'];
/** POST /rum/sites (name and origins required) and PATCH /rum/sites/{id} (any field). */
export type RumSiteInput = Schemas['RumSiteInput'];
export type DeployCheck = Schemas['DeployCheck'];
export type SeriesAnnotation = Schemas['SeriesAnnotation'];
export type PutVariable = Schemas['PutVariable'];
/** An incident a team writes on its status pages (issue 58), and its moves. */
export type Incident = Schemas['Incident'];
export type IncidentStatus = Schemas['IncidentStatus'];
export type IncidentImpact = Schemas['IncidentImpact'];
export type CreateIncident = Schemas['CreateIncident'];
export type ChangeIncident = Schemas['ChangeIncident'];
export type CreateIncidentUpdate = Schemas['CreateIncidentUpdate'];
/** Issue 58: a status page's subscriber (only its team sees one), and the uptime reports. */
export type StatusSubscriber = Schemas['StatusSubscriber'];
/** One message of an alert channel or to a subscriber, with its attempts. */
export type ChannelDelivery = Schemas['ChannelDelivery'];
export type MonitorUptimeReport = Schemas['MonitorUptimeReport'];
export type StatusPageUptimeReport = Schemas['StatusPageUptimeReport'];
/** A report's range: a month (`2026-11`), or from and to (ISO times). */
export type ReportQuery = { month?: string; from?: string; to?: string };
/** The body of POST /config/plan and /config/apply: the desired state of the resources a file manages. */
export type ConfigState = Schemas['ConfigState'];
/** POST /config/export's body and answer: the team's resources as a file, keyed and taken over by it. */
export type ConfigExportRequest = Schemas['ConfigExportRequest'];
export type ConfigExport = Schemas['ConfigExport'];
/** What applying a configuration changes (or changed), in the order apply makes the changes. */
export type ConfigPlan = Schemas['ConfigPlan'];
export type ConfigChange = Schemas['ConfigChange'];

/** A page of a list, and the cursor of the next (null on the last). */
export interface Page<T> {
  data: T[];
  next_cursor: string | null;
}

export type ListTestsQuery = NonNullable<operations['listTests']['parameters']['query']>;
export type PageQuery = { limit?: number; cursor?: string };
/**
 * `source`: `lab` (the default), the monitor's runs and checks; `field`, what real Chrome users saw of a
 * lighthouse monitor's URL (CrUX History, weekly). `location`: one of an uptime monitor's locations, that
 * location's series alone.
 */
export type SeriesQuery = {
  metric: string;
  from?: string | Date;
  to?: string | Date;
  location?: string;
  source?: 'lab' | 'field';
};
/** GET /rum/sites/{id}/series (issue 61): a site's real users' metric, split or filtered. */
export type RumSeries = Schemas['RumSeries'];
export type RumMetric = Schemas['RumMetric'];
export type RumFigures = Schemas['RumFigures'];
export type RumSeriesQuery = Omit<NonNullable<operations['getRumSeries']['parameters']['query']>, 'from' | 'to'> & {
  from?: string | Date;
  to?: string | Date;
};
/** GET /rum/sites/{id}/attribution: what made LCP, INP or CLS slow. */
export type RumAttribution = Schemas['RumAttribution'];
export type RumAttributionQuery = Omit<
  NonNullable<operations['getRumAttribution']['parameters']['query']>,
  'from' | 'to'
> & {
  from?: string | Date;
  to?: string | Date;
};
/** A field series' query: one of its metrics (`location` is the lab's alone). */
export type FieldSeriesQuery = { metric: FieldSeriesMetric; from?: string | Date; to?: string | Date; source: 'field' };
