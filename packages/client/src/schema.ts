// Generated from apps/api/src/openapi/public.yaml by `pnpm --filter @pageprobe/client generate`
// (openapi-typescript). Do not edit: src/schema.test.ts fails when this file has drifted from the document.
/* biome-ignore-all format: generated */
/* biome-ignore-all lint: generated */
export type paths = {
    "/alert-channels": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List alert channels
         * @description Newest first, keyset pagination as for tests. URLs and routing keys show as `[redacted]`.
         */
        get: operations["listAlertChannels"];
        put?: never;
        /**
         * Create an alert channel
         * @description Needs a `write` key. `slack`, `teams`, `discord` and `webhook` take a `url` (the incoming webhook's,
         *     the Teams Workflows webhook's); `pagerduty` a `routing_key` (an Events API v2 integration key) and
         *     an optional `severity` for monitor.down (default `critical`); `email` a list of `addresses`. A URL or
         *     routing key is sealed at rest and never shown again (`[redacted]`). A monitor's alerts go to the
         *     channels listed in its `alert_channels`, retried with back-off for about 30 minutes (30 s, then
         *     doubling: 7 tries) or after a 429's `Retry-After`. A team may have 50 channels.
         *
         *     Each email address gets one confirmation mail with a single-use link (valid 7 days) and nothing
         *     else until it is opened: `addresses` shows `{email, confirmed}`. An address confirmed for another of
         *     the team's channels is confirmed at once. Messages count against the team's hourly quota
         *     (`alert_quota` on GET /credits); one past it is recorded as not sent (`quota_exceeded`).
         */
        post: operations["createAlertChannel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/alert-channels/{channel_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                channel_id: components["parameters"]["ChannelId"];
            };
            cookie?: never;
        };
        /**
         * An alert channel
         * @description The channel, its secret fields `[redacted]`, with its state: `failing` once every message to it has failed for 24 hours (the team is then told through its other channels).
         */
        get: operations["getAlertChannel"];
        put?: never;
        post?: never;
        /**
         * Delete an alert channel
         * @description Needs a `write` key. Monitors stop sending to it; its deliveries go with it.
         */
        delete: operations["deleteAlertChannel"];
        options?: never;
        head?: never;
        /**
         * Change an alert channel
         * @description Needs a `write` key. The type stays; a new `url` or `routing_key` replaces the sealed one and gives the channel a fresh start (`ok`). New `addresses` get a confirmation mail each; addresses kept keep their state; one removed and added again must confirm again.
         */
        patch: operations["updateAlertChannel"];
        trace?: never;
    };
    "/alert-channels/{channel_id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                channel_id: components["parameters"]["ChannelId"];
            };
            cookie?: never;
        };
        /**
         * Messages sent to a channel
         * @description Newest first. Each message (an alert, a test message, or a notice that another channel is failing) with its state and every attempt, its status (HTTP, or the SMTP reply code for email) and the first 512 bytes of each reply.
         */
        get: operations["listAlertChannelDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/alert-channels/{channel_id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                channel_id: components["parameters"]["ChannelId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test message
         * @description Needs a `write` key. Queues one test message (event `alert_channel.test`, not retried) to the
         *     dispatcher, which sends it as it sends alerts (from its own address, to an email channel's
         *     confirmed addresses only, within the hourly quota), and waits up to 12 s for its attempt: 200 with
         *     the outcome, or 202 with the delivery still `pending` (it is listed with the channel's deliveries
         *     when done). 409 `secrets_unreadable` when the channel's target was sealed with a key this
         *     deployment no longer has (give it again with PATCH).
         */
        post: operations["testAlertChannel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/config/apply": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make the team's resources as a configuration describes
         * @description Needs a `write` key. Computes the plan as `POST /config/plan` does and carries it out in one
         *     transaction: alert channels, then monitors, then maintenance windows and status pages, then the
         *     deletes (`prune: true` only). All or nothing: an interrupted apply leaves nothing half made, and
         *     applying again finds nothing left to do. Applies of one team run one at a time, so two at once make
         *     no doubles. The whole request counts as one write against the per-key limit, whatever it holds
         *     (at most 1,000 resources, a body of at most 5 MB: beyond, 413). Creating does what each endpoint
         *     does (a monitor's first run scheduled, a heartbeat's ping token, secrets sealed, the team's limits,
         *     the audit log); updating keeps the resource's id, history and tokens. A monitor's `type` cannot
         *     change (422: give the entry a new key). The answer lists the changes made, each with the
         *     resource's id.
         */
        post: operations["applyConfig"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/config/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The team's resources as a configuration file
         * @description Needs a `write` key. Answers the team's resources as the entries of a configuration file
         *     (`pageprobe.yaml`, what `pageprobe export` writes) that `POST /config/plan` then finds no change
         *     in. In one transaction, counted as one write however many resources the team has: every resource
         *     without a `key` is given one from its name (a slug, made unique among the team's resources of its
         *     kind, the oldest keeping the plain one), and the file takes over what it describes: `managed_by` is
         *     set to the body's `managed_by` on every monitor, alert channel, maintenance window and status
         *     page, those made by hand included (from then on `apply` of the file updates them, and its
         *     `prune` may delete them). Resources another configuration manages (a `managed_by` of another
         *     name) are left to it: left out of the file and listed in `left_out`. An entry is what the
         *     resource's create body would be: the API's defaults left out, references by key; secrets (webhook
         *     URLs, routing keys, header and cookie values, passwords, typed step text) are `${VARIABLE}`
         *     placeholders, each listed in `variables`, and a literal `${` elsewhere is written `$${`.
         */
        post: operations["exportConfig"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/config/plan": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * What applying a configuration would change
         * @description Monitoring as code (issue 50). Takes the whole desired state of the team's resources, as a
         *     configuration file (`pageprobe.yaml`) holds it, and answers what `POST /config/apply` would do:
         *     each resource to create (the fields it sets), to update (each field that differs, from and to,
         *     dotted: `alert.regression_points`) and, with `prune`, to delete. Changes nothing. Each entry is
         *     checked as its own endpoint checks its body (POST /monitors, /alert-channels,
         *     /maintenance-windows, /status-pages); every problem found is listed in one 422
         *     `config_invalid` naming the entry's `key`, its `resource` and the `field`. Only resources the
         *     configuration manages (`managed_by` set and a `key`) are updated or deleted; an entry whose key
         *     a resource made by hand already has is a 409 `key_conflict` (unless `adopt`). Secret values
         *     (webhook URLs, routing keys, request headers, cookies, passwords, typed step text) are never
         *     shown: `(secret)`. With a `write` key they are compared; with a `read` key, which could not
         *     write them, they are not (a plan never tells whether a guessed secret matches): a secret field
         *     is then no change, and `not_compared` lists each one left so. A read is enough (a `read` key),
         *     and it counts as a read.
         */
        post: operations["planConfig"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/credits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The plan's credits
         * @description The plan, the credit balance, what one test (run) of each type costs, on the free plan what is left of the hourly lighthouse allowance, and how long the plan keeps what it stores.
         */
        get: operations["getCredits"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/deploys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the team's deploys
         * @description Needs a `read` key. Newest first, a page at a time; `environment` narrows them.
         */
        get: operations["listDeploys"];
        put?: never;
        /**
         * Tell of a deploy, and run its monitors now
         * @description Needs a `write` key. Records a release of the team's site. The monitors it names (`run.monitors`
         *     by id, `run.tags` by tag; active ones, heartbeats aside) run at once, out of their schedule; when
         *     each has finished its first run after the deploy, the deploy gets its `status`: `failed` when a run
         *     failed (an error, its assertions, a check down, or no run within 30 minutes), `regressed` when a
         *     figure got worse than the monitor's last run before the deploy beyond the runs' noise (the compare's
         *     rule: `GET /tests/{test_id}/compare/{base_id}`) or a check was degraded, else `passed`; a deploy
         *     naming no monitor is `recorded`. Then `deploy.checked` goes to the alert channels of its monitors
         *     and to `callback_url`, signed as callbacks are. The same deploy told again (its environment,
         *     version and commit) is the one recorded first: 200, and nothing runs again. Charts of the monitors it
         *     covers mark it (`annotations` in series), and their `monitor.down`, `monitor.regressed` and
         *     `monitor.field_regressed` alerts within the team's window after it name it (`deploy`).
         */
        post: operations["createDeploy"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/deploys/{deploy_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A deploy, with its checks and verdict
         * @description Needs a `read` key. `status` is `checking` until every monitor it ran has finished.
         */
        get: operations["getDeploy"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/deploys/github/{team_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * GitHub's deployment_status webhook
         * @description No key: GitHub signs the body with the team's deploy secret (`POST /deploys/secret`) in
         *     `X-Hub-Signature-256`, checked in constant time; a body not so signed is 401. A `deployment_status`
         *     event whose state is `success` records a deploy as `POST /deploys` does: its environment, the version
         *     (the deployment payload's `version`, else its ref), the commit (its sha) and the environment's URL;
         *     `tags` and `monitors` in the query name the monitors to run. Any other event or state is 202 and
         *     ignored.
         */
        post: operations["receiveGithubDeploy"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/deploys/secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make the deploy webhook's secret
         * @description Needs a `write` key. A new secret for GitHub's deployment_status webhook, shown this once; the one
         *     before stops working at once. Give it as the webhook's "Secret" in the repository's settings, with
         *     the payload URL `/api/v1/deploys/github/{team_id}` (`?tags=a,b` or `?monitors=id,…` name the
         *     monitors to run) and the event "Deployment statuses".
         */
        post: operations["rotateDeploySecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/docs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This document as a reference page
         * @description An HTML page rendering this document, with search and requests sent from the page (to this API only). No key needed to open it.
         */
        get: operations["getApiDocs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/incidents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List incidents
         * @description Newest first, keyset pagination as for tests; `status` keeps the open or the resolved ones alone.
         */
        get: operations["listIncidents"];
        put?: never;
        /**
         * Open an incident
         * @description Needs a `write` key. The incident names the monitors it affects (`components`), each with an impact,
         *     and begins with its first update: its `status` (default `investigating`), a Markdown `message` and
         *     the time it happened (`at`, default now; back-dated for an incident written after the fact, never
         *     in the future). It shows on every status page that shows one of its components, leading the page
         *     while open. A team may have 100 open incidents (409 `incident_limit_reached`).
         */
        post: operations["createIncident"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/incidents/{incident_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                incident_id: string;
            };
            cookie?: never;
        };
        /**
         * An incident
         * @description With its components and its updates, oldest first.
         */
        get: operations["getIncident"];
        put?: never;
        post?: never;
        /**
         * Delete an incident
         * @description Needs a `write` key. It leaves every status page (within 30 s) and its feeds.
         */
        delete: operations["deleteIncident"];
        options?: never;
        head?: never;
        /**
         * Change an incident
         * @description Needs a `write` key. Its title, its components (replaced) and, once resolved, its postmortem (409 `incident_open` before). Its status moves by updates (POST .../updates).
         */
        patch: operations["changeIncident"];
        trace?: never;
    };
    "/incidents/{incident_id}/updates": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                incident_id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Post an update
         * @description Needs a `write` key. The incident's next move: its status from now on (`resolved` resolves it at
         *     `at`; another status after that reopens it), what the team says (Markdown) and when (`at`, default
         *     now, never in the future nor before the latest update: 409 `update_out_of_order`). An incident may
         *     have 100 updates (409 `update_limit_reached`).
         */
        post: operations["addIncidentUpdate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/locations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Where tests and monitors can run
         * @description The locations with live workers now, from the workers' heartbeats (every 5 s), each with its
         *     workers counted by kind of test. A worker that stops leaves the list at once; one that dies,
         *     within 15 s of its last heartbeat. A location leaves the list with its last worker.
         */
        get: operations["listLocations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/maintenance-windows": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List maintenance windows
         * @description Newest first, keyset pagination as for tests; each with whether it is active now and its next occurrences.
         */
        get: operations["listMaintenanceWindows"];
        put?: never;
        /**
         * Create a maintenance window
         * @description Needs a `write` key. Once (`starts_at`, `ends_at`), or recurring: an RFC 5545 `rrule` (without
         *     DTSTART) whose occurrences start at `starts_at`'s wall-clock time in `time_zone` and last
         *     `duration_minutes` (a daily 02:00 Europe/Paris window stays at 02:00 local across DST changes; a
         *     start in the hour clocks skip moves forward, RFC 5545 3.3.5). It applies to the `monitors` listed
         *     and to every monitor carrying one of its `tags`. During a window checks still run, alerts are held
         *     (recorded with `details.held`, sent nowhere), incidents that begin are marked `maintenance`, and
         *     checks count neither up nor down. Afterwards a monitor still down gets its monitor.down (reason
         *     `still_down`), and one that came back gets its monitor.recovered if its monitor.down was sent.
         */
        post: operations["createMaintenanceWindow"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/maintenance-windows/{window_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                window_id: string;
            };
            cookie?: never;
        };
        /**
         * A maintenance window
         * @description The window, whether it is active now, and its next 5 occurrences.
         */
        get: operations["getMaintenanceWindow"];
        put?: never;
        post?: never;
        /**
         * Delete a maintenance window
         * @description Needs a `write` key. Alerts it would have held are sent again.
         */
        delete: operations["deleteMaintenanceWindow"];
        options?: never;
        head?: never;
        /**
         * Change a maintenance window
         * @description Needs a `write` key. The fields given replace the window's; `rrule` null with an `ends_at` makes it one-off.
         */
        patch: operations["updateMaintenanceWindow"];
        trace?: never;
    };
    "/monitors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List monitors
         * @description Newest first, keyset pagination as for tests. Deleted monitors are not listed.
         */
        get: operations["listMonitors"];
        put?: never;
        /**
         * Schedule a test
         * @description Needs a `write` key. Runs the test now and then every `interval_seconds` (at least
         *     MONITOR_MIN_INTERVAL_SECONDS, 60 by default; the free plan needs longer: lighthouse 3600, seo_crawl
         *     86400, uptime 300, browser 3600). Each lighthouse, seo_crawl or browser run is an ordinary test with
         *     `monitor_id` set,
         *     spending credits as a test does; an uptime monitor's checks are not tests (no credits, no report) and
         *     are listed at GET /monitors/{monitor_id}/checks. Alerts go to `callback_url`, signed like test
         *     callbacks: `monitor.down` after `alert.down_after` failed checks in a row (default 2),
         *     `monitor.recovered`, `monitor.regressed` (the score falls more than `alert.regression_points`, default
         *     10, below the median of the last 5 runs, or an error-level assertion starts failing) and
         *     `monitor.paused` (out of credits, an address no longer allowed, or 10 failed lighthouse, seo_crawl or
         *     browser runs in a row).
         */
        post: operations["createMonitor"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/monitors/{monitor_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                monitor_id: components["parameters"]["MonitorId"];
            };
            cookie?: never;
        };
        /**
         * A monitor
         * @description For an uptime monitor, with its uptime over 24 h, 7 d, 30 d and 90 d and its incidents.
         */
        get: operations["getMonitor"];
        put?: never;
        post?: never;
        /**
         * Delete a monitor
         * @description Needs a `write` key. No more runs, and its sealed header, cookie and password values are erased; its tests stay (with their `monitor_id`).
         */
        delete: operations["deleteMonitor"];
        options?: never;
        head?: never;
        /**
         * Change, pause or resume a monitor
         * @description Needs a `write` key. `paused` false resumes a paused monitor (whatever paused it) and runs it now. `headers`, `cookies` and `basic_auth` each replace the monitor's own (the others are kept); when its sealed values can no longer be opened (`secrets_unreadable`), give each of them the monitor has (null to drop it), or the answer is 409 `secrets_unreadable`.
         */
        patch: operations["updateMonitor"];
        trace?: never;
    };
    "/monitors/{monitor_id}/alerts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A monitor's alerts
         * @description Every alert it raised, newest first, with its callback's state when it has a callback_url.
         */
        get: operations["listMonitorAlerts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/monitors/{monitor_id}/checks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A monitor's checks
         * @description Needs a `read` key. The monitor's checks, newest first, keyset pagination as for tests (`limit` 1 to
         *     100, default 20; `cursor` is the previous page's `next_cursor`). An uptime monitor's checks are not
         *     tests: they spend no credits, have no report and are not listed at /monitors/{monitor_id}/tests; each
         *     is a `MonitorUptimeCheck` (`test_id` null), kept as the plan keeps raw checks (see
         *     `retention.checks_days` on GET /credits). A lighthouse, seo_crawl or browser monitor's runs are tests (also
         *     listed, in full, at /monitors/{monitor_id}/tests): each is a `MonitorRunCheck`, a summary of the test
         *     `test_id`. Another team's monitor, or a deleted one, is 404.
         */
        get: operations["listMonitorChecks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/monitors/{monitor_id}/pings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A heartbeat's pings
         * @description Needs a `read` key. The pings a heartbeat monitor received, newest first, with the log a POST sent
         *     (its first 100 KB) and, for a run's end after a `/start`, the run's duration. Kept as long as
         *     the monitor's checks (see `retention.checks_days` on GET /credits). Keyset pagination as for
         *     checks. Another team's monitor, or a deleted one, is 404; other kinds of monitor have none.
         */
        get: operations["listMonitorPings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/monitors/{monitor_id}/report": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                monitor_id: string;
            };
            cookie?: never;
        };
        /**
         * Uptime report
         * @description Over a month (`month`) or a range (`from`, `to`; whole UTC hours): checks, the uptime percentage
         *     (maintenance left out), incidents with their length within the range, downtime, and time to
         *     recovery (mean and longest) of the incidents that ended in it. The same figures as CSV at
         *     `.../report.csv`; a printable page on the public page (docs/status-pages.md).
         */
        get: operations["monitorReport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/monitors/{monitor_id}/report.csv": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                monitor_id: string;
            };
            cookie?: never;
        };
        /**
         * Uptime report as CSV
         * @description The report's figures, one line per monitor (a status page: each component, then the page's all together): name, from, to, checks, up, down, uptime_percent, degraded_percent, incidents, downtime_seconds, recovered, mean_recovery_seconds, longest_recovery_seconds.
         */
        get: operations["monitorReportCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/monitors/{monitor_id}/rotate-token": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                monitor_id: components["parameters"]["MonitorId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Give a monitor's page or badges a new link
         * @description Needs a `write` key. `page` gives the monitor's page (`report_url`) a new token, `badges` its badges
         *     (`badges`). The old links answer 404 at once; the other token is kept. Rotate the page's when its link
         *     reached someone it should not have: whoever has it sees the monitored URL, the alerts sent and the
         *     reports of its runs. A badge link opens the badges only.
         */
        post: operations["rotateMonitorToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/monitors/{monitor_id}/series": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A metric of a monitor's runs over time
         * @description The values of `metric` over the monitor's completed runs and checks between `from` and `to` (default:
         *     the last 7 days), oldest first, at most 500 points: a point per minute, hour or day (`resolution`, the
         *     finest whose points over the range number at most 500; ranges over 500 days merge neighbouring days).
         *     Each point sums up its period: `count` values, `min`, `max`, `value` (their mean), and `p50` and `p95`
         *     read from log-bucket histograms kept as runs finish (within 2% of the exact value, never outside
         *     [`min`, `max`]). Read from rollups kept as runs and checks finish: per minute for the plan's
         *     `retention.checks_days`, per hour and day for its `retention.aggregates_days` (GET /credits). `metric` is
         *     one of the names of the monitor's type (SeriesMetric lists them by type): another answers 400 listing
         *     the monitor's names.
         *
         *     `source=field` (lighthouse monitors; another type answers 400): what real Chrome users saw of the
         *     monitor's URL instead, from the Chrome UX Report's history (CrUX History) for the form factor of the
         *     monitor's device (PHONE for mobile, DESKTOP for desktop): a point per weekly collection period, oldest
         *     first, at most 40, at the period's last day, with its p75 (`value` too), the shares of good, needs
         *     improvement and poor loads, the p75's category by the Core Web Vitals thresholds, and the 28 days it
         *     covers. `metric` is then one of lcp_ms, inp_ms, cls, fcp_ms, ttfb_ms (ms, CLS unitless); `from` and
         *     `to`, when given, keep the points within them; `field` says whose figures they are (`scope`: the
         *     page's own, or its origin's when the page has too few visits) or, with no points, why there are none
         *     (`available: false`, `reason`: not_enough_data, no_api_key, rate_limited, api_error): still a 200.
         */
        get: operations["getMonitorSeries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/monitors/{monitor_id}/tests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A monitor's runs
         * @description Its tests, newest first, keyset pagination as for tests.
         */
        get: operations["listMonitorTests"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This OpenAPI 3.1 document
         * @description The OpenAPI 3.1 document of this API, as JSON. No key needed: clients and generators read it.
         */
        get: operations["getOpenApi"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ping/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The token of a heartbeat monitor's `ping_url`. */
                token: components["parameters"]["PingToken"];
            };
            cookie?: never;
        };
        /**
         * A job says it ran
         * @description No key: the token is the key (the monitor's `ping_url`). A success: the heartbeat is up, a run
         *     opened by `/start` ends (its duration measured), and the next ping is expected within
         *     `period_seconds` (or by the schedule's next slot) plus `grace_seconds`. HEAD is answered as GET.
         *     200 only once the ping is stored; 503 with Retry-After when it could not be (send it again), never
         *     200 for a ping not kept. At most PINGS_PER_MONITOR_PER_SEC pings a second per heartbeat (5, with
         *     bursts of PINGS_PER_MONITOR_BURST, 20, by default; per replica), checked first, so a flooded URL
         *     spends nothing of its team's; then PINGS_PER_TEAM_PER_MIN pings a minute per team (6,000 by
         *     default, a fixed window across replicas): 429 with Retry-After past either. A POST's body is kept
         *     as the ping's log up to PING_LOG_BYTES_PER_MONITOR_PER_HOUR (2 MB) a heartbeat an hour; past it
         *     the ping is kept without its log. An unknown token is 404, as any unknown address.
         */
        get: operations["ping"];
        put?: never;
        /**
         * A job says it ran, with its log
         * @description As GET, with the request's body (any content type, read as UTF-8 text) kept as the ping's log, its
         *     first 100 KB (GET /api/v1/monitors/{monitor_id}/pings). A body over 1 MB is refused (413).
         */
        post: operations["pingWithLog"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ping/{token}/{signal}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description `start` (a run begins: it must end within `grace_seconds`), `fail` (the run failed: down at once), or an exit status 0-255 (0 is a success, any other a failure). */
                signal: string;
                /** @description The token of a heartbeat monitor's `ping_url`. */
                token: components["parameters"]["PingToken"];
            };
            cookie?: never;
        };
        /**
         * A job starts, fails or exits
         * @description As GET /ping/{token}, saying more. HEAD is answered as GET.
         */
        get: operations["pingSignal"];
        put?: never;
        /**
         * A job starts, fails or exits, with its log
         * @description As GET /ping/{token}/{signal}, the body kept as the ping's log (its first 100 KB; over 1 MB, 413).
         */
        post: operations["pingSignalWithLog"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rum/sites": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the team's real-user monitoring sites
         * @description Needs a `read` key. Newest first, a page at a time; deleted sites are not listed.
         */
        get: operations["listRumSites"];
        put?: never;
        /**
         * Register a site for real-user monitoring
         * @description Needs a `write` key. The site gets a public key (`site_key`, `rum_` and 22 characters) and the one
         *     line its pages load (`snippet`): paste it before `</head>` on every page. Beacons are accepted only
         *     from the listed `origins` (`scheme://host[:port]`, http or https, no path or wildcard). A page view's
         *     path is counted under the first of `page_groups` whose `pattern` matches it (a path glob: `*` matches
         *     any run of characters), else under `other`. A team has at most 20 sites on the free plan, 200 on pro
         *     (409 `rum_site_limit_reached`); names are unique among a team's sites (409 `name_taken`).
         */
        post: operations["createRumSite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rum/sites/{site_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                site_id: string;
            };
            cookie?: never;
        };
        /**
         * A real-user monitoring site
         * @description Needs a `read` key. The site, its key and its snippet; a deleted site is 404.
         */
        get: operations["getRumSite"];
        put?: never;
        post?: never;
        /**
         * Delete a real-user monitoring site
         * @description Needs a `write` key. Its key is refused from then on; its figures are kept until the plan's retention drops them.
         */
        delete: operations["deleteRumSite"];
        options?: never;
        head?: never;
        /**
         * Change a real-user monitoring site
         * @description Needs a `write` key. The fields given replace the site's (`origins`, `page_groups`, `budgets` and `alert_channels` whole); its key stays.
         */
        patch: operations["updateRumSite"];
        trace?: never;
    };
    "/rum/sites/{site_id}/alerts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A site's real-user alerts
         * @description Needs a `read` key. The site's `rum.regressed` and `rum.recovered`, newest first, a page at a
         *     time. The dispatcher looks at each site every minute: per metric, the p75 over the site's alert
         *     window (`alert_window_minutes`, with at least `alert_min_page_views` page views for the metric)
         *     against the rating last recorded and the site's budget. `details` is what the alert's channels were
         *     sent (see the `rumAlert` webhook), `deploy` the team's latest production deploy before it.
         */
        get: operations["listRumSiteAlerts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rum/sites/{site_id}/attribution": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What made a site's page views slow
         * @description For LCP its element, for INP the interaction's target, for CLS the largest shift's source (a CSS
         *     selector, `""` when the page view named none), over the page views between `from` and `to` (default:
         *     the last 7 days; counted per hour, so the window starts at its first hour), one page group's or all:
         *     at most 10 targets, the most slow page views (rated needs improvement or poor) first, each with the
         *     page views it was named in, the share of them that were slow, the metric's average over them, and
         *     each phase's average in ms (LCP: ttfb_ms, resource_load_delay_ms, resource_load_duration_ms,
         *     element_render_delay_ms; INP: input_delay_ms, processing_duration_ms, presentation_delay_ms; CLS has
         *     none). Another team's site, or an unknown id, answers 404.
         */
        get: operations["getRumAttribution"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rum/sites/{site_id}/series": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A metric of a site's real users over time, beside the lab's and CrUX's
         * @description What the site's real users saw of `metric` (lcp_ms, inp_ms, cls, fcp_ms, ttfb_ms: ms, CLS unitless)
         *     between `from` and `to` (default: the last 7 days), oldest first: a point per minute, hour or day
         *     (`resolution`, the finest whose points over the range number at most 500; ranges over 500 days merge
         *     neighbouring days), each with the page views that measured the metric, its p50, p75 and p95 read from
         *     the log-bucket histograms the ingest keeps (within 4% of the exact value, never outside the bucket's
         *     min and max), and the shares of good, needs-improvement and poor page views by the Core Web Vitals
         *     thresholds, counted exactly. `summary` is the whole window's figures (its histograms merged, not an
         *     average of points); a bucket without page views has no point.
         *
         *     `by` (page_group, device, country) adds `splits`: a series per value, the 5 with the most page views
         *     over the window (`top`, at most 20), the rest merged as `other`. `page_group`, `device` and `country`
         *     keep only page views with that value.
         *
         *     Beside them: `lab`, each of the team's lighthouse monitors whose URL's origin is one of the site's
         *     origins, with its runs' figure of the metric (its mean per bucket: `value`, p50, p95; INP has none, a
         *     lab load has no interaction: `lab` is empty and `lab_note` says so); `field`, what the Chrome UX
         *     Report has of each of those monitors' URLs (weekly p75s of 28 days in the window, and the newest one
         *     up to `to` as `latest`), or why it has none; and `annotations`, the deploys over the window that
         *     cover one of those monitors or name none. Another team's site, or an unknown id, answers 404.
         */
        get: operations["getRumSeries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rum/v1/beacon.js": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The real-user monitoring script
         * @description The script a site's pages load through its snippet: an async script element with this address as
         *     its `src`, the site's key in `data-site`, its sample rate in `data-sample`, and `data-query="keep"`
         *     when the site keeps query strings. Built from Google's web-vitals (its attribution build), at most 5 KB gzipped. Once per page
         *     view, sampled by `data-sample`, it sends LCP, INP, CLS, FCP and TTFB with their attribution to
         *     `/rum/v1/collect` when the page is hidden. No key: any page on any origin loads it. Kept an hour
         *     (`cache-control: public, max-age=3600`), then revalidated by its strong ETag (304 with
         *     `If-None-Match`); gzipped when the request accepts it (its own ETag). HEAD is answered as GET.
         */
        get: operations["getRumBeacon"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rum/v1/collect": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A page view's Web Vitals, from the site's beacon
         * @description No key: the beacon's `site` names the site, and only pages of its `origins` may send (the Origin
         *     header; CORS answers name the origin when it is one of the site's). Sent by the beacon script
         *     with `navigator.sendBeacon` on page hide, once per page view: a `text/plain` body (no preflight)
         *     holding JSON; `application/json` is accepted too (its preflight is answered by OPTIONS).
         *
         *     Answered 204 whatever became of the beacon, for its sender cannot act on an error: it is counted
         *     in the site's page views, or dropped and counted by reason (per site and hour, never kept): the
         *     Origin not one of the site's (`origin`), no site key or an unknown or deleted site's (`no_site`),
         *     not JSON or not this shape (`malformed`), a bot's user agent (`bot`), past the site's
         *     `beacons_per_minute` on the API replica that received it (`limited`). A body larger than 4,096
         *     bytes is answered 413 (and counted, `oversized`), so a developer sees it in the browser's network
         *     panel. The path's query string is dropped before the site's page groups are matched unless the
         *     site keeps query strings; the country comes from the deployment's edge (RUM_COUNTRY_HEADER) or its
         *     GeoIP database (RUM_GEOIP_DB), and the client's address is never stored. Page views are summed in
         *     memory and written every RUM_FLUSH_MS (1 s).
         *
         *     A beacon sent as `application/json` is preflighted: a preflight has no body, so it names its site
         *     in the query (`OPTIONS /rum/v1/collect?site=KEY`). It is answered 204 with
         *     `Access-Control-Allow-Origin` (the Origin itself), `-Methods: POST`, `-Headers: Content-Type`,
         *     `-Credentials: true` (sendBeacon sends credentials) and `-Max-Age: 86400` when the Origin is one of
         *     that site's, and 204 without them otherwise, which the browser takes as a refusal.
         */
        post: operations["collectRumBeacon"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/status-pages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List status pages
         * @description Newest first, keyset pagination as for tests.
         */
        get: operations["listStatusPages"];
        put?: never;
        /**
         * Create a status page
         * @description Needs a `write` key. The page is public at `/status/{slug}` (and its data at `/status/{slug}.json`):
         *     its title and description, an overall state, and for each monitor only the label given here, its
         *     state, 90 daily bars, its uptime over 90 days and its incidents of the last 90 days. No monitor's URL
         *     or id appears there. A deleted monitor drops out of it. A team may have 20 status pages; the slug is
         *     unique across teams (409 `slug_taken`), and the service's own names (`admin`, `api`, `login`,
         *     `status`, `www` and the like) are reserved (409 `slug_reserved`, naming it). The page is sent with
         *     `X-Robots-Tag: noindex` until `indexable` is true.
         */
        post: operations["createStatusPage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/status-pages/{status_page_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                status_page_id: string;
            };
            cookie?: never;
        };
        /**
         * A status page
         * @description As the team set it up, with the monitors that still exist; the public page is at its `url`.
         */
        get: operations["getStatusPage"];
        put?: never;
        post?: never;
        /**
         * Delete a status page
         * @description Needs a `write` key. Its public page answers 404 (within 30 s) and its slug is free again.
         */
        delete: operations["deleteStatusPage"];
        options?: never;
        head?: never;
        /**
         * Change a status page
         * @description Needs a `write` key. `monitors` replaces the list. The public page shows the change within 30 s (its cache).
         */
        patch: operations["updateStatusPage"];
        trace?: never;
    };
    "/status-pages/{status_page_id}/report": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                status_page_id: string;
            };
            cookie?: never;
        };
        /**
         * Uptime report
         * @description Over a month (`month`) or a range (`from`, `to`; whole UTC hours): checks, the uptime percentage
         *     (maintenance left out), incidents with their length within the range, downtime, and time to
         *     recovery (mean and longest) of the incidents that ended in it. The same figures as CSV at
         *     `.../report.csv`; a printable page on the public page (docs/status-pages.md).
         */
        get: operations["statusPageReport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/status-pages/{status_page_id}/report.csv": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                status_page_id: string;
            };
            cookie?: never;
        };
        /**
         * Uptime report as CSV
         * @description The report's figures, one line per monitor (a status page: each component, then the page's all together): name, from, to, checks, up, down, uptime_percent, degraded_percent, incidents, downtime_seconds, recovered, mean_recovery_seconds, longest_recovery_seconds.
         */
        get: operations["statusPageReportCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/status-pages/{status_page_id}/subscribers": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                status_page_id: string;
            };
            cookie?: never;
        };
        /**
         * A status page's subscribers
         * @description Who is told of the page's incidents (issue 58), newest first, with the page's counts: by mail (its
         *     address) or webhook (its URL), confirmed or not, and the monitors each chose (none: all). Anyone
         *     subscribes on the public page (`POST /status/{slug}/subscribe`, see docs/status-pages.md); only
         *     the page's team sees who.
         */
        get: operations["listStatusPageSubscribers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/status-pages/{status_page_id}/subscribers.csv": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                status_page_id: string;
            };
            cookie?: never;
        };
        /**
         * Export a status page's subscribers as CSV
         * @description Every subscriber, oldest first: id, kind, address, confirmed_at, monitor_ids (space-separated), created_at. A value a spreadsheet would run as a formula starts with `'`. The export is in the audit log.
         */
        get: operations["exportStatusPageSubscribers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/status-pages/{status_page_id}/subscribers/{subscriber_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                status_page_id: string;
                subscriber_id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a subscriber
         * @description Needs a `write` key. It is told nothing more, and nothing still pending is sent to it.
         */
        delete: operations["removeStatusPageSubscriber"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/status-pages/{status_page_id}/subscribers/{subscriber_id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                status_page_id: string;
                subscriber_id: string;
            };
            cookie?: never;
        };
        /**
         * What was sent to a subscriber
         * @description Newest first: its confirmation (`subscription.confirm`) and each notice (`incident.created`, `incident.updated`, `incident.resolved`, `maintenance.scheduled`, `maintenance.started`, `maintenance.ended`), with its state and every attempt (the SMTP reply code for mail, the HTTP status for a webhook) and the first 512 bytes of each reply. Retried as alerts are, for about 30 minutes.
         */
        get: operations["listStatusPageSubscriberDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List tests
         * @description Newest first, with keyset pagination that neither skips nor repeats a test while you page.
         */
        get: operations["listTests"];
        put?: never;
        /**
         * Start a test
         * @description Needs a `write` key. Spends credits by plan and type.
         */
        post: operations["createTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tests/{test_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a test
         * @description Poll until `status` is `completed` or `failed`. Fields not yet known are null.
         */
        get: operations["getTest"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tests/{test_id}/artifacts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The captured artifacts of a completed test
         * @description Screenshots, filmstrip frames, the raw Lighthouse JSON and report, with time-limited download URLs. They are kept for the team plan's retention after the test completes (`retention.artifacts_days` of GET /credits); past it, 410 `artifacts_expired`.
         */
        get: operations["listArtifacts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tests/{test_id}/compare/{base_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What changed between two completed tests of the same type
         * @description The deltas head − base (head is `test_id`): scores, vitals, structure score, bytes and requests per
         *     resource type, audits that got worse or better, and both tests' field data side by side (`field`,
         *     from each test's `result.field`: not a change) (lighthouse); new, fixed and changed issue codes and
         *     issue counts (seo_crawl); the verdict, timings and certificate (uptime); the verdict, the journey's time
         *     and each step both have, by name (browser). Each figure says whether the
         *     change is `significant`: larger than the runs' spread when both tests ran several times, else than a
         *     documented threshold (5 score points; 10 % or 100 ms of a timing; 0.02 of CLS; 5 % or 1 KiB of bytes;
         *     any change in a count). `report_url` shows the two side by side. Both tests must be the caller's team's
         *     (another team's id is 404), of the same type (else 409 `not_comparable`) and completed (else 409
         *     `test_not_completed`).
         */
        get: operations["compareTests"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tests/{test_id}/har": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The network waterfall of a completed lighthouse test, as HAR 1.2
         * @description The network requests of a completed lighthouse test's representative run, or of a browser check's journey (kept when it failed or missed a budget), as a HAR 1.2 file (the same as its `har` artifact). 404 for other types; 409 `test_not_completed` before it completes; 410 `artifacts_expired` past the plan's retention, like the artifacts.
         */
        get: operations["getHar"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/variables": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the team's variables
         * @description All of them (a team has at most 100), by name, in one page. A secret's `value` is always null: it is sealed when set and never shown again.
         */
        get: operations["listVariables"];
        put?: never;
        /**
         * Set a variable, its name in the body
         * @description Needs a `write` key. The same as `PUT /variables/{name}` with the name in the body: 201 when it
         *     is new, 200 when it replaces the value of one of that name.
         */
        post: operations["createVariable"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/variables/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Letters, digits and `_`, not starting with a digit; case-sensitive. */
                name: string;
            };
            cookie?: never;
        };
        /**
         * A variable
         * @description A secret's `value` is null.
         */
        get: operations["getVariable"];
        /**
         * Create or replace a variable
         * @description Needs a `write` key. Creates the variable (201) or replaces its value (200). Checks read the
         *     value at each run, so a replaced one is used from the next run on. `secret: true` seals the
         *     value (it needs the deployment's SECRETS_KEY, else 501 `secrets_unavailable`); it is never shown
         *     again, and every result, report and error that would carry it shows `[redacted]`. A variable
         *     keeps its kind: `secret` that differs from an existing variable's is 409 `variable_kind_change`
         *     (delete it first). A value is at most 4096 bytes as UTF-8; a team has at most 100 variables (409
         *     `variable_limit_reached`). The audit log records each change, never the value.
         */
        put: operations["putVariable"];
        post?: never;
        /**
         * Delete a variable
         * @description Needs a `write` key. Checks that still name it are not changed: their next run fails saying which
         *     placeholder has no value (an uptime monitor pauses with reason `variable_missing` until the
         *     variable is set again and the monitor resumed). New tests and monitors naming it are refused (400).
         */
        delete: operations["deleteVariable"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
};
export type webhooks = {
    rumAlert: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A RUM site's alert, to its webhook channels
         * @description `rum.regressed` when a metric's p75 over the site's alert window moves into a worse rating than
         *     last recorded (good → needs_improvement or poor, needs_improvement → poor) or passes the site's
         *     budget; `rum.recovered` when it is back (the rating before the regression, within budget). Sent to
         *     each of the site's `alert_channel_ids` (a webhook channel gets this body; other channel types its
         *     words), signed and retried as monitors' alerts, counted against the team's alert quota, and held
         *     during a maintenance window that covers a monitor of one of the site's origins.
         */
        post: operations["rumAlertMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    testFinished: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The per-test callback
         * @description The callback sent to a test's `callback_url` (see `callbacks` on POST /tests).
         */
        post: operations["testFinishedCallback"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
};
export type components = {
    schemas: {
        AlertChannel: {
            /** @description An email channel's addresses; each gets alerts once `confirmed` (it opened the link of its confirmation mail). */
            addresses?: {
                confirmed: boolean;
                email: string;
            }[];
            /** Format: date-time */
            created_at: string;
            /**
             * Format: date-time
             * @description The first failed attempt since the last delivered message; null when the last attempt was delivered.
             */
            first_failure_at: string | null;
            /** Format: uuid */
            id: string;
            /** @description Its stable name in a configuration file (`pageprobe.yaml`), unique per team among its kind; null when it has none. */
            key: string | null;
            /** Format: date-time */
            last_delivered_at: string | null;
            /** @description The configuration file that manages it (POST /config/apply), e.g. `pageprobe.yaml`; null when made by hand. The dashboard warns before changing a managed resource. */
            managed_by: string | null;
            name: string;
            /**
             * @description Set, never shown.
             * @enum {string}
             */
            routing_key?: "[redacted]";
            /** @enum {string} */
            severity?: "critical" | "error" | "warning" | "info";
            /**
             * @description `failing` once every message to it has failed for 24 hours; `ok` again at the next delivered one.
             * @enum {string}
             */
            state: "ok" | "failing";
            type: components["schemas"]["AlertChannelType"];
            /** Format: date-time */
            updated_at: string;
            /**
             * @description Set, never shown.
             * @enum {string}
             */
            url?: "[redacted]";
        };
        /** @description The team's alert channels this monitor's alerts are sent to, beside callback_url. */
        AlertChannelIds: string[];
        /** @enum {string} */
        AlertChannelType: "slack" | "teams" | "discord" | "pagerduty" | "email" | "webhook";
        /** @description The uptime check that raised an alert (see GET /monitors/{monitor_id}/checks). */
        AlertCheck: {
            /**
             * Format: date-time
             * @description When the check started.
             */
            at: string;
            /** @enum {string|null} */
            reason: "dns_error" | "connection_refused" | "connection_reset" | "timeout" | "tls_error" | "http_error" | "expectation_failed" | "nxdomain" | "servfail" | "refused" | "no_answer" | "missed" | "run_failed" | "run_timeout" | "extract_failed" | "missing_value" | "smtp_error" | null;
            status_code: number | null;
            /** @description Each phase of the check in ms (null for a phase it did not reach). */
            timings_ms?: {
                connect?: number | null;
                dns?: number | null;
                download?: number | null;
                first_byte?: number | null;
                tls?: number | null;
                total?: number | null;
            };
            total_ms: number | null;
            up: boolean;
        };
        AlertOptions: {
            /** @description Uptime monitors of https targets: monitor.certificate_expiring when the certificate has fewer days left than this (default 14), once per certificate. */
            certificate_alert_days?: number;
            /** @description Failed checks in a row before monitor.down (default 2). */
            down_after?: number;
            /** @description Score points below the median of the last 5 runs that make monitor.regressed (default 10). */
            regression_points?: number;
            /** @description While the monitor stays down, monitor.down again (reason still_down, details.reminder) every this many minutes, at least 10; null (the default): once. */
            remind_every_minutes?: number | null;
        };
        AlertPayload: {
            alert: {
                /** Format: date-time */
                created_at: string;
                /** @description What raised it. monitor.down says what failed in words (`message`) and what it means and what to try (`advice: {what, try}`). An uptime monitor's monitor.down, monitor.recovered and monitor.regressed carry the check that raised them as `check`, with its timings. monitor.degraded (reason `expectation_degraded`): `message`, the degraded expectation's words, and `consecutive_degraded`; its monitor.recovered says `from: "degraded"`. monitor.field_regressed (lighthouse monitors; reason `field_category_worse`): `metric` (lcp, inp, cls, fcp, ttfb), `from` and `to` (good, needs_improvement, poor), `p75` and `previous_p75`, the new `collection_period` and the `previous_period` ({first_date, last_date}), `scope` (url or origin) and `form_factor` (PHONE or DESKTOP), and `message` in words. */
                details: {
                    check?: components["schemas"]["AlertCheck"];
                } & {
                    [key: string]: unknown;
                };
                /**
                 * Format: uuid
                 * @description Key for de-duplication.
                 */
                id: string;
                reason: string;
            };
            /** @enum {string} */
            event: "monitor.down" | "monitor.recovered" | "monitor.regressed" | "monitor.paused" | "monitor.certificate_expiring" | "monitor.field_regressed" | "monitor.degraded";
            /** @description monitor.down: the incident it is part of (since the first failed run); monitor.recovered: the one it closed. Null for other events. */
            incident: {
                /** Format: date-time */
                ended_at: string | null;
                /** Format: date-time */
                started_at: string;
            } | null;
            monitor: {
                /**
                 * Format: uri
                 * @description The monitor's page in the dashboard (`{DASHBOARD_BASE_URL}/monitors/{id}`), for the team's signed-in members.
                 */
                dashboard_url: string;
                /** Format: uuid */
                id: string;
                interval_seconds: number;
                /** @description What the team calls it (its `name`), or its `url` when it has none: what every channel's message names it by. */
                name: string;
                /** @description Whether `report_url` opens for anyone with the link (see `public_page` on the monitor). */
                public_page: boolean;
                /**
                 * Format: uri
                 * @description The monitor's page: its state, history, incidents and runs. Answers 404 while `public_page` is false.
                 */
                report_url: string;
                /** @enum {string} */
                status: "active" | "paused";
                type: components["schemas"]["MonitorType"];
                /** @description What it checks. A heartbeat's is a placeholder (`heartbeat:<id>`): tell monitors apart by `name`. */
                url: string;
            };
            /** @description The run that raised it; null for an uptime monitor's alerts (its checks are not tests; see `alert.details.check`) and for a pause raised before a test could be made. */
            test: {
                /** Format: uuid */
                id: string;
                /** Format: uri */
                report_url: string;
                status: string;
            } | null;
        };
        Artifact: {
            content_type: string;
            /** Format: date-time */
            expires_at: string;
            /**
             * @description lighthouse_json: the test's Lighthouse result (`lighthouse.json`, the representative run's) and, for a test of several runs, every run's as `lighthouse-run-<n>.json` in the order they ran (to feed to `lhci assert`). A browser check's: `step_screenshot`, the page as each step left it (`steps/NN.jpg`, the failed step's `steps/NN-failed.jpg`: a step result's `screenshot`); when it failed or missed a budget, also `filmstrip_frame` and `har` (what its type steps typed scrubbed), and when it is down `trace`, Chrome's trace of the run (open it in DevTools' Performance panel).
             * @enum {string}
             */
            kind: "final_screenshot" | "filmstrip_frame" | "full_page_screenshot" | "lighthouse_json" | "lighthouse_html" | "har" | "crawl_json" | "step_screenshot" | "trace";
            name: string;
            size_bytes: number;
            /** @description Time into the page load, for filmstrip frames. */
            timing_ms: number | null;
            /**
             * Format: uri
             * @description A time-limited download address.
             */
            url: string;
        };
        AssertionResult: {
            /** @description What the run measured; null when it could not be measured. */
            actual: number | null;
            expected: number;
            /** @example categories:performance */
            key: string;
            /** @enum {string} */
            level: "error" | "warn";
            /** @enum {string} */
            operator: "minScore" | "maxNumericValue" | "minNumericValue" | "maxLength";
            passed: boolean;
        };
        /**
         * @description Budgets the finished test is judged against, in Lighthouse CI's `assertions` syntax (paste the
         *     object from a lighthouserc): `{"<key>": "error" | "warn" | "off" | [level, {minScore |
         *     maxNumericValue | minNumericValue | maxLength: number}]}`. lighthouse: `categories:<id>`
         *     (minScore 0–1; `categories:agentic-browsing` too), the id of an audit of the Lighthouse the
         *     workers run (13.5; an unknown one is refused naming its successor or the nearest id),
         *     `resource-summary:<type>:size|count`, `user-timing:<name>` (maxNumericValue, ms: a measure's
         *     duration, a mark's start; fails when the page recorded no such name); seo_crawl:
         *     `seo:structure_score` (minScore 0–1), `seo:issue:<code>` (maxLength), `seo:issues:<severity>`
         *     (maxNumericValue); uptime: `uptime:up`, `uptime:timings:<phase>` (maxNumericValue, ms),
         *     `uptime:certificate:days_remaining` (minNumericValue); browser: `browser:up`, `browser:duration`
         *     (maxNumericValue, ms: the whole journey), `browser:step:<index>:duration` (maxNumericValue, ms: that
         *     step, from 1). An unknown key or malformed value is 400 `validation_failed` naming it, before
         *     anything is spent.
         */
        Assertions: {
            [key: string]: ("error" | "warn" | "off") | (("error" | "warn" | "off") | {
                [key: string]: number;
            })[];
        };
        /** @description HTTP basic authentication for the test's own origin. The password is secret. */
        BasicAuth: {
            password: string;
            username: string;
        };
        /** @description lighthouse only (other types: 400 naming the field). Chrome's blocked-URL patterns (`*` matches anything): those requests never leave Chromium; the result counts them per pattern. */
        BlockUrls: string[];
        /** @description Two browser tests compared. */
        BrowserComparison: components["schemas"]["ComparisonBase"] & {
            deltas?: components["schemas"]["BrowserDeltas"];
            /** @constant */
            type?: "browser";
        };
        /** @description head − base of two browser checks. */
        BrowserDeltas: {
            duration_ms: components["schemas"]["Delta"];
            /** @description Each step both runs have, by its name: its time in ms. */
            steps: {
                [key: string]: components["schemas"]["Delta"];
            };
            up: {
                base: boolean | null;
                /** @enum {string} */
                change: "better" | "worse" | "same";
                head: boolean | null;
            };
        };
        /** @description A browser check: each step of the journey with its time and figures, and the one that failed. */
        BrowserResult: {
            bytes: number;
            /** @description The first 20 console errors, each with its step, cut to 300 characters. */
            console_errors: {
                step: number;
                text: string;
            }[];
            /** @description CPU the page’s renderer and scripts took (Chromium’s task time). */
            cpu_ms: number | null;
            /** @description Up, but a budget of severity degraded was missed. */
            degraded: boolean;
            /** @description The whole run, from the first load to the last step. */
            duration_ms: number;
            /** @description Why it is down, naming the step: `Step 4 "click #checkout" failed: …`. */
            error: string | null;
            /** @description The index of the step that failed (0: loading the test URL), if one did. */
            failed_step: number | null;
            final_url: string;
            /** @description Every budget the run missed, in step order. */
            over_budget: {
                /** @description `Step 10 "add to basket" is over its budget: inp_ms was 412, expected below 200`. */
                message: string;
                /** @enum {string} */
                severity: "regressed" | "degraded" | "down";
                step: number;
            }[];
            reason: ("step_failed" | "assertion_failed" | "budget_exceeded" | "timeout") | null;
            requests: number;
            requests_failed: number;
            steps: components["schemas"]["BrowserStepResult"][];
            /** @description Every step passed and no budget of severity down was missed. */
            up: boolean;
        };
        /** @description One step of a browser check, measured. */
        BrowserStepResult: {
            /** @description Bytes they transferred (encoded). */
            bytes: number;
            /** @description console.error calls and uncaught errors during the step. */
            console_errors: number;
            duration_ms: number;
            /** @description Why the step failed, in words. */
            error: string | null;
            /** @description The step’s budgets with what was measured; empty without. */
            expect: {
                /** @description What the step measured; null when it has no such figure. */
                actual: number | null;
                /** @description Why it failed, in words; null when it held. */
                message: string | null;
                /** @enum {string} */
                operator: "lt" | "lte" | "eq" | "gt" | "gte";
                passed: boolean;
                /** @enum {string} */
                severity?: "regressed" | "degraded" | "down";
                /** @enum {string} */
                source: "step_ms" | "lcp_ms" | "inp_ms" | "cls" | "requests_failed" | "console_errors";
                value: number;
            }[];
            /** @description 0 is loading the test URL; then the steps in order, from 1. */
            index: number;
            /** @description An interaction step (click, type, select, press, hover): INP with its attribution. */
            interaction?: {
                /** @description Layout shift the step caused. */
                cls: number;
                /** @description The slowest interaction the step caused, as INP counts it (Event Timing); null when the browser reported none of 16 ms or more (it was faster: within any upper budget of 16 ms or more). */
                inp_ms: number | null;
                input_delay_ms: number | null;
                presentation_delay_ms: number | null;
                processing_ms: number | null;
                /** @description The element the interaction reached, e.g. button#checkout. */
                target: string | null;
            };
            /** @description The step’s name, or the step in words (`click #checkout`). */
            name: string;
            /** @description A load or navigate step: the page it reached and its vitals, as the page measured them. */
            navigation?: {
                cls: number | null;
                fcp_ms: number | null;
                lcp_ms: number | null;
                ttfb_ms: number | null;
                url: string;
            };
            /** @description Requests the page made during the step. */
            requests: number;
            /** @description Requests that failed, or answered 4xx or 5xx. */
            requests_failed: number;
            /** @description The artifact name of the page as the step left it. */
            screenshot: string | null;
            /** @description When the step started, from the start of the run. */
            started_ms: number;
            /**
             * @description Steps after a failed one are skipped.
             * @enum {string}
             */
            status: "passed" | "failed" | "skipped";
            /** @description `load`, then each step’s type. */
            type: string;
        };
        /** @description A test of type browser (Browser check). */
        BrowserTest: components["schemas"]["TestBase"] & {
            audits?: null;
            /** @description Null until the test completes. */
            result?: null | components["schemas"]["BrowserResult"];
            /** @constant */
            type?: "browser";
        };
        CallbackPayload: {
            /** @enum {string} */
            event: "test.completed" | "test.failed";
            /** Format: uri */
            report_url: string;
            test: {
                /** @description Present only when the test has assertions. */
                assertion_results?: components["schemas"]["AssertionResult"][];
                /** Format: date-time */
                completed_at: string;
                grade: string | null;
                /**
                 * Format: uuid
                 * @description Key for de-duplication.
                 */
                id: string;
                /** @description The assertions' verdict (see `Test.passed`); present only when the test has assertions. */
                passed?: boolean | null;
                performance_score: number | null;
                /** @description Present only for a test of several runs. */
                runs?: number;
                /** @description Present only for a test of several runs. */
                spread?: null | components["schemas"]["RunSpread"];
                /** @enum {string} */
                status: "completed" | "failed";
                structure_score: number | null;
                type: components["schemas"]["TestType"];
                url: string;
            };
        };
        ChangeIncident: {
            components?: components["schemas"]["IncidentComponent"][];
            /** @description Markdown, once the incident is resolved; null removes it. */
            postmortem?: null | string;
            title?: string;
        };
        ChannelDelivery: {
            /** Format: uuid */
            alert_id: string | null;
            attempts: components["schemas"]["DeliveryAttempt"][];
            /** Format: date-time */
            created_at: string;
            /** @description The alert's event (a monitor's, `deploy.checked`, or a RUM site's `rum.regressed` and `rum.recovered`), `alert_channel.test` for a test message, `alert_channel.failing` for a notice that another of the team's channels is failing, or `alert_channel.confirm` for an address's confirmation mail. A message not sent has one attempt whose `error` says why (`quota_exceeded`, `no_confirmed_address`). */
            event: string;
            /** Format: date-time */
            finished_at: string | null;
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            monitor_id: string | null;
            /** @enum {string} */
            state: "pending" | "delivered" | "failed";
        };
        ChannelTestPending: {
            /** @constant */
            delivered: false;
            /** Format: uuid */
            delivery_id: string;
            /** @constant */
            state: "pending";
        };
        ChannelTestResult: {
            attempt: components["schemas"]["DeliveryAttempt"];
            delivered: boolean;
            /** Format: uuid */
            delivery_id: string;
        };
        /** @description The days (UTC) CrUX's figures were collected over, both included. */
        CollectionPeriod: {
            /** Format: date */
            first_date: string;
            /** Format: date */
            last_date: string;
        };
        ComparedTest: {
            /** Format: date-time */
            completed_at: string;
            device: components["schemas"]["Device"];
            /** Format: uuid */
            id: string;
            performance_score: number | null;
            /** Format: uri */
            report_url: string;
            runs_requested: number;
            structure_score: number | null;
            url: string;
        };
        /** @description Two tests of one type compared; `type` tells the shape of `deltas`. */
        Comparison: components["schemas"]["LighthouseComparison"] | components["schemas"]["SeoCrawlComparison"] | components["schemas"]["UptimeComparison"] | components["schemas"]["TcpComparison"] | components["schemas"]["DnsComparison"] | components["schemas"]["BrowserComparison"] | components["schemas"]["MultistepComparison"] | components["schemas"]["SmtpComparison"];
        /** @description What every comparison has; `Comparison` narrows `type` and `deltas` per kind. */
        ComparisonBase: {
            base: components["schemas"]["ComparedTest"];
            deltas: Record<string, never>;
            head: components["schemas"]["ComparedTest"];
            /**
             * Format: uri
             * @description The two reports side by side (filmstrips, deltas coloured); open to anyone with both report links.
             */
            report_url: string;
            type: components["schemas"]["TestType"];
        };
        /** @description POST /alert-channels’ body with its `key`. Which fields a type takes: `url` for slack, teams, discord and webhook; `routing_key` (and optionally `severity`) for pagerduty; `addresses` for email. */
        ConfigAlertChannel: {
            addresses?: string[];
            key: components["schemas"]["ConfigKey"];
            name: string;
            /** @description PagerDuty Events API v2 integration key (sealed). */
            routing_key?: string;
            /**
             * @description PagerDuty's severity of monitor.down (default critical).
             * @enum {string}
             */
            severity?: "critical" | "error" | "warning" | "info";
            type: components["schemas"]["AlertChannelType"];
            /** @description The webhook's URL: https (sealed; shown as [redacted]). */
            url?: string;
        };
        ConfigChange: {
            /** @enum {string} */
            action: "create" | "update" | "delete";
            /** @description create: the fields it sets (from null); update: each field that differs; delete: none. */
            fields: components["schemas"]["ConfigFieldChange"][];
            /**
             * Format: uuid
             * @description The resource's id: null for a create in a plan; the new id once applied.
             */
            id: string | null;
            key: string;
            /** @enum {string} */
            resource: "alert_channel" | "monitor" | "maintenance_window" | "status_page" | "rum_site";
        };
        ConfigExport: {
            /** @description The file's content (ConfigState's lists), oldest resource first in each: `POST /config/plan` of it, the variables set, is no change. */
            config: {
                alert_channels: components["schemas"]["ConfigExportEntry"][];
                maintenance_windows: components["schemas"]["ConfigExportEntry"][];
                monitors: components["schemas"]["ConfigExportEntry"][];
                rum_sites: components["schemas"]["ConfigExportRumSite"][];
                status_pages: components["schemas"]["ConfigExportEntry"][];
            };
            /** @description Resources that had no key and were given one. */
            keyed: number;
            /** @description Resources another configuration manages: not in the file, left as they are. */
            left_out: {
                key: string;
                managed_by: string;
                /** @enum {string} */
                resource: "alert_channel" | "monitor" | "maintenance_window" | "status_page" | "rum_site";
            }[];
            /** @description Resources now managed by this file that were not (made by hand). */
            taken_over: number;
            /** @description Each `${VARIABLE}` the file uses: set it where plan and apply run. */
            variables: {
                /** @description The secret it stands for. */
                description: string;
                name: string;
            }[];
        };
        /** @description An entry of the file: the resource's create body with its `key`, the API's defaults left out, references by key, secrets as `${VARIABLE}` placeholders (so its values are not checked here as a create body's are). */
        ConfigExportEntry: {
            key: components["schemas"]["ConfigKey"];
        } & {
            [key: string]: unknown;
        };
        ConfigExportRequest: {
            /**
             * @description The configuration file's name (`pageprobe export` sends the file's, `pageprobe.yaml`): set as `managed_by` on what the file describes, as `POST /config/apply` of that file sets it.
             * @default config
             */
            managed_by?: string;
        };
        /** @description A RUM site's entry: keyed by its `name`, the API's defaults left out, alert channels by key. */
        ConfigExportRumSite: {
            name: string;
        } & {
            [key: string]: unknown;
        };
        ConfigFieldChange: {
            /** @description The field's dotted path in the entry, e.g. `alert.regression_points`. */
            field: string;
            /** @description Its value now (null when unset, `(secret)` for a secret value). */
            from: unknown;
            /** @description Its value as the configuration has it (`(secret)` for a secret value). */
            to: unknown;
        };
        /**
         * @description A resource's stable name in a configuration file: lower-case letters, digits, `_`, `.` and `-`, at most 64. Unique per team among resources of its kind; the file owns it.
         * @example shop-home
         */
        ConfigKey: string;
        /** @description POST /maintenance-windows’ body with its `key`; monitors by key. Once: `ends_at`. Recurring: `rrule` and `duration_minutes` (and `time_zone`, UTC by default). At least one of `monitors` and `tags`. */
        ConfigMaintenanceWindow: {
            duration_minutes?: number;
            /** Format: date-time */
            ends_at?: string;
            key: components["schemas"]["ConfigKey"];
            /** @description Keys of the monitors it holds (in the file, or the team’s). */
            monitors?: components["schemas"]["ConfigKey"][];
            name: string;
            /** @description RFC 5545 RRULE, e.g. FREQ=WEEKLY;BYDAY=SU (no DTSTART). */
            rrule?: string;
            /** Format: date-time */
            starts_at: string;
            tags?: string[];
            /** @description IANA zone, e.g. Europe/Paris (default UTC). */
            time_zone?: string;
        };
        /** @description POST /monitors’ body with its `key`; channels named by key. `url` and `interval_seconds` are required for every type but `heartbeat`, which refuses them (and every request field: it makes no request) and needs `grace_seconds` with `period_seconds` or `schedule` instead. A 400 names the field. */
        ConfigMonitor: {
            alert?: components["schemas"]["AlertOptions"];
            /** @description Keys of the alert channels its alerts are sent to (in the file, or the team’s). */
            alert_channels?: components["schemas"]["ConfigKey"][];
            assertions?: components["schemas"]["Assertions"];
            basic_auth?: components["schemas"]["BasicAuth"];
            block_urls?: components["schemas"]["BlockUrls"];
            body?: components["schemas"]["RequestBody"];
            /** @description Public https URL the alerts are sent to. */
            callback_url?: string;
            content_type?: components["schemas"]["RequestContentType"];
            cookies?: components["schemas"]["RequestCookies"];
            /** @description Keys of the monitors it depends on (in the file, or the team’s); a cycle is refused. */
            depends_on?: components["schemas"]["ConfigKey"][];
            /** @default mobile */
            device?: components["schemas"]["Device"];
            expect?: components["schemas"]["Expect"];
            grace_seconds?: components["schemas"]["HeartbeatGrace"];
            headers?: components["schemas"]["RequestHeaders"];
            /** @description Seconds between runs. */
            interval_seconds?: number;
            key: components["schemas"]["ConfigKey"];
            locale?: components["schemas"]["Locale"];
            /**
             * @description every: each location checks each slot; round_robin: one location a slot, in turn (quorum then counts each location's latest check).
             * @default every
             * @enum {string}
             */
            location_mode?: "every" | "round_robin";
            /**
             * @description Where it checks from, each listed by GET /locations when it is made or changed. Down means at
             *     least `quorum` locations failed the same slot; a location that stops reporting does not count
             *     as a failure. Without it, the default location alone.
             */
            locations?: components["schemas"]["LocationIds"];
            method?: components["schemas"]["HttpMethod"];
            name?: components["schemas"]["MonitorName"];
            period_seconds?: components["schemas"]["HeartbeatPeriod"];
            /** @description Whether its page opens with its link (`report_url`); unset, the team's default for new monitors (public unless the team chose otherwise). */
            public_page?: components["schemas"]["PublicPage"];
            /** @description Failed locations that make it down, at most the number of locations; unset, a majority (1 of 1, 2 of 2, 2 of 3). */
            quorum?: number;
            repeat_view?: components["schemas"]["RepeatView"];
            requests?: components["schemas"]["MultistepRequests"];
            /**
             * @description As for POST /tests.
             * @default 1
             */
            runs?: number;
            schedule?: components["schemas"]["HeartbeatSchedule"];
            steps?: components["schemas"]["Steps"];
            tags?: components["schemas"]["MonitorTags"];
            throttling?: components["schemas"]["Throttling"];
            time_zone?: components["schemas"]["HeartbeatTimeZone"];
            tls?: components["schemas"]["TcpTls"];
            /** @default lighthouse */
            type?: components["schemas"]["MonitorType"];
            /** @description What it checks, by type, as for POST /tests: an http(s) URL of a public page; `tcp://host:port` (or `host:port`); a DNS URI (`dns:example.com?type=MX`, `dns://192.0.2.53/example.com?type=A`) or a bare name. */
            url?: string;
            user_agent?: components["schemas"]["UserAgent"];
            viewport?: components["schemas"]["Viewport"];
        };
        ConfigPlan: {
            /** @description In the order apply makes them: channels, monitors, windows, status pages, RUM sites, then deletes. Empty: nothing to do. */
            changes: components["schemas"]["ConfigChange"][];
            /** @description A `read` key's plan only: the secret fields of the team's resources that were not compared with the file's values (a read key is never told whether a secret matches). Plan with a `write` key to compare them. */
            not_compared?: {
                /** @description Dotted, as a change names it: `basic_auth.password`, `headers.X-Token`, `url`. */
                field: string;
                key: string;
                /** @enum {string} */
                resource: "alert_channel" | "monitor" | "maintenance_window" | "status_page" | "rum_site";
            }[];
        };
        /** @description A real-user monitoring site (issue 61), as `POST /rum/sites` takes it, keyed by its `name` (unique among the team's sites): a new one gets its own site key; one the file no longer lists is deleted only with `prune`. `alert_channels` name channels by key. */
        ConfigRumSite: {
            alert?: {
                min_page_views?: number;
                window_minutes?: number;
            };
            alert_channels?: components["schemas"]["ConfigKey"][];
            beacons_per_minute?: number;
            budgets?: {
                cls?: number;
                fcp_ms?: number;
                inp_ms?: number;
                lcp_ms?: number;
                ttfb_ms?: number;
            };
            keep_query_strings?: boolean;
            name: string;
            origins: string[];
            page_groups?: {
                name: string;
                pattern: string;
            }[];
            sample_rate?: number;
        };
        /** @description The whole desired state of the team's resources that a configuration file manages: each entry is its resource's create body with a `key`, references by key. At most 1,000 entries in all. */
        ConfigState: {
            /**
             * @description Take over resources made by hand whose key an entry gives (they are updated and become managed), instead of the 409 `key_conflict`.
             * @default false
             */
            adopt?: boolean;
            alert_channels?: components["schemas"]["ConfigAlertChannel"][];
            maintenance_windows?: components["schemas"]["ConfigMaintenanceWindow"][];
            /**
             * @description Names the configuration (the CLI sends its file's name, `pageprobe.yaml`): set on what it creates and updates; `prune` deletes only what carries it.
             * @default config
             */
            managed_by?: string;
            monitors?: components["schemas"]["ConfigMonitor"][];
            /**
             * @description Delete the resources this configuration (`managed_by`) manages that it no longer lists. Without it nothing is deleted.
             * @default false
             */
            prune?: boolean;
            rum_sites?: components["schemas"]["ConfigRumSite"][];
            status_pages?: components["schemas"]["ConfigStatusPage"][];
        };
        /** @description POST /status-pages’ body with its `key`; monitors by key. */
        ConfigStatusPage: {
            /** @description The public page's accent color (#rrggbb): the rule under its header (never its text, whose contrast stays ours). */
            accent_color?: string | null;
            /**
             * @description Whether one of its monitors going down opens an incident (`investigating`, titled by its label), resolved when the monitor recovers; the team may edit it meanwhile.
             * @default false
             */
            auto_incidents?: boolean;
            description?: string | null;
            /**
             * @description Whether search engines may index the public page; until then it is sent with `X-Robots-Tag: noindex`.
             * @default false
             */
            indexable?: boolean;
            key: components["schemas"]["ConfigKey"];
            /**
             * Format: uri
             * @description The team's logo at the top of the public page: an https image.
             */
            logo_url?: string | null;
            monitors: components["schemas"]["ConfigStatusPageMonitor"][];
            /** @description The page's public address, `/status/{slug}`; lower-case letters, digits and inner hyphens, at most 64. */
            slug: string;
            title: string;
        };
        ConfigStatusPageMonitor: {
            key: components["schemas"]["ConfigKey"];
            /** @description What the public page calls it (its URL is never shown). */
            label: string;
        };
        /** @description Which fields a type takes: `url` for slack, teams, discord and webhook; `routing_key` (and optionally `severity`) for pagerduty; `addresses` for email. */
        CreateAlertChannel: {
            addresses?: string[];
            key?: components["schemas"]["ConfigKey"];
            name: string;
            /** @description PagerDuty Events API v2 integration key (sealed). */
            routing_key?: string;
            /**
             * @description PagerDuty's severity of monitor.down (default critical).
             * @enum {string}
             */
            severity?: "critical" | "error" | "warning" | "info";
            type: components["schemas"]["AlertChannelType"];
            /** @description The webhook's URL: https (sealed; shown as [redacted]). */
            url?: string;
        };
        CreateDeploy: {
            /**
             * Format: uri
             * @description Where `deploy.checked` is also sent, signed as callbacks are.
             */
            callback_url?: string;
            commit?: string;
            description?: string;
            environment?: components["schemas"]["DeployEnvironment"];
            /** @description The monitors to run at once. */
            run?: {
                monitors?: string[];
                tags?: string[];
            };
            /**
             * Format: uri
             * @description Where it can be seen.
             */
            url?: string;
            /** @description What people call the release: a tag, a build number. */
            version: string;
        };
        CreatedTest: {
            /** Format: date-time */
            created_at: string;
            device: components["schemas"]["Device"];
            /** Format: uuid */
            id: string;
            /** Format: uri */
            report_url: string;
            status: components["schemas"]["TestStatus"];
            type: components["schemas"]["TestType"];
            url: string;
        };
        CreateIncident: {
            /**
             * Format: date-time
             * @description When it began; default now. Never in the future.
             */
            at?: string;
            components: components["schemas"]["IncidentComponent"][];
            message: components["schemas"]["IncidentMessage"];
            status?: components["schemas"]["IncidentStatus"];
            title: string;
        };
        CreateIncidentUpdate: {
            /**
             * Format: date-time
             * @description When it happened; default now. Never in the future, nor before the latest update.
             */
            at?: string;
            message: components["schemas"]["IncidentMessage"];
            status: components["schemas"]["IncidentStatus"];
        };
        /** @description Once: `ends_at`. Recurring: `rrule` and `duration_minutes` (and `time_zone`, UTC by default). At least one of `monitors` and `tags`. */
        CreateMaintenanceWindow: {
            duration_minutes?: number;
            /** Format: date-time */
            ends_at?: string;
            key?: components["schemas"]["ConfigKey"];
            monitors?: string[];
            name: string;
            /** @description RFC 5545 RRULE, e.g. FREQ=WEEKLY;BYDAY=SU (no DTSTART). */
            rrule?: string;
            /** Format: date-time */
            starts_at: string;
            tags?: string[];
            /** @description IANA zone, e.g. Europe/Paris (default UTC). */
            time_zone?: string;
        };
        /** @description `url` and `interval_seconds` are required for every type but `heartbeat`, which refuses them (and every request field: it makes no request) and needs `grace_seconds` with `period_seconds` or `schedule` instead. A 400 names the field. */
        CreateMonitor: {
            alert?: components["schemas"]["AlertOptions"];
            alert_channels?: components["schemas"]["AlertChannelIds"];
            assertions?: components["schemas"]["Assertions"];
            basic_auth?: components["schemas"]["BasicAuth"];
            block_urls?: components["schemas"]["BlockUrls"];
            body?: components["schemas"]["RequestBody"];
            /** @description Public https URL the alerts are sent to. */
            callback_url?: string;
            content_type?: components["schemas"]["RequestContentType"];
            cookies?: components["schemas"]["RequestCookies"];
            depends_on?: components["schemas"]["MonitorDependencies"];
            /** @default mobile */
            device?: components["schemas"]["Device"];
            expect?: components["schemas"]["Expect"];
            grace_seconds?: components["schemas"]["HeartbeatGrace"];
            headers?: components["schemas"]["RequestHeaders"];
            /** @description Seconds between runs. */
            interval_seconds?: number;
            key?: components["schemas"]["ConfigKey"];
            locale?: components["schemas"]["Locale"];
            /**
             * @description every: each location checks each slot; round_robin: one location a slot, in turn (quorum then counts each location's latest check).
             * @default every
             * @enum {string}
             */
            location_mode?: "every" | "round_robin";
            /**
             * @description Where it checks from, each listed by GET /locations when it is made or changed. Down means at
             *     least `quorum` locations failed the same slot; a location that stops reporting does not count
             *     as a failure. Without it, the default location alone.
             */
            locations?: components["schemas"]["LocationIds"];
            method?: components["schemas"]["HttpMethod"];
            name?: components["schemas"]["MonitorName"];
            period_seconds?: components["schemas"]["HeartbeatPeriod"];
            /** @description Whether its page opens with its link (`report_url`); unset, the team's default for new monitors (public unless the team chose otherwise). */
            public_page?: components["schemas"]["PublicPage"];
            /** @description Failed locations that make it down, at most the number of locations; unset, a majority (1 of 1, 2 of 2, 2 of 3). */
            quorum?: number;
            repeat_view?: components["schemas"]["RepeatView"];
            requests?: components["schemas"]["MultistepRequests"];
            /**
             * @description As for POST /tests.
             * @default 1
             */
            runs?: number;
            schedule?: components["schemas"]["HeartbeatSchedule"];
            steps?: components["schemas"]["Steps"];
            tags?: components["schemas"]["MonitorTags"];
            throttling?: components["schemas"]["Throttling"];
            time_zone?: components["schemas"]["HeartbeatTimeZone"];
            tls?: components["schemas"]["TcpTls"];
            /** @default lighthouse */
            type?: components["schemas"]["MonitorType"];
            /** @description What it checks, by type, as for POST /tests: an http(s) URL of a public page; `tcp://host:port` (or `host:port`); a DNS URI (`dns:example.com?type=MX`, `dns://192.0.2.53/example.com?type=A`) or a bare name. */
            url?: string;
            user_agent?: components["schemas"]["UserAgent"];
            viewport?: components["schemas"]["Viewport"];
        };
        CreateStatusPage: {
            /** @description The public page's accent color (#rrggbb): the rule under its header (never its text, whose contrast stays ours). */
            accent_color?: string | null;
            /**
             * @description Whether one of its monitors going down opens an incident (`investigating`, titled by its label), resolved when the monitor recovers; the team may edit it meanwhile.
             * @default false
             */
            auto_incidents?: boolean;
            description?: string | null;
            /**
             * @description Whether search engines may index the public page; until then it is sent with `X-Robots-Tag: noindex`.
             * @default false
             */
            indexable?: boolean;
            key?: components["schemas"]["ConfigKey"];
            /**
             * Format: uri
             * @description The team's logo at the top of the public page: an https image.
             */
            logo_url?: string | null;
            monitors: components["schemas"]["StatusPageMonitor"][];
            /** @description The page's public address, `/status/{slug}`; lower-case letters, digits and inner hyphens, at most 64. */
            slug: string;
            title: string;
        };
        CreateTest: {
            assertions?: components["schemas"]["Assertions"];
            basic_auth?: components["schemas"]["BasicAuth"];
            block_urls?: components["schemas"]["BlockUrls"];
            body?: components["schemas"]["RequestBody"];
            /** @description Public https URL notified when the test finishes, without a user name or password. */
            callback_url?: string;
            content_type?: components["schemas"]["RequestContentType"];
            cookies?: components["schemas"]["RequestCookies"];
            /** @default mobile */
            device?: components["schemas"]["Device"];
            expect?: components["schemas"]["Expect"];
            headers?: components["schemas"]["RequestHeaders"];
            locale?: components["schemas"]["Locale"];
            /**
             * @description Where to run it from: each location runs the test, and each costs what a test costs. Each must
             *     be listed by GET /locations with a live worker of the test's type, or the request is a 400
             *     `location_unavailable` naming it. Without it, the test runs at the team's default location
             *     (`default` unless set). With it, the test shows one entry per location under `locations`. A
             *     location fails when its run failed or it found the site down (uptime). When at least a majority
             *     of them failed (1 of 1, 2 of 2, 2 of 3), the test ends as the first failed location, in the
             *     order given, did (failed with its error, or completed with its figures); otherwise it completes
             *     with the figures of the first location that did not fail. The artifacts are the first
             *     location's.
             */
            locations?: components["schemas"]["LocationIds"];
            method?: components["schemas"]["HttpMethod"];
            repeat_view?: components["schemas"]["RepeatView"];
            requests?: components["schemas"]["MultistepRequests"];
            /**
             * @description lighthouse: how many times to run Lighthouse, in sequence, a fresh browser context each (other
             *     types: 1 only). The test reports the representative run, the one closest to the median first
             *     contentful paint and time to interactive, with every run's score and vitals and their spread;
             *     assertions read the median across runs. Each run costs what a test costs (on the free plan, each
             *     counts against the hourly allowance). The time budget covers all runs.
             * @default 1
             */
            runs?: number;
            steps?: components["schemas"]["Steps"];
            throttling?: components["schemas"]["Throttling"];
            tls?: components["schemas"]["TcpTls"];
            /** @default lighthouse */
            type?: components["schemas"]["TestType"];
            /**
             * @description What the test reaches, by `type`. lighthouse, seo_crawl, uptime and browser: an absolute http(s) URL of a
             *     public page, without a user name or password (use `basic_auth`). tcp: `tcp://host:port`, or
             *     `host:port` (stored as `tcp://host:port`). dns: a DNS URI (RFC 4501), `dns:example.com?type=MX`,
             *     or with a resolver to ask `dns://192.0.2.53:5353/example.com?type=A` (an IP address; without one,
             *     the worker's system resolver), or a bare name (type A); the types are A, AAAA, CNAME, MX, TXT, NS,
             *     CAA and SOA, and the URI is stored as `dns:name?type=T`. Every address a run reaches (a page's or
             *     tcp host's every address, a dns resolver) must be public; a name asked of the system resolver must
             *     not be one that only resolves inside a network (`.internal`, `.local`, a single label).
             */
            url: string;
            user_agent?: components["schemas"]["UserAgent"];
            viewport?: components["schemas"]["Viewport"];
        };
        CreateVariable: {
            name: string;
            /** @description Seal it (default: the existing variable's kind, or false for a new one). */
            secret?: boolean;
            /** @description At most 4096 bytes as UTF-8. */
            value: string;
        };
        /** @description Credits one test of each type costs on this plan. */
        CreditCosts: {
            browser: number;
            dns: number;
            lighthouse: number;
            multistep: number;
            seo_crawl: number;
            smtp: number;
            tcp: number;
            uptime: number;
        };
        Credits: {
            /** @description What the team's alerts may send per clock hour (UTC), and have sent in this one: `messages` to alert channels (alerts, test messages, notices) and `emails` (each recipient of an email channel's message, and each confirmation mail). Free 300 / 100, pro 3,000 / 1,000. A message past either is recorded as not sent (`quota_exceeded`). */
            alert_quota: {
                emails: components["schemas"]["QuotaCount"];
                messages: components["schemas"]["QuotaCount"];
                /**
                 * Format: date-time
                 * @description The start of the next hour, when both start again from zero.
                 */
                resets_at: string;
            };
            costs: components["schemas"]["CreditCosts"];
            credits_balance: number;
            /** @description The free plan's lighthouse allowance per rolling hour; null on other plans. */
            free_lighthouse: null | {
                limit: number;
                remaining: number;
                /**
                 * Format: date-time
                 * @description When the oldest test in the window leaves it; null when none is in it.
                 */
                resets_at: string | null;
                window_seconds: number;
            };
            /** @enum {string} */
            plan: "free" | "pro";
            /** @description How long the plan keeps what it stores, in days (free 7 / 90 / 30, pro 90 / 730 / 365). */
            retention: {
                /** @description A monitor's hourly and daily rollups. */
                aggregates_days: number;
                /** @description A test's artifacts and HAR, from when it completed; past it they answer 410 `artifacts_expired`. */
                artifacts_days: number;
                /** @description A monitor's raw checks (GET /monitors/{id}/checks) and its per-minute rollups. */
                checks_days: number;
            };
        };
        DeliveryAttempt: {
            duration_ms: number;
            /** @description Why no answer came (a timeout, a refused connection...). */
            error: string | null;
            number: number;
            /** @description The first 512 bytes of the answer. */
            response_snippet: string | null;
            /** Format: date-time */
            started_at: string;
            /** @description The HTTP status; for email, the SMTP server's reply code. */
            status_code: number | null;
        };
        /** @description One figure of two tests, head against base. */
        Delta: {
            base: number | null;
            /**
             * @description `same` when the change is not significant.
             * @enum {string}
             */
            change: "better" | "worse" | "same";
            /** @description head − base; null when either is unknown. */
            delta: number | null;
            head: number | null;
            /** @description Whether the change is larger than the runs' spread, or the documented threshold for single runs. */
            significant: boolean;
        };
        Deploy: {
            /** Format: date-time */
            checked_at: string | null;
            checks: components["schemas"]["DeployCheck"][];
            commit: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: uri */
            dashboard_url: string;
            description: string | null;
            environment: components["schemas"]["DeployEnvironment"];
            /** Format: uuid */
            id: string;
            run: {
                monitors: string[];
                tags: string[];
            };
            /** @enum {string} */
            source: "api" | "github";
            /**
             * @description `checking` while its monitors run; `recorded`: it named none.
             * @enum {string}
             */
            status: "checking" | "passed" | "regressed" | "failed" | "recorded";
            url: string | null;
            version: string;
        };
        DeployCheck: {
            /**
             * Format: date-time
             * @description When the run after the deploy finished (a check: when it ran).
             */
            after_at: string | null;
            /** Format: uuid */
            after_test_id: string | null;
            /** Format: uuid */
            before_test_id: string | null;
            /** Format: uuid */
            monitor_id: string;
            /** @description Why it failed, or why nothing was compared. */
            reason: string | null;
            /** @enum {string} */
            verdict: "pending" | "passed" | "regressed" | "failed";
            /** @description The figures that got worse beyond the runs' noise, by their path in the kind's compare deltas (`vitals.lcp_ms`, `scores.performance`). */
            worse: {
                base: number | null;
                figure: string;
                head: number | null;
            }[];
        };
        /** @description Where it was deployed: `production` (the default), `staging`, a preview's name. */
        DeployEnvironment: string;
        /** @enum {string} */
        Device: "mobile" | "desktop";
        /** @description Two dns tests compared. */
        DnsComparison: components["schemas"]["ComparisonBase"] & {
            deltas?: components["schemas"]["DnsDeltas"];
            /** @constant */
            type?: "dns";
        };
        /** @description What changed between two DNS checks: the verdict, the answers, the time. */
        DnsDeltas: {
            answers: {
                /** @description In head, not in base. */
                added: string[];
                /** @description In base, not in head. */
                removed: string[];
            };
            total_ms: components["schemas"]["Delta"];
            up: {
                base: boolean | null;
                /** @enum {string} */
                change: "better" | "worse" | "same";
                head: boolean | null;
            };
        };
        /** @description A DNS query’s answers, their TTLs, and how long the resolver took. */
        DnsResult: {
            /** @description Sorted by value. */
            answers: {
                /** @description Seconds; given for A and AAAA (null for the other types). */
                ttl: number | null;
                /** @description The record as a zone file writes its data: an address, a name, `10 mail.example.com` (MX), the text (TXT, strings joined), `0 issue "ca.example"` (CAA), `mname rname serial refresh retry expire minimum` (SOA). */
                value: string;
            }[];
            /** @description Why it is down, in words (e.g. `DNS server answered SERVFAIL for example.com A`). */
            error: string | null;
            /** @description Each of `expect` with what was found; empty without. */
            expectations: components["schemas"]["ExpectationResult"][];
            name: string;
            /** @description nxdomain: the name does not exist; servfail and refused: what the server answered; no_answer: the name exists without records of the type; timeout: no answer in time. */
            reason: ("nxdomain" | "servfail" | "refused" | "no_answer" | "timeout" | "connection_refused" | "dns_error" | "expectation_failed") | null;
            /** @description The resolver asked, `ip:port`; null: the worker’s system resolver. */
            resolver: string | null;
            timings_ms: {
                total: number | null;
            };
            /** @enum {string} */
            type: "A" | "AAAA" | "CNAME" | "MX" | "TXT" | "NS" | "CAA" | "SOA";
            /** @description The resolver answered the name with records of the type, and every expectation held. */
            up: boolean;
            /** @description Private addresses the resolver answered, withheld (not in `answers`, not matched by `expect`): the worker does not allow private targets (ALLOW_PRIVATE_TARGETS), and a name of a split-horizon zone answers so inside its network. Absent when none. */
            withheld?: number;
        };
        /** @description A test of type dns (DNS check). */
        DnsTest: components["schemas"]["TestBase"] & {
            audits?: null;
            /** @description Null until the test completes. */
            result?: null | components["schemas"]["DnsResult"];
            /** @constant */
            type?: "dns";
        };
        /**
         * @description uptime, tcp, dns and smtp (other types: 400 naming the field): checks of the answer, all of which must
         *     hold. Each failed one is in the result's `expectations` with what was found; the first makes the
         *     check down with reason `expectation_failed` and its message as `error` (a monitor's `monitor.down`
         *     says it: `Expected $.status to equal "ok", got "degraded"`).
         *
         *     uptime: without `expect` a check is up on a 2xx or 3xx final answer. With a `status` expectation,
         *     that expectation decides instead; without one, the answer must still be 2xx or 3xx. `body` and
         *     `json` read the body up to 1 MiB decompressed (a JSON body cut there fails to parse, and says so).
         *     A JSONPath selecting several values: `contains` holds when one of them is (or contains) the value,
         *     every other operator must hold for each. A missing header or path fails every operator but `ne`
         *     and `not_contains`. `matches` takes RE2 syntax, which runs in time linear in the body: a pattern
         *     only a backtracking engine runs (backreferences, lookaround) is a 400 naming `expect.N.value`.
         *     `response_time` is the final answer's total time in ms; `certificate_days` the days the https
         *     certificate has left.
         *
         *     tcp and smtp: `response_time` is the whole check's time in ms (smtp: connecting to the answer to
         *     EHLO, and STARTTLS with `tls`); `certificate_days` the days the certificate of its TLS handshake has
         *     left (none without one: the expectation fails).
         */
        Expect: components["schemas"]["Expectation"][];
        /**
         * @description One check of the answer; all of `expect` must hold for the check to pass.
         * @example {
         *       "source": "json",
         *       "path": "$.status",
         *       "operator": "eq",
         *       "value": "ok"
         *     }
         */
        Expectation: {
            /** @description header: the header name, in any case. */
            name?: string;
            /**
             * @description status: eq ne lt lte gt gte; header and json: any but not_empty; body: contains not_contains matches; response_time: lt lte (ms); certificate_days: gt gte; answers: contains eq not_empty. `matches` takes an RE2 pattern (linear time; backreferences and lookaround are refused).
             * @enum {string}
             */
            operator: "eq" | "ne" | "lt" | "lte" | "gt" | "gte" | "contains" | "not_contains" | "matches" | "exists" | "not_empty";
            /** @description json: a JSONPath (RFC 9535), e.g. `$.status`. */
            path?: string;
            /**
             * @description What its failure makes of the check: `down` (the default), or `degraded`: a check whose failed expectations are all `degraded` is up, but degraded (a monitor then says `degraded` and raises monitor.degraded; uptime counts it up and reports it apart).
             * @enum {string}
             */
            severity?: "down" | "degraded";
            /**
             * @description What is checked. uptime: status, header, body, json, response_time, certificate_days; tcp: response_time, certificate_days; dns: answers, response_time; multistep (each request’s `expect`): status, header, body, json, response_time; smtp: response_time, certificate_days.
             * @enum {string}
             */
            source: "status" | "header" | "body" | "json" | "response_time" | "certificate_days" | "answers";
            /** @description What to compare with: a number for lt/lte/gt/gte, a string for contains/matches, none for exists and not_empty; answers eq takes a string or a list (compared as a sorted set). */
            value?: (string | number | boolean | null) | string[];
        };
        /** @description An expectation with what the check found. */
        ExpectationResult: {
            /** @description What was found: the status, the header value, the JSON value (long ones cut to 500 characters), ms, days, the answers; null when absent. For body, its first 200 characters. */
            actual: unknown;
            /** @description Why it failed, e.g. `Expected $.status to equal "ok", got "degraded"`. */
            message: string | null;
            name?: string;
            /** @enum {string} */
            operator: "eq" | "ne" | "lt" | "lte" | "gt" | "gte" | "contains" | "not_contains" | "matches" | "exists" | "not_empty";
            passed: boolean;
            path?: string;
            /** @enum {string} */
            severity?: "down" | "degraded";
            /** @enum {string} */
            source: "status" | "header" | "body" | "json" | "response_time" | "certificate_days" | "answers";
            value?: (string | number | boolean | null) | string[];
        };
        /** @description What real Chrome users saw of the page over the 28 days of the Chrome UX Report, on the test's device, with a verdict per metric comparing it with the lab. A test never fails for want of it: `available: false` says why there is none. */
        FieldData: {
            /** @constant */
            available: true;
            collection_period: components["schemas"]["CollectionPeriod"];
            /**
             * @description CrUX's devices matching the test's: PHONE for mobile.
             * @enum {string}
             */
            form_factor: "PHONE" | "DESKTOP";
            /** @description The URL or origin CrUX answered for, as CrUX writes it. */
            key: string;
            /** @description LCP, INP, CLS, FCP and TTFB; null for one CrUX has no figures of. */
            metrics: {
                /** @description Null when CrUX has no cls figures. */
                cls: components["schemas"]["FieldMetric"] | null;
                /** @description Null when CrUX has no fcp figures. */
                fcp: components["schemas"]["FieldMetric"] | null;
                /** @description Null when CrUX has no inp figures. */
                inp: components["schemas"]["FieldMetric"] | null;
                /** @description Null when CrUX has no lcp figures. */
                lcp: components["schemas"]["FieldMetric"] | null;
                /** @description Null when CrUX has no ttfb figures. */
                ttfb: components["schemas"]["FieldMetric"] | null;
            };
            /**
             * @description url: the page's own record; origin: the whole site's, when the page has too few visits of its own.
             * @enum {string}
             */
            scope: "url" | "origin";
        } | {
            /** @constant */
            available: false;
            /**
             * @description not_enough_data: CrUX has no record of the page nor its origin on this device; no_api_key: the service has no CrUX key; rate_limited: the key's quota was spent; api_error: CrUX failed or did not answer in time.
             * @enum {string}
             */
            reason: "no_api_key" | "not_enough_data" | "rate_limited" | "api_error";
        };
        /** @description One Core Web Vital as real Chrome users saw it (CrUX), beside the test's lab value. */
        FieldMetric: {
            /**
             * @description The p75's category by the Core Web Vitals thresholds.
             * @enum {string}
             */
            category: "good" | "needs_improvement" | "poor";
            /** @description Share of page loads (0 to 1) whose value was good. */
            good: number;
            /** @description The lab's value of `lab_metric` (the test's vitals); null when it has none. */
            lab: number | null;
            /** @description The lab value's category; null without a lab value. */
            lab_category: ("good" | "needs_improvement" | "poor") | null;
            /**
             * @description The test's vital compared with it. INP's is tbt_ms: a lab load has no interaction, so Lighthouse's Total Blocking Time stands for it, rated by TBT's thresholds (good ≤ 200 ms, poor > 600 ms).
             * @enum {string}
             */
            lab_metric: "lcp_ms" | "tbt_ms" | "cls" | "fcp_ms" | "ttfb_ms";
            /** @description Share of page loads (0 to 1) whose value was needing improvement. */
            needs_improvement: number;
            /** @description The 75th percentile of what real users saw: ms for LCP, INP, FCP and TTFB; unitless for CLS. */
            p75: number;
            /** @description Share of page loads (0 to 1) whose value was poor. */
            poor: number;
            /** @description agree: lab and field in the same category; lab_better: the lab's category is better than real users' (the lab run flatters the page); field_better: worse. Null without a lab value. */
            verdict: ("agree" | "lab_better" | "field_better") | null;
        };
        /**
         * @description A metric GET /monitors/{monitor_id}/series plots with `source=field` (lighthouse monitors): the
         *     Chrome UX Report's p75 of real users' Largest Contentful Paint, Interaction to Next Paint, Cumulative
         *     Layout Shift, First Contentful Paint and Time to First Byte, named as the lab's vitals they stand
         *     beside (ms; CLS unitless). inp_ms has no lab series: a lab load has no interaction, and its page's
         *     chart draws it over the lab's tbt_ms, Lighthouse's proxy.
         * @enum {string}
         */
        FieldSeriesMetric: "lcp_ms" | "inp_ms" | "cls" | "fcp_ms" | "ttfb_ms";
        /** @description Heartbeats: how late a ping may come before the monitor is down (monitor.down, reason `missed`), and how long a run opened by `/start` may last (reason `run_timeout`, with the run's duration so far). At least the plan's shortest interval, as `period_seconds`. */
        HeartbeatGrace: number;
        /** @description Heartbeats: a ping is expected every this many seconds (or give `schedule`). The first is expected this long after the monitor is made. At least the plan's shortest interval (300 on free, MONITOR_MIN_INTERVAL_SECONDS on pro), as `interval_seconds`: a 400 naming `period_seconds` below it. */
        HeartbeatPeriod: number;
        HeartbeatPing: {
            /**
             * Format: date-time
             * @description When the API received it.
             */
            at: string;
            /** @description A POST's body, its first 100 KB, as UTF-8 text. */
            body: string | null;
            /** @description A run's end after its /start, once applied (within a tick): the run's duration. */
            duration_ms: number | null;
            exit_code: number | null;
            /**
             * @description /ping/{token} (success), /start, /fail, or /{code} (exit, with exit_code).
             * @enum {string}
             */
            kind: "success" | "start" | "fail" | "exit";
        };
        /**
         * @description Heartbeats: a cron expression (5 fields, or 6 with seconds first; read by croner) the job runs on, in `time_zone`; a ping is expected at each slot, plus grace. An expression croner cannot read, with no slot within a year, or with slots closer than the plan's shortest interval (300 s on free), is a 400 naming `schedule`.
         * @example 0 3 * * *
         */
        HeartbeatSchedule: string;
        /**
         * @description Heartbeats with a schedule: its IANA time zone (default UTC); an unknown one is a 400 naming `time_zone`.
         * @example Europe/Paris
         */
        HeartbeatTimeZone: string;
        /**
         * @description uptime only (other types: 400 naming the field). The request's method, GET when not given. Redirects are followed as browsers follow them: 307 and 308 repeat the request, 303 (and 301 or 302 after a POST) continue with a GET without the body.
         * @enum {string}
         */
        HttpMethod: "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS";
        Incident: {
            components: components["schemas"]["IncidentComponent"][];
            /** Format: date-time */
            created_at: string;
            /** Format: uuid */
            id: string;
            /** @description Its worst component's impact. */
            impact: null | components["schemas"]["IncidentImpact"];
            /**
             * Format: uuid
             * @description The monitor whose down opened it (a status page's `auto_incidents`); its recovery resolves it. Null when written by hand.
             */
            opened_for_monitor_id: string | null;
            /** @description Markdown. */
            postmortem: string | null;
            /**
             * Format: date-time
             * @description Its resolving update's time; null while open.
             */
            resolved_at: string | null;
            /**
             * Format: date-time
             * @description Its first update's time.
             */
            started_at: string;
            status: components["schemas"]["IncidentStatus"];
            title: string;
            /** Format: date-time */
            updated_at: string;
            /** @description Oldest first. */
            updates: components["schemas"]["IncidentUpdate"][];
        };
        IncidentComponent: {
            impact: components["schemas"]["IncidentImpact"];
            /**
             * Format: uuid
             * @description One of the team's monitors: the incident shows on every status page that shows it.
             */
            monitor_id: string;
        };
        /** @enum {string} */
        IncidentImpact: "degraded_performance" | "partial_outage" | "major_outage";
        /** @description Markdown (no raw HTML: tags written show as text; links open with `rel=nofollow noopener`; images show as their text). */
        IncidentMessage: string;
        /**
         * @description Where an incident stands: investigating, identified (the cause is known), monitoring (a fix is out), resolved.
         * @enum {string}
         */
        IncidentStatus: "investigating" | "identified" | "monitoring" | "resolved";
        IncidentUpdate: {
            /**
             * Format: date-time
             * @description When it happened, as the team tells it.
             */
            at: string;
            /**
             * Format: date-time
             * @description When it was posted.
             */
            created_at: string;
            /** Format: uuid */
            id: string;
            /** @description Markdown. */
            message: string;
            status: components["schemas"]["IncidentStatus"];
        };
        /** @description Failed and improvable audits, biggest estimated savings first, then the informative insights Lighthouse shows; each with Lighthouse's group. */
        LighthouseAudits: {
            category: string;
            display_value: string | null;
            /** @description Lighthouse's group of the audit in its category: insights, diagnostics, a11y-…; null when none. */
            group?: string | null;
            /** @description The group's title, in the report's language. */
            group_title?: string | null;
            id: string;
            savings: {
                bytes: number;
                /** @description Lighthouse 13's estimated savings per metric (LCP, FCP, TBT, CLS, INP). */
                metrics: {
                    [key: string]: number;
                };
                ms: number;
            };
            /** @description Null for an informative insight (LCP breakdown, document latency...), which Lighthouse does not score. */
            score: number | null;
            title: string;
        }[];
        /** @description Two lighthouse tests compared. */
        LighthouseComparison: components["schemas"]["ComparisonBase"] & {
            deltas?: components["schemas"]["LighthouseDeltas"];
            /** @constant */
            type?: "lighthouse";
        };
        /** @description head − base of two lighthouse tests. */
        LighthouseDeltas: {
            audits: {
                /** @description Audits whose score rose, biggest rise first. */
                better: {
                    base_score: number | null;
                    /** @description Null when the audit passed (score ≥ 0.9) or did not apply. */
                    head_score: number | null;
                    id: string;
                    title: string;
                }[];
                /** @description Audits whose score dropped, biggest drop first. */
                worse: {
                    base_score: number | null;
                    /** @description Null when the audit passed (score ≥ 0.9) or did not apply. */
                    head_score: number | null;
                    id: string;
                    title: string;
                }[];
            };
            /** @description Both tests' field data (`result.field`) side by side. Not a difference: each test keeps the 28 days of the Chrome UX Report it ran with, which move slowly, so nothing here counts as a change. */
            field: {
                /** @description Null for a test run before field data was recorded. */
                base: components["schemas"]["FieldData"] | null;
                /** @description Null for a test run before field data was recorded. */
                head: components["schemas"]["FieldData"] | null;
            };
            /** @description Per resource type; empty when either test predates the resource summary. */
            resources: {
                [key: string]: {
                    requests: components["schemas"]["Delta"];
                    transfer_bytes: components["schemas"]["Delta"];
                };
            };
            /** @description performance, accessibility, best_practices, seo, agentic-browsing (points). */
            scores: {
                [key: string]: components["schemas"]["Delta"];
            };
            structure_score: components["schemas"]["Delta"];
            /** @description Each User Timing name either test recorded: a measure's duration, or a mark's start (ms). */
            user_timings?: {
                [key: string]: components["schemas"]["Delta"];
            };
            /** @description As in `vitals`: milliseconds, CLS unitless. */
            vitals: {
                [key: string]: components["schemas"]["Delta"];
            };
        };
        /** @description What a lighthouse run found beyond its scores. */
        LighthouseResult: {
            blocked_requests: {
                host: string;
                port: number;
                /** @description The kind of address the host resolves to (loopback, private, link-local...); never the address itself. */
                reason: string;
            }[];
            /** @description Each `block_urls` pattern and how many of the page's requests it kept in Chromium. */
            blocked_urls?: {
                pattern: string;
                requests: number;
            }[];
            /** @description What real Chrome users saw of the test's URL (Chrome UX Report, 28 days, the test's device), each metric beside the representative run's lab value with a verdict. Absent on tests run before it was recorded. */
            field?: components["schemas"]["FieldData"];
            final_url: string;
            /** @description Requests in the HAR. */
            requests: number;
            /** @description Requests and bytes transferred per resource type (document, script, stylesheet, image, font, media, other, third-party, total), from Lighthouse's resource summary. Absent on tests run before it was recorded. */
            resources?: {
                [key: string]: {
                    requests: number;
                    transfer_bytes: number;
                };
            };
            /** @description A user flow's steps: navigations with their scores and vitals, timespans with their INP, CLS and TBT. The test's own figures are the last navigation's. */
            steps?: {
                description: string;
                /** @description 0 is loading the test URL; then the steps in order, from 1. */
                index: number;
                /** @description A timespan's interaction, at its end_timespan step. */
                interaction?: {
                    /** @description What slowed the slowest interaction: INP's input delay, processing time and presentation delay (Lighthouse's INP breakdown), and the scripts that ran longest (the page's long-animation-frame entries). */
                    attribution?: {
                        input_delay_ms: number | null;
                        presentation_delay_ms: number | null;
                        processing_ms: number | null;
                        /** @description The longest scripts of the long animation frames (over 50 ms) during the timespan, longest first, at most 5. Collected out of the page's reach; URL, function and invoker are the page's own text, cut to 200 characters (ending in …). */
                        scripts: {
                            duration_ms: number;
                            function: string | null;
                            /** @description What ran it, e.g. BUTTON#menu.onclick. */
                            invoker: string | null;
                            url: string | null;
                        }[];
                    };
                    cls: number | null;
                    inp_ms: number | null;
                    tbt_ms: number | null;
                };
                scores?: {
                    [key: string]: number | null;
                };
                /** @enum {string} */
                type: "load" | "navigate" | "click" | "type" | "wait_for" | "wait" | "start_timespan" | "end_timespan";
                vitals?: {
                    [key: string]: number | null;
                };
            }[];
            /** @description The page's User Timing marks and measures (performance.mark, performance.measure), from Lighthouse's user-timings audit: measures first, then marks, each by start. Names starting goog_ are left out, as Lighthouse does. At most the first 50; `user_timings_truncated` says what was left out. Absent on tests run before it was recorded. */
            user_timings?: components["schemas"]["UserTiming"][];
            /** @description Present when the page recorded more User Timing entries, or longer names, than the result keeps. */
            user_timings_truncated?: {
                /** @description Entries left out after the first 50. */
                dropped: number;
                /** @description Names kept but cut to 100 characters. */
                names_cut: number;
            };
            /** @description With `repeat_view`: the first run (cache empty) and a second load with the cache warm, as WebPageTest shows first and repeat view. */
            views?: components["schemas"]["LighthouseView"][];
            /** @description Lighthouse's run warnings. */
            warnings: string[];
        };
        /** @description One run of a lighthouse test of several (`runs`). */
        LighthouseRun: {
            /** @description 1 for the first run, in the order they ran. */
            index: number;
            performance_score: number | null;
            /** @description Whether this run is the test's: the one closest to the median FCP and time to interactive. */
            representative: boolean;
            vitals: {
                cls: number | null;
                fcp_ms: number | null;
                interactive_ms: number | null;
                lcp_ms: number | null;
                speed_index_ms: number | null;
                tbt_ms: number | null;
                ttfb_ms: number | null;
            };
        };
        /** @description A test of type lighthouse (Speed test). */
        LighthouseTest: components["schemas"]["TestBase"] & {
            audits?: null | components["schemas"]["LighthouseAudits"];
            /** @description Null until the test completes. */
            result?: null | components["schemas"]["LighthouseResult"];
            /** @constant */
            type?: "lighthouse";
        };
        /** @description A load of the page: first (cache empty) or repeat (cache warm). */
        LighthouseView: {
            performance_score: number | null;
            /** @description Requests in Lighthouse's resource summary. */
            requests: number;
            /** @description Bytes transferred over the network (a resource from the cache: none). */
            transfer_bytes: number;
            /** @enum {string} */
            view: "first" | "repeat";
            vitals: {
                [key: string]: number | null;
            };
        };
        /** @description lighthouse only (other types: 400 naming the field). The page's language (BCP 47): Accept-Language and navigator.language, and the language of Lighthouse's own report (`lighthouse_html`, and the titles in `audits`), where Lighthouse has it (else the nearest, English at worst). */
        Locale: string;
        Location: {
            /** @description The location's id, as workers give it in LOCATION. */
            id: string;
            /** @description Its name for people (LOCATION_NAME), or its id. */
            name: string;
            /** @description Live workers by kind of test. */
            workers: {
                [key: string]: number;
            };
        };
        LocationIds: string[];
        MaintenanceWindow: {
            /** @description Whether it holds its monitors' alerts now. */
            active: boolean;
            /** Format: date-time */
            created_at: string;
            duration_minutes: number | null;
            /** Format: date-time */
            ends_at: string | null;
            /** Format: uuid */
            id: string;
            /** @description Its stable name in a configuration file (`pageprobe.yaml`), unique per team among its kind; null when it has none. */
            key: string | null;
            /** @description The configuration file that manages it (POST /config/apply), e.g. `pageprobe.yaml`; null when made by hand. The dashboard warns before changing a managed resource. */
            managed_by: string | null;
            monitors: string[];
            name: string;
            /** @description Its next occurrences (the one running now first), at most 5. */
            next: {
                /** Format: date-time */
                end: string;
                /** Format: date-time */
                start: string;
            }[];
            rrule: string | null;
            /** Format: date-time */
            starts_at: string;
            tags: string[];
            time_zone: string;
            /** Format: date-time */
            updated_at: string;
        };
        Monitor: {
            alert: {
                certificate_alert_days: number;
                down_after: number;
                regression_points: number;
                remind_every_minutes: number | null;
            };
            alert_channels: string[];
            assertions: Record<string, never> | null;
            /** @description SVG badges in shields.io's flat style, for a README, served under a token of their own that opens the badges only, never the monitor's page (`POST /monitors/{id}/rotate-token` with `badges` makes a new one), with Cache-Control (60 s). Colours follow the thresholds in the README. `response_time` is on uptime monitors, `performance_score` on lighthouse ones, `structure_score` on seo_crawl ones. */
            badges: {
                /** Format: uri */
                performance_score?: string;
                /** Format: uri */
                response_time?: string;
                /** Format: uri */
                status: string;
                /** Format: uri */
                structure_score?: string;
                /** Format: uri */
                uptime_7d: string;
                /** Format: uri */
                uptime_24h: string;
                /** Format: uri */
                uptime_30d: string;
            };
            callback_url: string | null;
            consecutive_failures: number;
            /** Format: date-time */
            created_at: string;
            /**
             * Format: date-time
             * @description Heartbeats: when it is down unless a ping comes (the period or the schedule's next slot, plus grace; a started run's start plus grace). Null while paused.
             */
            deadline_at?: string | null;
            /** @description Beside `uptime_percent`, on the same GET and windows: the share of checks that were degraded (up, but an expectation of severity degraded failed). They count as up in `uptime_percent`. */
            degraded_percent: {
                "7d": number | null;
                "24h": number | null;
                "30d": number | null;
                "90d": number | null;
            } | null;
            depends_on: components["schemas"]["MonitorDependencies"];
            device: components["schemas"]["Device"];
            /** @description Whether monitor.down was raised and no monitor.recovered since. */
            down: boolean;
            grace_seconds?: number | null;
            /** Format: uuid */
            id: string;
            /** @description Uptime monitors on GET /monitors/{monitor_id}: its down periods, from the first failed check to the first good one after it, newest first (at most 50). */
            incidents: {
                /**
                 * Format: date-time
                 * @description Null while it lasts.
                 */
                ended_at: string | null;
                /** @description It began during a maintenance window. */
                maintenance?: boolean;
                reason: string;
                /** Format: date-time */
                started_at: string;
            }[] | null;
            interval_seconds: number;
            /** @description Its stable name in a configuration file (`pageprobe.yaml`), unique per team among its kind; null when it has none. */
            key: string | null;
            /**
             * Format: date-time
             * @description Heartbeats: the latest ping applied.
             */
            last_ping_at?: string | null;
            /** Format: date-time */
            last_run_at: string | null;
            /** @enum {string} */
            location_mode?: "every" | "round_robin";
            /** @description Checked from locations: each one's state and uptime (uptime_percent is then across all of their checks). Null: the default location alone. */
            locations?: components["schemas"]["MonitorLocation"][] | null;
            /** @description The configuration file that manages it (POST /config/apply), e.g. `pageprobe.yaml`; null when made by hand. The dashboard warns before changing a managed resource. */
            managed_by: string | null;
            name: string | null;
            /**
             * Format: date-time
             * @description Null while paused.
             */
            next_run_at: string | null;
            options: components["schemas"]["ShownOptions"];
            /** @description user, out_of_credits, url_not_allowed, target_errors, key_revoked (the key that created or last resumed it was revoked) or secrets_unreadable (its sealed values open with no configured key); null while active. */
            paused_reason: string | null;
            period_seconds?: number | null;
            /**
             * Format: uri
             * @description Heartbeats: where the job pings, with no key (GET, HEAD or POST; `/start`, `/fail`, `/{exit status}` after it). The token is its only key: rotate it with `POST /monitors/{id}/rotate-token` (`ping`). Only a write key gets it: for a read key it is null, as a viewer in the dashboard does not see it. A heartbeat's `url` is a placeholder, never this (the monitor's page shows `url`).
             */
            ping_url?: string | null;
            public_page: components["schemas"]["PublicPage"];
            /** @description Failed locations that make it down; null without locations. */
            quorum?: number | null;
            /**
             * Format: uri
             * @description The monitor's page, for anyone with the link (an unguessable token, like a test's report): its URL, state, 90 daily bars, charts over 24 h to 1 y, incidents, alerts sent and latest runs with their reports. Share it as you would those; `POST /monitors/{id}/rotate-token` with `page` makes a new one. While `public_page` is false the link answers 404.
             */
            report_url: string;
            /**
             * Format: date-time
             * @description Heartbeats: the `/start` of a run not yet ended.
             */
            run_started_at?: string | null;
            runs: number;
            schedule?: string | null;
            /** @description Scheduled runs skipped because the run before was still in flight (a slow site or a busy worker; a monitor never runs twice at once), or missed while the service could not run them (an outage, a failover; the late slot then runs once). */
            skipped_runs: number;
            /**
             * @description What it is now: `down` (monitor.down raised, no recovery since), `degraded` (up, but its last `down_after` checks or more failed expectations of `severity: degraded`; monitor.degraded raised), `up`, `paused`, or `pending` before its first check.
             * @enum {string}
             */
            state: "up" | "degraded" | "down" | "paused" | "pending";
            /** @enum {string} */
            status: "active" | "paused";
            tags: string[];
            time_zone?: string | null;
            type: components["schemas"]["MonitorType"];
            /** Format: date-time */
            updated_at: string;
            /** @description Uptime monitors on GET /monitors/{monitor_id}: the share of good checks, in percent to 3 decimals, over the last 24 hours (from per-minute rollups), 7, 30 and 90 days (from hourly rollups); null for a window without checks. */
            uptime_percent: {
                "7d": number | null;
                "24h": number | null;
                "30d": number | null;
                "90d": number | null;
            } | null;
            url: string;
        };
        MonitorAlert: {
            /** @description Its delivery to the monitor's callback_url; null without one. */
            callback: {
                /** @enum {string} */
                state?: "pending" | "delivered" | "failed";
            } | null;
            /** @description Its deliveries to the monitor's alert channels. */
            channels: {
                /** Format: uuid */
                id: string;
                /** @enum {string} */
                state: "pending" | "delivered" | "failed";
            }[];
            /** Format: date-time */
            created_at: string;
            /** @description What raised it; for an uptime monitor's check, the check as `check` (see AlertPayload). */
            details: {
                check?: components["schemas"]["AlertCheck"];
            } & {
                [key: string]: unknown;
            };
            /** @enum {string} */
            event: "monitor.down" | "monitor.recovered" | "monitor.regressed" | "monitor.paused" | "monitor.certificate_expiring" | "monitor.field_regressed" | "monitor.degraded";
            /** Format: uuid */
            id: string;
            reason: string;
            /**
             * Format: uuid
             * @description The run that raised it; null for an uptime monitor's check (not a test) and a pause raised before a run.
             */
            test_id: string | null;
        };
        /** @description One check of a monitor, as GET /monitors/{monitor_id}/checks lists it; `test_id` tells the two apart. */
        MonitorCheck: components["schemas"]["MonitorUptimeCheck"] | components["schemas"]["MonitorRunCheck"];
        /** @description The monitors (ids, the team's) it depends on. While one of them is down (or failing), its own failed checks are recorded as usual but alert no one and open no status-page incident: each names that monitor as `suppressed_by`, in the checks' list and in its held alert (`details.held.reason` `parent_down`). If it is still down once that monitor has been up for its own `down_after` checks, its monitor.down is sent then; a down never sent sends no recovery. A cycle (itself, directly or through others) is a 422 `dependency_cycle` naming the monitors along it. */
        MonitorDependencies: string[];
        /** @description GET /monitors/{monitor_id}/series with source=field: a CrUX metric's weekly p75s of the monitor's URL. */
        MonitorFieldSeries: {
            /** @description The deploys that cover the monitor in the range (issue 62): a chart marks each. */
            annotations: components["schemas"]["SeriesAnnotation"][];
            /** @description Whose figures the points are, or why there are none. */
            field: {
                /** @constant */
                available: true;
                /**
                 * @description The monitor's device: PHONE for mobile, DESKTOP for desktop.
                 * @enum {string}
                 */
                form_factor: "PHONE" | "DESKTOP";
                /** @description The URL or origin CrUX answered for, as CrUX writes it. */
                key: string;
                /**
                 * @description url: the page's own history; origin: its whole site's, when the page has too few visits.
                 * @enum {string}
                 */
                scope: "url" | "origin";
            } | {
                /** @constant */
                available: false;
                /**
                 * @description not_enough_data: CrUX has no history of the page nor its origin on this device; no_api_key: the service has no CrUX key; rate_limited: the key's quota was spent; api_error: CrUX failed or did not answer in time.
                 * @enum {string}
                 */
                reason: "no_api_key" | "not_enough_data" | "rate_limited" | "api_error";
            };
            /**
             * Format: date-time
             * @description The `from` asked, else the first point's first day; null with neither.
             */
            from: string | null;
            metric: components["schemas"]["FieldSeriesMetric"];
            /** @description Oldest first; a period CrUX has no figure of has no point. */
            points: {
                /**
                 * Format: date-time
                 * @description The collection period's last day, 00:00 UTC: the figures are of the 28 days up to it.
                 */
                at: string;
                /**
                 * @description The p75's category by the Core Web Vitals thresholds (LCP 2,500/4,000 ms, INP 200/500 ms, CLS 0.1/0.25, FCP 1,800/3,000 ms, TTFB 800/1,800 ms).
                 * @enum {string}
                 */
                category: "good" | "needs_improvement" | "poor";
                collection_period: components["schemas"]["CollectionPeriod"];
                /** @description Share of page loads that were good. */
                good: number;
                /** @description Share of page loads needing improvement. */
                needs_improvement: number;
                /** @description The 75th percentile of what real users saw: ms, CLS unitless. */
                p75: number;
                /** @description Share of page loads that were poor. */
                poor: number;
                /** @description The p75 (as `p75`), for clients that plot `value`. */
                value: number;
            }[];
            /**
             * @description CrUX History's step: a collection period of 28 days, one a week (published on Mondays).
             * @constant
             */
            resolution: "week";
            /** @constant */
            source: "field";
            /**
             * Format: date-time
             * @description The `to` asked, else the last point's day; null with neither.
             */
            to: string | null;
        };
        /** @description A location a monitor checks from: what its last check found, and its own uptime. */
        MonitorLocation: {
            /** Format: date-time */
            last_check_at: string | null;
            location: string;
            /**
             * @description not_reporting: no check from it lately (its workers are gone); it does not count as a failure.
             * @enum {string}
             */
            state: "up" | "down" | "not_reporting" | "waiting";
            /** @description Percent of its checks that passed over 24 h. */
            uptime_24h: number | null;
        };
        /** @description What people call it in the dashboard, alerts and lists (searched with the URL and tags). */
        MonitorName: string;
        MonitorReportBody: {
            checks: components["schemas"]["ReportFigures"];
            /** @description Degraded checks over all, 3 decimals. */
            degraded_percent: number | null;
            downtime_seconds: number;
            /** Format: date-time */
            from: string;
            incidents: components["schemas"]["ReportIncident"][];
            recovery: components["schemas"]["ReportRecovery"];
            /** Format: date-time */
            to: string;
            /** @description Good checks over all, 3 decimals; null without checks. */
            uptime_percent: number | null;
        };
        /** @description A lighthouse, seo_crawl or browser monitor's run, a test (in full at GET /tests/{test_id}), summed up. */
        MonitorRunCheck: {
            /**
             * Format: date-time
             * @description When the run started (when it was made, until it starts).
             */
            at: string;
            /** @description Against the monitor's assertions; null without any, or until it completes. */
            passed: boolean | null;
            performance_score: number | null;
            scores: {
                [key: string]: number;
            } | null;
            /**
             * Format: date-time
             * @description When the run was made.
             */
            slot: string;
            status: components["schemas"]["TestStatus"];
            structure_score: number | null;
            /** Format: uuid */
            test_id: string;
        };
        MonitorSeries: {
            /** @description The deploys that cover the monitor in the range (issue 62): a chart marks each. */
            annotations: components["schemas"]["SeriesAnnotation"][];
            /** Format: date-time */
            from: string;
            metric: components["schemas"]["SeriesMetric"];
            points: {
                /**
                 * Format: date-time
                 * @description The start of the point's minute, hour or day (UTC).
                 */
                at: string;
                /** @description How many runs or checks had a value. */
                count: number;
                max: number;
                min: number;
                /** @description The median, from a log-bucket histogram (within 2% of the exact value, within [min, max]). */
                p50: number;
                /** @description The 95th percentile, from a log-bucket histogram (within 2% of the exact value, within [min, max]). */
                p95: number;
                /** @description The mean of the period's values. */
                value: number;
            }[];
            /**
             * @description The rollup level of the points, the finest whose points over [from, to] number at most 500.
             * @enum {string}
             */
            resolution: "minute" | "hour" | "day";
            /**
             * @description The monitor's runs and checks (source=lab, the default).
             * @constant
             */
            source?: "lab";
            /** Format: date-time */
            to: string;
        };
        /** @description Labels of the team's choosing; maintenance windows pick monitors by them. */
        MonitorTags: string[];
        /** @description What a monitor runs: a kind of test (TestType), or `heartbeat`, a monitor told by pings from a job rather than asking (POST /tests refuses it). */
        MonitorType: components["schemas"]["TestType"] | "heartbeat";
        /** @description An uptime monitor's check. Not a test: no credits, no report, no test row. */
        MonitorUptimeCheck: {
            /**
             * Format: date-time
             * @description When the check started.
             */
            at: string;
            /** @description Days until the TLS certificate expires; null over plain HTTP or when none was read. */
            certificate_days_remaining: number | null;
            /** @description Up, but an expectation of `severity: degraded` failed (it counts as up in uptime, and apart as degraded). */
            degraded?: boolean;
            /** @description Where it ran from (each location's check of a slot is one item). */
            location?: string;
            /** @description It ran during a maintenance window, so it counts neither up nor down (left out of uptime percentages, day bars and charts). */
            maintenance?: boolean;
            /** @description Against the monitor's assertions; null without any. */
            passed: boolean | null;
            /**
             * @description Why it found the site down; null when up. A heartbeat's: `missed` (no ping by the deadline; `slot` is the deadline), `run_failed` (/fail or a non-zero exit status), `run_timeout` (a /start not ended within the grace; `total_ms` is the run's duration so far).
             * @enum {string|null}
             */
            reason: "dns_error" | "connection_refused" | "connection_reset" | "timeout" | "tls_error" | "http_error" | "expectation_failed" | "nxdomain" | "servfail" | "refused" | "no_answer" | "missed" | "run_failed" | "run_timeout" | "extract_failed" | "missing_value" | "smtp_error" | null;
            /**
             * Format: date-time
             * @description The scheduled time it ran for (its key).
             */
            slot: string;
            /**
             * @description Only finished checks are kept.
             * @enum {string}
             */
            status: "completed";
            status_code: number | null;
            /**
             * Format: uuid
             * @description It failed while this monitor, one it depends on (`depends_on`), was down: recorded as usual, but its alerts were held. Null otherwise.
             */
            suppressed_by?: string | null;
            test_id: null;
            timings_ms: {
                connect: number | null;
                dns: number | null;
                download: number | null;
                first_byte: number | null;
                tls: number | null;
                total: number | null;
            };
            /** @description The same as `timings_ms.total`. */
            total_ms: number | null;
            /** @description A 2xx or 3xx final answer. */
            up: boolean;
        };
        MonitorUptimeReport: components["schemas"]["MonitorReportBody"] & {
            monitor: {
                /** Format: uuid */
                id: string;
                name: string | null;
                url: string;
            };
        };
        /** @description Two multistep tests compared. */
        MultistepComparison: components["schemas"]["ComparisonBase"] & {
            deltas?: components["schemas"]["MultistepDeltas"];
            /** @constant */
            type?: "multistep";
        };
        /** @description head − base of two multistep checks. */
        MultistepDeltas: {
            duration_ms: components["schemas"]["Delta"];
            /** @description Each request both checks made, by its name: its total time. */
            steps: {
                [key: string]: components["schemas"]["Delta"];
            };
            up: {
                base: boolean | null;
                /** @enum {string} */
                change: "better" | "worse" | "same";
                head: boolean | null;
            };
        };
        /**
         * @description A value from the answer for the requests after it: `json` a singular JSONPath's value (names and
         *     indexes only, `$.data.token`; an object or array as its JSON), `header` a header's value, `body`
         *     an RE2 pattern's first group (else its whole match). Nothing found fails the check at this step,
         *     `extract_failed`. At most 8192 characters.
         */
        MultistepExtract: {
            /** @description header: the header's name. */
            header?: string;
            /** @description Used as {{name}} (not vars or secrets). */
            name: string;
            /** @description json: a singular JSONPath. */
            path?: string;
            /** @description body: an RE2 pattern. */
            pattern?: string;
            /** @enum {string} */
            source: "json" | "header" | "body";
        };
        MultistepRequest: {
            body?: components["schemas"]["RequestBody"];
            content_type?: components["schemas"]["RequestContentType"];
            /** @description Checks of this request's answer (sources status, header, body, json, response_time), as an uptime check's `expect`. */
            expect?: components["schemas"]["Expectation"][];
            extract?: components["schemas"]["MultistepExtract"][];
            /** @description Sent with this request, on every hop. Shown as written: put a credential in a secret (`Bearer {{secrets.TOKEN}}`). */
            headers?: {
                [key: string]: string;
            };
            method?: components["schemas"]["HttpMethod"];
            /** @description The step's name in results, alerts and its series (`step:<name>`); default its method and path, `POST /login`. Unique in the check. */
            name?: string;
            /** @description An absolute http(s) URL, or a path relative to the test's `url`; may hold placeholders. */
            url: string;
        };
        /**
         * @description multistep only, and required there (other types: 400 naming the field): the requests of a multistep
         *     API check, in order, each through the same egress guard as an uptime check, within one budget
         *     (MULTISTEP_TIMEOUT_MS, 30 s). A request is up on a 2xx or 3xx answer (or as its status expectation
         *     asks) that meets its `expect`; the first that is not ends the check, down, with `failed_step` and an
         *     `error` naming it (`Step 2 "POST /token" failed: HTTP 500`); the requests after it are skipped.
         *     A request's `extract` takes values from its answer for the requests after it, used there as
         *     `{{name}}` in the URL, the headers and the body (a name no earlier request extracts is a 400). The
         *     team's variables and secrets are `{{vars.NAME}}` and `{{secrets.NAME}}`; whatever a check shows
         *     has each secret's value as "[redacted]", and extracted values are never kept (their names are).
         *     A `url` is absolute or relative to the test's `url`; one without placeholders is held to the address
         *     policy when written (400 `url_not_allowed` naming `requests.N.url`), and every request's every hop
         *     is held to it again when it connects.
         */
        MultistepRequests: components["schemas"]["MultistepRequest"][];
        /** @description A multistep API check: each request in order, and the first that failed. */
        MultistepResult: {
            /** @description Every request’s time, end to end. */
            duration_ms: number;
            /** @description Why it is down, naming the step: `Step 2 "POST /token" failed: HTTP 500`. */
            error: string | null;
            /** @description The first failed request, counted from 1. */
            failed_step: number | null;
            reason: ("dns_error" | "connection_refused" | "connection_reset" | "timeout" | "tls_error" | "http_error" | "expectation_failed" | "extract_failed" | "missing_value") | null;
            /** @description The failed request’s status, else the last one’s. */
            status_code: number | null;
            steps: components["schemas"]["MultistepStepResult"][];
            /** @description Every request answered 2xx or 3xx (or as its status expectation asks) and met its expectations. */
            up: boolean;
        };
        /** @description One request of a multistep check. */
        MultistepStepResult: {
            error: string | null;
            expectations?: components["schemas"]["ExpectationResult"][];
            /** @description The names of the values it gave the requests after it; the values are never kept. */
            extracted: string[];
            method: string;
            /** @description The request’s name, or its method and path. */
            name: string;
            size_bytes: number | null;
            /** @enum {string} */
            status: "passed" | "failed" | "skipped";
            status_code: number | null;
            timings_ms: {
                connect: number | null;
                dns: number | null;
                download: number | null;
                first_byte: number | null;
                tls: number | null;
                total: number | null;
            };
            /** @description The address asked, its placeholders filled (a secret’s value shown `[redacted]`). */
            url: string;
        };
        /** @description A test of type multistep (Multistep API check). */
        MultistepTest: components["schemas"]["TestBase"] & {
            audits?: null;
            /** @description Null until the test completes. */
            result?: null | components["schemas"]["MultistepResult"];
            /** @constant */
            type?: "multistep";
        };
        Problem: {
            code: string;
            detail?: string;
            errors?: {
                /** @description POST /config/plan and /config/apply: the field at fault, dotted within the entry. */
                field?: string;
                /** @description POST /config/plan and /config/apply: the key of the entry at fault (null when it has none). */
                key?: string | null;
                message: string;
                path: string;
                /**
                 * @description POST /config/plan and /config/apply: the kind of the entry at fault.
                 * @enum {string}
                 */
                resource?: "alert_channel" | "monitor" | "maintenance_window" | "status_page" | "rum_site";
            }[];
            status: number;
            title: string;
            /** Format: uri */
            type: string;
        };
        /** @description true: anyone with the monitor's page link (`report_url`) sees the page. false: the page is private, for the team's signed-in members only (in the dashboard, `{DASHBOARD_BASE_URL}/monitors/{id}`), and its link answers 404 until it is public again. Status pages and badges stay public either way. */
        PublicPage: boolean;
        PutVariable: {
            /** @description Seal it (default: the existing variable's kind, or false for a new one). */
            secret?: boolean;
            /** @description At most 4096 bytes as UTF-8. */
            value: string;
        };
        QuotaCount: {
            limit: number;
            remaining: number;
            used: number;
        };
        /** @description lighthouse only: after the first run, load the page again in the same browser with its cache warm, as WebPageTest's first and repeat view do. The test's `result.views` then has a `first` and a `repeat` entry with the same figures (scores, vitals, requests, bytes transferred). Charged as a run. Not with `steps` (400). The test's own figures and artifacts stay the first view's (or the representative run's). */
        RepeatView: boolean;
        ReplayedTest: components["schemas"]["Test"] & {
            /** @constant */
            replayed: true;
        };
        ReportFigures: {
            /** @description Up, but an expectation of severity degraded failed. */
            degraded: number;
            down: number;
            /** @description Checks (or runs) in the range, maintenance left out. */
            total: number;
            /** @description Good ones, degraded ones included. */
            up: number;
        };
        ReportIncident: {
            /** @description Its length within the range. */
            duration_seconds: number;
            /** Format: date-time */
            ended_at: string | null;
            maintenance: boolean;
            reason: string;
            /** Format: date-time */
            started_at: string;
        };
        ReportRecovery: {
            longest_seconds: number | null;
            mean_seconds: number | null;
            /** @description Incidents that ended within the range (maintenance ones left out). */
            recovered: number;
        };
        /** @description uptime only: sent with `method` (not with GET or HEAD: 400), at most 64 KB as UTF-8. Not secret: the test and monitor show it with their options, so put credentials in `headers` (sealed) instead. */
        RequestBody: string;
        /** @description uptime only: the Content-Type `body` is sent with (text/plain; charset=utf-8 when not given); only with a body. */
        RequestContentType: string;
        /** @description Cookies of the tested host (host-only; `domain`, when given, must be that host). Values are secret. */
        RequestCookies: {
            domain?: string;
            name: string;
            path?: string;
            value: string;
        }[];
        /** @description Headers sent with every request to the test's own origin (scheme, host and port), never to other origins, redirects elsewhere or callbacks. Not hop-by-hop headers, Host, Content-Length, Cookie (use `cookies`), `Proxy-*` or `Sec-*`. Values are secret: stored sealed, shown as "[redacted]". */
        RequestHeaders: {
            [key: string]: string;
        };
        RotateMonitorToken: {
            /**
             * @description Which link gets a new token: the monitor's page (`report_url`), its badges (`badges`) or a heartbeat's `ping_url` (the old one answers 404 within 30 s on every replica).
             * @enum {string}
             */
            token: "page" | "badges" | "ping";
        };
        RumAlert: {
            /** Format: date-time */
            created_at: string;
            details: components["schemas"]["RumAlertDetails"];
            /** @enum {string} */
            event: "rum.regressed" | "rum.recovered";
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            metric: "lcp_ms" | "inp_ms" | "cls" | "fcp_ms" | "ttfb_ms";
            /**
             * @description rating_worse: a worse rating than last recorded (budget or not); over_budget: past the site's budget; recovered: back.
             * @enum {string}
             */
            reason: "rating_worse" | "over_budget" | "recovered";
            /** Format: uuid */
            site_id: string;
        };
        /** @description The team's latest `production` deploy within its `deploy_alert_window_minutes` before a rum.regressed. */
        RumAlertDeploy: {
            commit: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: uri */
            dashboard_url: string;
            environment: string;
            /** Format: uuid */
            id: string;
            url: string | null;
            version: string;
        };
        RumAlertDetails: {
            /** @description The site's budget for the metric, if it set one. */
            budget: number | null;
            deploy?: components["schemas"]["RumAlertDeploy"];
            /** Format: date-time */
            from: string;
            /** @enum {string} */
            metric: "lcp_ms" | "inp_ms" | "cls" | "fcp_ms" | "ttfb_ms";
            over_budget: boolean;
            /** @description The metric's p75 over the window (ms; CLS unitless), from its histogram. */
            p75: number;
            /** @description Page views in the window with a value for the metric. */
            page_views: number;
            /** @description The rating last recorded; null at a site's first look (a budget already passed). */
            previous_rating: null | components["schemas"]["RumRating"];
            rating: components["schemas"]["RumRating"];
            /** Format: date-time */
            to: string;
            window_minutes: number;
        };
        RumAlertPayload: {
            alert: {
                /** Format: date-time */
                created_at: string;
                /**
                 * Format: uuid
                 * @description Key for de-duplication (GET /rum/sites/{site_id}/alerts).
                 */
                id: string;
                /** @enum {string} */
                reason: "rating_worse" | "over_budget" | "recovered";
            };
            budget: number | null;
            deploy?: components["schemas"]["RumAlertDeploy"];
            /** @enum {string} */
            event: "rum.regressed" | "rum.recovered";
            /** @enum {string} */
            metric: "lcp_ms" | "inp_ms" | "cls" | "fcp_ms" | "ttfb_ms";
            over_budget: boolean;
            p75: number;
            page_views: number;
            previous_rating: null | components["schemas"]["RumRating"];
            rating: components["schemas"]["RumRating"];
            site: {
                /** Format: uuid */
                id: string;
                name: string;
            };
            /**
             * Format: uri
             * @description The site's page in the dashboard.
             */
            url: string;
            window: {
                /** Format: date-time */
                from: string;
                minutes: number;
                /** Format: date-time */
                to: string;
            };
        };
        RumAttribution: {
            /** Format: date-time */
            from: string;
            /** @enum {string} */
            metric: "lcp_ms" | "inp_ms" | "cls";
            page_group: string | null;
            /** Format: uuid */
            site_id: string;
            targets: {
                /** @description The metric's average over those page views. */
                avg: number;
                page_views: number;
                /** @description Each phase's average in ms. */
                phases: {
                    [key: string]: number;
                };
                slow_page_views: number;
                slow_share: number;
                /** @description A CSS selector; empty when the page view named none. */
                target: string;
            }[];
            /** Format: date-time */
            to: string;
        };
        /** @description One metric's figures over a bucket or a window: percentiles from log-bucket histograms, shares counted exactly. */
        RumFigures: {
            /** @description Share of page views that were good. */
            good: number;
            /** @description Share of page views needing improvement. */
            needs_improvement: number;
            p50: number;
            /** @description The figure the Core Web Vitals are judged by. */
            p75: number;
            p95: number;
            /** @description Page views that measured the metric (an INP needs an interaction). */
            page_views: number;
            /** @description Share of page views that were poor. */
            poor: number;
        };
        /**
         * @description A Web Vital real users' beacons carry: ms, CLS unitless.
         * @enum {string}
         */
        RumMetric: "lcp_ms" | "inp_ms" | "cls" | "fcp_ms" | "ttfb_ms";
        /** @description A lighthouse monitor of the team whose URL's origin is one of the site's origins. */
        RumMonitorRef: {
            /** @enum {string} */
            device: "mobile" | "desktop";
            /** Format: uuid */
            id: string;
            name: string | null;
            url: string;
        };
        /** @description A bucket's figures (as RumFigures), at the start of its minute, hour or day. */
        RumPoint: {
            /** Format: date-time */
            at: string;
            good: number;
            needs_improvement: number;
            p50: number;
            p75: number;
            p95: number;
            page_views: number;
            poor: number;
        };
        /** @enum {string} */
        RumRating: "good" | "needs_improvement" | "poor";
        RumSeries: {
            /** @description The deploys in the window that cover one of the lab monitors or name none: a chart marks each. */
            annotations: components["schemas"]["SeriesAnnotation"][];
            /** @enum {string|null} */
            by: "page_group" | "device" | "country" | null;
            /** @description CrUX's figures of each lab monitor's URL and device, or why there are none. */
            field: {
                field: {
                    /** @constant */
                    available: true;
                    /** @enum {string} */
                    form_factor: "PHONE" | "DESKTOP";
                    key: string;
                    /** @enum {string} */
                    scope: "url" | "origin";
                } | {
                    /** @constant */
                    available: false;
                    /** @enum {string} */
                    reason: "no_api_key" | "not_enough_data" | "rate_limited" | "api_error";
                };
                /** @description The newest period up to `to` (a window shorter than a week holds none). */
                latest: {
                    /** Format: date-time */
                    at: string;
                    /** @enum {string} */
                    category: "good" | "needs_improvement" | "poor";
                    p75: number;
                } | null;
                monitor: components["schemas"]["RumMonitorRef"];
                /** @description Weekly collection periods ending in the window: each the 28 days' p75. */
                points: {
                    /** Format: date-time */
                    at: string;
                    /** @enum {string} */
                    category: "good" | "needs_improvement" | "poor";
                    good: number;
                    needs_improvement: number;
                    p75: number;
                    poor: number;
                }[];
            }[];
            /** @description The filters applied. */
            filters: {
                country?: string;
                device?: string;
                page_group?: string;
            };
            /** Format: date-time */
            from: string;
            /** @description Each lab monitor's series of the metric (none for INP). */
            lab: {
                monitor: components["schemas"]["RumMonitorRef"];
                points: {
                    /** Format: date-time */
                    at: string;
                    count: number;
                    p50: number;
                    p95: number;
                    /** @description The runs' mean in the bucket. */
                    value: number;
                }[];
                /** @enum {string} */
                resolution: "minute" | "hour" | "day";
            }[];
            /** @description Why `lab` is empty for this metric (INP). */
            lab_note?: string;
            metric: components["schemas"]["RumMetric"];
            /** @description Oldest first; a bucket without page views has no point. */
            points: components["schemas"]["RumPoint"][];
            /** @enum {string} */
            resolution: "minute" | "hour" | "day";
            /** Format: uuid */
            site_id: string;
            /** @description With `by`: a series per value, the most page views first, then `other`; empty without `by`. */
            splits: {
                points: components["schemas"]["RumPoint"][];
                summary: components["schemas"]["RumFigures"] | null;
                value: string;
            }[];
            /** @description The whole window's figures; null without page views. */
            summary: components["schemas"]["RumFigures"] | null;
            /** @description Good at or below `good`, poor above `poor`, needs improvement between. */
            thresholds: {
                good: number;
                poor: number;
            };
            /** Format: date-time */
            to: string;
            /** @enum {string} */
            unit: "ms" | "unitless";
        };
        /**
         * @example {
         *       "id": "01936f3e-7a7a-7c2d-9e8f-0a1b2c3d4e5f",
         *       "name": "Shop",
         *       "site_key": "rum_Q2hvb3NlIGEgbmFtZSBoZQ",
         *       "origins": [
         *         "https://shop.example.com"
         *       ],
         *       "sample_rate": 1,
         *       "page_groups": [],
         *       "keep_query_strings": false,
         *       "budgets": {},
         *       "alert_channels": [],
         *       "alert": {
         *         "window_minutes": 60,
         *         "min_page_views": 50
         *       },
         *       "beacons_per_minute": 60000,
         *       "snippet": "<script async src=\"https://pageprobe.example.com/rum/v1/beacon.js\" data-site=\"rum_Q2hvb3NlIGEgbmFtZSBoZQ\" data-sample=\"1\"></script>",
         *       "created_at": "2026-11-28T10:00:00.000Z",
         *       "updated_at": "2026-11-28T10:00:00.000Z"
         *     }
         */
        RumSite: {
            alert: {
                min_page_views: number;
                window_minutes: number;
            };
            alert_channels: string[];
            beacons_per_minute: number;
            budgets: {
                cls?: number;
                fcp_ms?: number;
                inp_ms?: number;
                lcp_ms?: number;
                ttfb_ms?: number;
            };
            /** Format: date-time */
            created_at: string;
            /** Format: uuid */
            id: string;
            keep_query_strings: boolean;
            name: string;
            origins: string[];
            page_groups: {
                name: string;
                pattern: string;
            }[];
            sample_rate: number;
            /** @description Public: it is in every page's snippet. */
            site_key: string;
            /** @description The line to paste before </head> on every page. */
            snippet: string;
            /** Format: date-time */
            updated_at: string;
        };
        /**
         * @description A real-user monitoring site as it is given (POST needs `name` and `origins`; PATCH any of these). No field has a default here, so a PATCH changes only what it gives: a new site has sample_rate 1, keep_query_strings false, alert window_minutes 60 and min_page_views 50.
         * @example {
         *       "name": "Shop",
         *       "origins": [
         *         "https://shop.example.com"
         *       ],
         *       "sample_rate": 0.5,
         *       "page_groups": [
         *         {
         *           "name": "products",
         *           "pattern": "/products/*"
         *         }
         *       ],
         *       "budgets": {
         *         "lcp_ms": 2500
         *       }
         *     }
         */
        RumSiteInput: {
            alert?: {
                min_page_views?: number;
                window_minutes?: number;
            };
            /** @description Ids of the team's alert channels told of `rum.regressed`. */
            alert_channels?: string[];
            /** @description 60000 when not given; more are dropped and counted. */
            beacons_per_minute?: number;
            /** @description p75 budgets: past one, `rum.regressed`. */
            budgets?: {
                cls?: number;
                fcp_ms?: number;
                inp_ms?: number;
                lcp_ms?: number;
                ttfb_ms?: number;
            };
            /** @description Paths keep their query string (else it is dropped in the browser). */
            keep_query_strings?: boolean;
            name?: string;
            /** @description Where beacons may come from: `scheme://host[:port]`, http or https, no path or wildcard. */
            origins?: string[];
            /** @description A page view's group is the first whose `pattern` matches its path (`*` matches any run of characters), else `other`. Names are unique. */
            page_groups?: {
                name: string;
                pattern: string;
            }[];
            /** @description The share of page views that send a beacon (1 when not given). */
            sample_rate?: number;
        };
        /** @description How the runs' performance scores spread. */
        RunSpread: {
            max: number;
            min: number;
            /** @description Sample standard deviation (n − 1); 0 for a single run. */
            stddev: number;
        };
        /** @description Every crawled page, and which AI crawlers robots.txt lets in. */
        SeoCrawlAudits: {
            ai_crawlers: {
                /** @enum {string} */
                access: "allowed" | "partial" | "blocked";
                operator: string;
                purpose: string;
                /** @enum {string} */
                rule: "own group" | "wildcard group" | "no rule";
                user_agent: string;
            }[];
            pages: {
                depth: number;
                issues: {
                    error: number;
                    notice: number;
                    warning: number;
                };
                status: number | null;
                title: string | null;
                url: string;
            }[];
        };
        /** @description Two seo_crawl tests compared. */
        SeoCrawlComparison: components["schemas"]["ComparisonBase"] & {
            deltas?: components["schemas"]["SeoCrawlDeltas"];
            /** @constant */
            type?: "seo_crawl";
        };
        /** @description head − base of two seo_crawl tests. */
        SeoCrawlDeltas: {
            issue_counts: {
                error: components["schemas"]["Delta"];
                notice: components["schemas"]["Delta"];
                warning: components["schemas"]["Delta"];
            };
            issues: {
                /** @description Issue codes in both, affecting a different number of URLs. */
                changed: {
                    base_urls: number;
                    code: string;
                    head_urls: number;
                    severity: string;
                    title: string;
                }[];
                /** @description Issue codes in base, gone from head. */
                fixed: {
                    code: string;
                    severity: string;
                    title: string;
                    /** @description Affected URLs in the test that has the issue. */
                    url_count: number;
                }[];
                /** @description Issue codes in head, not in base. */
                new: {
                    code: string;
                    severity: string;
                    title: string;
                    /** @description Affected URLs in the test that has the issue. */
                    url_count: number;
                }[];
            };
            structure_score: components["schemas"]["Delta"];
        };
        /** @description What the crawl found: pages, robots.txt, sitemaps, llms.txt, rendering. */
        SeoCrawlResult: {
            disallowed: {
                count: number;
                urls: string[];
            };
            duration_ms: number;
            final_url: string;
            https: boolean;
            issue_counts: {
                error: number;
                notice: number;
                warning: number;
            };
            llms_txt: {
                links: number;
                problems: string[];
                /** @enum {string} */
                state: "present" | "missing" | "invalid";
                status: number | null;
                summary: string | null;
                title: string | null;
                url: string;
            };
            /** @description Same-origin URLs found but left (page cap, depth or time budget). */
            not_crawled: number;
            pages_crawled: number;
            rendering: {
                error: string | null;
                js_only_share: number | null;
                raw_words: number;
                rendered_words: number;
            };
            robots_txt: {
                crawl_delay_s: number | null;
                problems: {
                    line: number;
                    message: string;
                }[];
                /** @enum {string} */
                state: "present" | "missing" | "unreachable";
                status: number | null;
                url: string;
            };
            sitemap_urls: number;
            sitemaps: {
                entries: number;
                kind: ("urlset" | "sitemapindex") | null;
                problems: string[];
                status: number | null;
                url: string;
            }[];
            stopped_by: ("page_cap" | "time_budget") | null;
            structured_data: {
                pages_with_json_ld: number;
                share: number;
                types: {
                    [key: string]: number;
                };
            };
        };
        /** @description A test of type seo_crawl (SEO and AI-readiness audit). */
        SeoCrawlTest: components["schemas"]["TestBase"] & {
            audits?: null | components["schemas"]["SeoCrawlAudits"];
            /** @description Null until the test completes. */
            result?: null | components["schemas"]["SeoCrawlResult"];
            /** @constant */
            type?: "seo_crawl";
        };
        SeoIssue: {
            /** @description Stable issue code, e.g. title_missing, broken_internal_link, robots_txt_invalid. */
            code: string;
            description: string;
            /** @description The Lighthouse audit that checks the same thing, where one does (its agentic-browsing category: `llms-txt` for the llms.txt findings). A lighthouse test of the page reports it in `audits` when it fails. */
            lighthouse_audit?: string;
            /** @enum {string} */
            severity: "error" | "warning" | "notice";
            title: string;
            /** @description How many URLs are affected in all. */
            url_count: number;
            /** @description The affected URLs (the first 20). */
            urls: string[];
        };
        /** @description A deploy that names the monitor (by id or tag), or names none (the whole environment). */
        SeriesAnnotation: {
            /** Format: date-time */
            at: string;
            environment: string;
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            status: "checking" | "passed" | "regressed" | "failed" | "recorded";
            /** @enum {string} */
            type: "deploy";
            version: string;
        };
        /**
         * @description A metric GET /monitors/{monitor_id}/series plots. Each monitor type has its own names:
         *
         *     - lighthouse: performance_score, structure_score, accessibility, best_practices, seo, agentic-browsing, lcp_ms, fcp_ms, cls, tbt_ms, speed_index_ms, ttfb_ms, interactive_ms, requests, transfer_bytes
         *     - seo_crawl: structure_score, errors, warnings, notices, pages_crawled
         *     - uptime: up, dns_ms, connect_ms, tls_ms, first_byte_ms, download_ms, total_ms, status_code, certificate_days_remaining
         *     - tcp: up, dns_ms, connect_ms, tls_ms, total_ms, certificate_days_remaining
         *     - dns: up, total_ms
         *     - browser: up, duration_ms, ttfb_ms, fcp_ms, lcp_ms, requests_failed
         *     - multistep: up, total_ms, status_code
         *     - smtp: up, dns_ms, connect_ms, tls_ms, first_byte_ms, total_ms, certificate_days_remaining
         *     - heartbeat: up, total_ms
         *
         *     `up` is 1 for a check that found the site up, 0 for one that found it down. A name not of the
         *     monitor's type answers 400 (`validation_failed`) listing the monitor's names (a name not listed here
         *     at all, 400 listing these).
         *     A heartbeat's `total_ms` is a run's duration, from its /start to its end. An smtp monitor's
         *     `first_byte_ms` is the time from connected to the server's greeting.
         *
         *     A lighthouse monitor also plots each User Timing mark or measure its page records, as
         *     `user_timing:<name>`: a measure's duration, a mark's start (ms from navigation start).
         *
         *     A browser monitor also plots each step's time in ms, as `step:<name>` (the step's name, or the
         *     step in words: `step:click #checkout`); a multistep monitor each request's, as `step:<name>` too
         *     (the request's name, or its method and path: `step:POST /token`). A multistep monitor's `total_ms`
         *     is all its requests' time.
         *
         *     With `source=field` (lighthouse monitors), the Chrome UX Report's metrics: lcp_ms, inp_ms, cls,
         *     fcp_ms, ttfb_ms (FieldSeriesMetric).
         */
        SeriesMetric: ("performance_score" | "structure_score" | "accessibility" | "best_practices" | "seo" | "agentic-browsing" | "lcp_ms" | "fcp_ms" | "cls" | "tbt_ms" | "speed_index_ms" | "ttfb_ms" | "interactive_ms" | "requests" | "transfer_bytes" | "errors" | "warnings" | "notices" | "pages_crawled" | "up" | "dns_ms" | "connect_ms" | "tls_ms" | "first_byte_ms" | "download_ms" | "total_ms" | "status_code" | "certificate_days_remaining" | "duration_ms" | "requests_failed") | string | components["schemas"]["FieldSeriesMetric"];
        /** @description The request options the test or monitor was given, secret values shown as "[redacted]"; null without any. */
        ShownOptions: Record<string, never> | null;
        /** @description Two smtp tests compared. */
        SmtpComparison: components["schemas"]["ComparisonBase"] & {
            deltas?: components["schemas"]["SmtpDeltas"];
            /** @constant */
            type?: "smtp";
        };
        /** @description head − base of two SMTP checks. */
        SmtpDeltas: {
            certificate_days_remaining: components["schemas"]["Delta"];
            timings_ms: {
                connect: components["schemas"]["Delta"];
                dns: components["schemas"]["Delta"];
                ehlo: components["schemas"]["Delta"];
                greeting: components["schemas"]["Delta"];
                tls: components["schemas"]["Delta"];
                total: components["schemas"]["Delta"];
            };
            up: {
                base: boolean | null;
                /** @enum {string} */
                change: "better" | "worse" | "same";
                head: boolean | null;
            };
        };
        /** @description Whether a mail server greets and answers EHLO, how fast, what it offers, and its certificate. */
        SmtpResult: {
            /** @description Why it is down, in words (a refusal quotes the server’s reply). */
            error: string | null;
            /** @description Each of `expect` with what was found; empty without. */
            expectations: components["schemas"]["ExpectationResult"][];
            /** @description What the server offers in answer to EHLO (`PIPELINING`, `SIZE 10240000`, `STARTTLS`…), after the TLS handshake when there was one; empty when it did not answer. */
            extensions: string[];
            /** @description The server’s greeting as it sent it, code and text (`220 mx.example.com ESMTP`), its first line. */
            greeting: string | null;
            host: string;
            /** @description The address connected to. */
            ip_address: string | null;
            port: number;
            reason: ("dns_error" | "connection_refused" | "connection_reset" | "timeout" | "tls_error" | "smtp_error" | "expectation_failed") | null;
            timings_ms: {
                connect: number | null;
                /** @description Resolving the host; null for an address. */
                dns: number | null;
                /** @description EHLO to its answer. */
                ehlo: number | null;
                /** @description From connected (smtps: secured) to the greeting. */
                greeting: number | null;
                /** @description STARTTLS and the handshake (smtps: the handshake); null without TLS. */
                tls: number | null;
                total: number | null;
            };
            /** @description With STARTTLS or smtps: the certificate the server presented. */
            tls: {
                chain_valid: boolean;
                days_remaining: number | null;
                /** @description Why the chain did not validate for the host. */
                error: string | null;
                issuer: string | null;
                /** @description The negotiated version, e.g. TLSv1.3. */
                protocol: string | null;
                subject: string | null;
                valid_from: string | null;
                valid_to: string | null;
            } | null;
            /** @description The server greeted with 220 and answered EHLO with 250 (and, with TLS, the handshake succeeded with a trusted certificate) and every expectation held. */
            up: boolean;
        };
        /** @description A test of type smtp (SMTP check). */
        SmtpTest: components["schemas"]["TestBase"] & {
            audits?: null;
            /** @description Null until the test completes. */
            result?: null | components["schemas"]["SmtpResult"];
            /** @constant */
            type?: "smtp";
        };
        StatusPage: {
            accent_color: string | null;
            /** @description Whether its monitors' downs open incidents, resolved on recovery. */
            auto_incidents: boolean;
            /** Format: date-time */
            created_at: string;
            description: string | null;
            /** Format: uuid */
            id: string;
            /** @description Whether search engines may index the public page (false: it is sent with `X-Robots-Tag: noindex`). */
            indexable: boolean;
            /** @description Its stable name in a configuration file (`pageprobe.yaml`), unique per team among its kind; null when it has none. */
            key: string | null;
            logo_url: string | null;
            /** @description The configuration file that manages it (POST /config/apply), e.g. `pageprobe.yaml`; null when made by hand. The dashboard warns before changing a managed resource. */
            managed_by: string | null;
            /** @description The monitors shown, in order; deleted monitors have dropped out. */
            monitors: components["schemas"]["StatusPageMonitor"][];
            slug: string;
            title: string;
            /** Format: date-time */
            updated_at: string;
            /**
             * Format: uri
             * @description The public page; its data as JSON is at this URL plus `.json`.
             */
            url: string;
        };
        StatusPageMonitor: {
            /**
             * Format: uuid
             * @description One of the team's monitors.
             */
            id: string;
            /** @description What the public page calls it (its URL is never shown). */
            label: string;
        };
        StatusPageUptimeReport: {
            checks: components["schemas"]["ReportFigures"];
            components: (components["schemas"]["MonitorReportBody"] & {
                label: string;
                /** Format: uuid */
                monitor_id: string;
            })[];
            degraded_percent?: number | null;
            downtime_seconds: number;
            /** Format: date-time */
            from: string;
            incident_count: number;
            recovery: components["schemas"]["ReportRecovery"];
            status_page: {
                /** Format: uuid */
                id: string;
                slug: string;
                title: string;
            };
            /** Format: date-time */
            to: string;
            /** @description All components' checks together. */
            uptime_percent: number | null;
            /** @description The incidents the team wrote that touched the page in the range. */
            written_incidents: {
                /** Format: uuid */
                id: string;
                impact: null | components["schemas"]["IncidentImpact"];
                /** Format: date-time */
                resolved_at: string | null;
                /** Format: date-time */
                started_at: string;
                title: string;
            }[];
        };
        StatusSubscriber: {
            /** @description The mail address, or the webhook's URL. */
            address: string;
            /** @description Whether it followed its mailed link, or its webhook echoed the challenge: only then is it told anything. */
            confirmed: boolean;
            /** Format: date-time */
            confirmed_at: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            kind: "email" | "webhook";
            /** @description The page's monitors it is told of; empty: all. */
            monitor_ids: string[];
        };
        /**
         * @description One budget of a browser step: its figure `source` compared with `value` by `operator`. step_ms is
         *     the step's time; lcp_ms a navigation's Largest Contentful Paint; inp_ms an interaction's INP; cls
         *     the layout shift the step caused; requests_failed and console_errors counted during the step. A
         *     figure the step does not have (an LCP of a click) misses the budget. What a missed budget makes of
         *     the check is its `severity`: `regressed` (the default) keeps it up, and its monitor raises
         *     `monitor.regressed` (reason `budget_exceeded`) when the run before met the budget; `degraded` makes
         *     it up but degraded (a monitor goes `degraded` after `alert.down_after` such runs); `down` makes it
         *     down, `budget_exceeded`.
         */
        StepBudget: {
            /** @enum {string} */
            operator: "lt" | "lte" | "eq" | "gt" | "gte";
            /**
             * @description regressed when not given.
             * @enum {string}
             */
            severity?: "regressed" | "degraded" | "down";
            /** @enum {string} */
            source: "step_ms" | "lcp_ms" | "inp_ms" | "cls" | "requests_failed" | "console_errors";
            value: number;
        };
        /** @description browser only (lighthouse: 400 naming the step's expect): budgets on the step's figures, all of which must hold. */
        StepBudgets: components["schemas"]["StepBudget"][];
        /** @description The step's name in results and alerts (a lighthouse timespan's name; default: the step in words). */
        StepName: string;
        /**
         * @description lighthouse and browser (other types: 400 naming the field): steps after the test's URL loads, in
         *     order, on the same page. `runs` must be 1. A `navigate` URL is held to the same address policy as
         *     `url` (400 `url_not_allowed` naming the step). `type` texts are secret (sealed, shown "[redacted]").
         *     `name` names the step in results and alerts (default: the step in words, `click #checkout`).
         *
         *     lighthouse: a user flow with Lighthouse's user-flow API, at most 20 steps, of the types navigate,
         *     click, type, wait_for, wait, start_timespan and end_timespan. `navigate` steps are measured (scores,
         *     vitals); `start_timespan` … `end_timespan` measure the interaction between them (INP, CLS, TBT).
         *     `click`, `type` and `wait_for` wait up to 10 s for their selector, else the test fails `step_failed`
         *     naming the step. The test's own figures and artifacts are the last navigation's. A browser-only step
         *     type is a 400 naming `steps.N.type`, a step's `expect` one naming `steps.N.expect`.
         *
         *     browser: a browser check's journey, at most 50 steps, in Chromium with Puppeteer (no Lighthouse).
         *     Every step is measured: its time, a navigation's TTFB, FCP, LCP and CLS, an interaction's INP with
         *     its attribution, its requests, failed requests and console errors. Besides the lighthouse types it
         *     takes the browser-only ones: `assert_text` (the text is on the page, or in `selector`),
         *     `assert_visible`, `select` (an option by its value), `press` (a key, e.g. `Enter`), `hover`,
         *     `screenshot` (a named screenshot) and `assert_js` (an expression the page finds truthy). Timespans
         *     are accepted and change nothing. A step that cannot be done (`step_failed`) or an assertion that does
         *     not hold (`assertion_failed`) makes a completed check down, naming the step; the steps after it are
         *     skipped. A step's `expect` holds budgets on its figures (StepBudget): a missed one is listed in the
         *     result's `over_budget` and, by its severity, regresses the check (the default), degrades it or makes
         *     it down (`budget_exceeded`).
         */
        Steps: ({
            expect?: components["schemas"]["StepBudgets"];
            name?: components["schemas"]["StepName"];
            /** @constant */
            type: "navigate";
            url: string;
        } | {
            expect?: components["schemas"]["StepBudgets"];
            name?: components["schemas"]["StepName"];
            /** @description A CSS selector. */
            selector: string;
            /** @constant */
            type: "click";
        } | {
            expect?: components["schemas"]["StepBudgets"];
            name?: components["schemas"]["StepName"];
            /** @description A CSS selector. */
            selector: string;
            text: string;
            /** @constant */
            type: "type";
        } | {
            expect?: components["schemas"]["StepBudgets"];
            name?: components["schemas"]["StepName"];
            /** @description A CSS selector. */
            selector: string;
            /** @constant */
            type: "wait_for";
        } | {
            expect?: components["schemas"]["StepBudgets"];
            ms: number;
            name?: components["schemas"]["StepName"];
            /** @constant */
            type: "wait";
        } | {
            expect?: components["schemas"]["StepBudgets"];
            name?: components["schemas"]["StepName"];
            /** @constant */
            type: "start_timespan";
        } | {
            expect?: components["schemas"]["StepBudgets"];
            name?: components["schemas"]["StepName"];
            /** @constant */
            type: "end_timespan";
        } | {
            expect?: components["schemas"]["StepBudgets"];
            name?: components["schemas"]["StepName"];
            /** @description A CSS selector. */
            selector?: string;
            /** @description Text the page (or the selector's element) must contain. */
            text: string;
            /** @constant */
            type: "assert_text";
        } | {
            expect?: components["schemas"]["StepBudgets"];
            name?: components["schemas"]["StepName"];
            /** @description A CSS selector. */
            selector: string;
            /** @constant */
            type: "assert_visible";
        } | {
            expect?: components["schemas"]["StepBudgets"];
            name?: components["schemas"]["StepName"];
            /** @description A CSS selector. */
            selector: string;
            /** @constant */
            type: "select";
            /** @description The value of the option to choose. */
            value: string;
        } | {
            expect?: components["schemas"]["StepBudgets"];
            /** @description A key as Puppeteer names it: Enter, Tab, Escape, ArrowDown, a. */
            key: string;
            name?: components["schemas"]["StepName"];
            /** @constant */
            type: "press";
        } | {
            expect?: components["schemas"]["StepBudgets"];
            name?: components["schemas"]["StepName"];
            /** @description A CSS selector. */
            selector: string;
            /** @constant */
            type: "hover";
        } | {
            expect?: components["schemas"]["StepBudgets"];
            name?: components["schemas"]["StepName"];
            /** @constant */
            type: "screenshot";
        } | {
            expect?: components["schemas"]["StepBudgets"];
            /** @description A JavaScript expression evaluated in the page; the step fails unless it is truthy. */
            expression: string;
            name?: components["schemas"]["StepName"];
            /** @constant */
            type: "assert_js";
        })[];
        /** @description Two tcp tests compared. */
        TcpComparison: components["schemas"]["ComparisonBase"] & {
            deltas?: components["schemas"]["TcpDeltas"];
            /** @constant */
            type?: "tcp";
        };
        /** @description head − base of two TCP checks. */
        TcpDeltas: {
            certificate_days_remaining: components["schemas"]["Delta"];
            timings_ms: {
                connect: components["schemas"]["Delta"];
                dns: components["schemas"]["Delta"];
                tls: components["schemas"]["Delta"];
                total: components["schemas"]["Delta"];
            };
            up: {
                base: boolean | null;
                /** @enum {string} */
                change: "better" | "worse" | "same";
                head: boolean | null;
            };
        };
        /** @description Whether a TCP port accepts connections, how fast, and its certificate. */
        TcpResult: {
            /** @description Why it is down, in words. */
            error: string | null;
            /** @description Each of `expect` with what was found; empty without. */
            expectations: components["schemas"]["ExpectationResult"][];
            host: string;
            /** @description The address connected to. */
            ip_address: string | null;
            port: number;
            reason: ("dns_error" | "connection_refused" | "connection_reset" | "timeout" | "tls_error" | "expectation_failed") | null;
            timings_ms: {
                connect: number | null;
                /** @description Resolving the host; null for an address. */
                dns: number | null;
                /** @description The TLS handshake; null without `tls`. */
                tls: number | null;
                total: number | null;
            };
            /** @description With `tls`: the certificate the port presented. */
            tls: {
                chain_valid: boolean;
                days_remaining: number | null;
                /** @description Why the chain did not validate for the host. */
                error: string | null;
                issuer: string | null;
                /** @description The negotiated version, e.g. TLSv1.3. */
                protocol: string | null;
                subject: string | null;
                valid_from: string | null;
                valid_to: string | null;
            } | null;
            /** @description The port accepted the connection (and, with `tls`, the handshake succeeded with a trusted certificate) and every expectation held. */
            up: boolean;
        };
        /** @description A test of type tcp (TCP check). */
        TcpTest: components["schemas"]["TestBase"] & {
            audits?: null;
            /** @description Null until the test completes. */
            result?: null | components["schemas"]["TcpResult"];
            /** @constant */
            type?: "tcp";
        };
        /** @description tcp: once connected, shake hands in TLS (the port speaks TLS from its first byte, not STARTTLS) and report the certificate and its days remaining; an untrusted certificate is down, `tls_error`. smtp: after EHLO, upgrade with STARTTLS (a server that does not offer it is down, `smtp_error`), report the certificate likewise and say EHLO again; an smtps:// target has TLS from its first byte whatever this says. */
        TcpTls: boolean;
        /** @description A test; `type` tells which of the variants it is, and so the shape of its `result` and `audits`. */
        Test: components["schemas"]["LighthouseTest"] | components["schemas"]["SeoCrawlTest"] | components["schemas"]["UptimeTest"] | components["schemas"]["TcpTest"] | components["schemas"]["DnsTest"] | components["schemas"]["BrowserTest"] | components["schemas"]["MultistepTest"] | components["schemas"]["SmtpTest"];
        /** @description What every test has; `Test` narrows `type`, `result` and `audits` per kind. */
        TestBase: {
            /** @description How each of the test's assertions fared, once it has finished (null when none were given). */
            assertion_results: components["schemas"]["AssertionResult"][] | null;
            audits: unknown[] | Record<string, never> | null;
            /** @description The callback's delivery, once the test has finished with a callback_url. */
            callback: {
                attempts: {
                    duration_ms: number;
                    error: string | null;
                    number: number;
                    /** Format: date-time */
                    started_at: string;
                    status_code: number | null;
                }[];
                /** @enum {string} */
                state: "pending" | "delivered" | "failed";
            } | null;
            /** Format: date-time */
            completed_at: string | null;
            /** Format: date-time */
            created_at: string;
            device: components["schemas"]["Device"];
            error: {
                code: string;
                message: string;
            } | null;
            /** @enum {string|null} */
            grade: "A" | "B" | "C" | "D" | "E" | "F" | null;
            /** Format: uuid */
            id: string;
            /** @description Asked from locations: one entry each, in the order asked. */
            locations?: components["schemas"]["TestLocation"][];
            /**
             * Format: uuid
             * @description The monitor that ran it; null for a test started with POST /tests.
             */
            monitor_id: string | null;
            options: components["schemas"]["ShownOptions"];
            /** @description False when an `error`-level assertion failed (or the test failed); null when none were given. */
            passed: boolean | null;
            performance_score: number | null;
            /** @description Failed locations that fail the test. */
            quorum?: number;
            /** Format: uri */
            report_url: string;
            /** @description Type-specific summary (for uptime, the verdict and timings). */
            result: Record<string, never> | null;
            /**
             * @description lighthouse: every run's performance score and vitals, in the order they ran, the representative
             *     one marked (its scores, vitals, audits, artifacts and HAR are the test's). Null until the test
             *     completes, and for other types.
             */
            runs: components["schemas"]["LighthouseRun"][] | null;
            /** @description The `runs` the test was started with. */
            runs_requested: number;
            /** @description lighthouse: each category's score, 0–100: performance, accessibility, best_practices, seo, and agentic-browsing (under Lighthouse's own id: llms.txt, WebMCP, the accessibility tree agents read). A category Lighthouse did not score is left out. */
            scores: {
                [key: string]: number;
            } | null;
            /** @description seo_crawl findings, errors first (null for other types). */
            seo_issues: components["schemas"]["SeoIssue"][] | null;
            /** @description lighthouse: how the runs' performance scores spread. Null until the test completes, and for other types. */
            spread: null | components["schemas"]["RunSpread"];
            /** Format: date-time */
            started_at: string | null;
            status: components["schemas"]["TestStatus"];
            structure_score: number | null;
            type: components["schemas"]["TestType"];
            url: string;
            vitals: Record<string, never> | null;
        };
        /** @description One location's run of a test; figures and `error` once it finished. */
        TestLocation: {
            /** Format: date-time */
            completed_at?: string;
            duration_ms?: number;
            error?: {
                code: string;
                message: string;
            } | null;
            grade?: string | null;
            location: string;
            name?: string;
            performance_score?: number | null;
            result?: Record<string, never> | null;
            scores?: Record<string, never> | null;
            /** Format: date-time */
            started_at?: string;
            status: components["schemas"]["TestStatus"];
            structure_score?: number | null;
            /**
             * @description failed: its run failed, or it found the site down (uptime).
             * @enum {string}
             */
            verdict?: "ok" | "failed";
            vitals?: Record<string, never> | null;
        };
        /** @enum {string} */
        TestStatus: "queued" | "running" | "completed" | "failed";
        /** @enum {string} */
        TestType: "lighthouse" | "seo_crawl" | "uptime" | "tcp" | "dns" | "browser" | "multistep" | "smtp";
        /** @description lighthouse only (other types: 400 naming the field). mobile_slow_4g (the mobile default), desktop (the desktop default), none, or a simulated connection of your own. */
        Throttling: ("mobile_slow_4g" | "desktop" | "none") | {
            cpu_slowdown: number;
            rtt_ms: number;
            throughput_kbps: number;
        };
        UpdateAlertChannel: {
            addresses?: string[];
            /** @description The stable name a configuration file gives it (unique per team among its kind); null removes it. */
            key?: null | components["schemas"]["ConfigKey"];
            name?: string;
            routing_key?: string;
            /** @enum {string} */
            severity?: "critical" | "error" | "warning" | "info";
            url?: string;
        };
        UpdateMaintenanceWindow: {
            duration_minutes?: number | null;
            /** Format: date-time */
            ends_at?: string | null;
            /** @description The stable name a configuration file gives it (unique per team among its kind); null removes it. */
            key?: null | components["schemas"]["ConfigKey"];
            monitors?: string[];
            name?: string;
            rrule?: string | null;
            /** Format: date-time */
            starts_at?: string;
            tags?: string[];
            time_zone?: string;
        };
        UpdateMonitor: {
            alert?: components["schemas"]["AlertOptions"];
            /** @description Replaces the list ([] sends to none). */
            alert_channels?: components["schemas"]["AlertChannelIds"];
            /** @description Null removes them. */
            assertions?: null | components["schemas"]["Assertions"];
            /** @description Replaces the monitor's basic auth; null removes it. */
            basic_auth?: null | components["schemas"]["BasicAuth"];
            /** @description uptime only: replaces the monitor's request body; null removes it. */
            body?: null | components["schemas"]["RequestBody"];
            /** @description Null removes it. */
            callback_url?: string | null;
            /** @description uptime only: replaces the body's Content-Type; null goes back to the default. */
            content_type?: null | components["schemas"]["RequestContentType"];
            /** @description Replaces the monitor's cookies; null removes them. */
            cookies?: null | components["schemas"]["RequestCookies"];
            /** @description Replaces the list ([] depends on none). */
            depends_on?: components["schemas"]["MonitorDependencies"];
            /** @description uptime, tcp and dns: replaces the monitor's expectations; null removes them (uptime: up again means a 2xx or 3xx answer). */
            expect?: null | components["schemas"]["Expect"];
            grace_seconds?: components["schemas"]["HeartbeatGrace"];
            /** @description Replaces the monitor's headers (values sealed as at creation); null removes them. */
            headers?: null | components["schemas"]["RequestHeaders"];
            interval_seconds?: number;
            /** @description The stable name a configuration file gives it (unique per team among its kind); null removes it. */
            key?: null | components["schemas"]["ConfigKey"];
            /**
             * @description every: each location checks each slot; round_robin: one location a slot, in turn (quorum then counts each location's latest check).
             * @enum {string}
             */
            location_mode?: "every" | "round_robin";
            /**
             * @description Where it checks from, each listed by GET /locations when it is made or changed. Down means at
             *     least `quorum` locations failed the same slot; a location that stops reporting does not count
             *     as a failure. Without it, the default location alone.
             */
            locations?: components["schemas"]["LocationIds"];
            /** @description uptime only: replaces the monitor's method; null goes back to GET. */
            method?: null | components["schemas"]["HttpMethod"];
            /** @description Null removes it. */
            name?: null | components["schemas"]["MonitorName"];
            /** @description True pauses; false resumes and runs now, under the key that resumed it. */
            paused?: boolean;
            period_seconds?: components["schemas"]["HeartbeatPeriod"];
            public_page?: components["schemas"]["PublicPage"];
            /** @description Failed locations that make it down, at most the number of locations; unset, a majority (1 of 1, 2 of 2, 2 of 3). */
            quorum?: number;
            /** @description multistep only: replaces the monitor's requests (the whole list). */
            requests?: components["schemas"]["MultistepRequests"];
            schedule?: components["schemas"]["HeartbeatSchedule"];
            /** @description Replaces the list. */
            tags?: components["schemas"]["MonitorTags"];
            time_zone?: components["schemas"]["HeartbeatTimeZone"];
            /** @description What it checks, as its kind takes it (a page, `tcp://host:port`, a DNS query), checked as at creation; not a heartbeat's. A changed URL is checked at once. */
            url?: string;
        };
        UpdateStatusPage: {
            accent_color?: string | null;
            auto_incidents?: boolean;
            description?: string | null;
            indexable?: boolean;
            /** @description The stable name a configuration file gives it (unique per team among its kind); null removes it. */
            key?: null | components["schemas"]["ConfigKey"];
            /** Format: uri */
            logo_url?: string | null;
            monitors?: components["schemas"]["StatusPageMonitor"][];
            slug?: string;
            title?: string;
        };
        /** @description Two uptime tests compared. */
        UptimeComparison: components["schemas"]["ComparisonBase"] & {
            deltas?: components["schemas"]["UptimeDeltas"];
            /** @constant */
            type?: "uptime";
        };
        /** @description head − base of two uptime checks. */
        UptimeDeltas: {
            certificate_days_remaining: components["schemas"]["Delta"];
            status_code: {
                base: number | null;
                head: number | null;
            };
            timings_ms: {
                connect: components["schemas"]["Delta"];
                dns: components["schemas"]["Delta"];
                download: components["schemas"]["Delta"];
                first_byte: components["schemas"]["Delta"];
                tls: components["schemas"]["Delta"];
                total: components["schemas"]["Delta"];
            };
            up: {
                base: boolean | null;
                /** @enum {string} */
                change: "better" | "worse" | "same";
                head: boolean | null;
            };
        };
        /** @description The verdict of an uptime check, its timings and certificate. */
        UptimeResult: {
            /** @description True when the body went on past 1 MiB decompressed: the rest was not read, the verdict stands. */
            body_truncated: boolean;
            /** @description Why it is down; for expectation_failed, the first failed expectation’s message. */
            error: string | null;
            /** @description With `expect`: each expectation, in order, with what was found. Empty when no answer came (the reason is the network’s). */
            expectations?: components["schemas"]["ExpectationResult"][];
            final_url: string | null;
            http_version: string | null;
            ip_address: string | null;
            reason: ("dns_error" | "connection_refused" | "connection_reset" | "timeout" | "tls_error" | "http_error" | "expectation_failed") | null;
            redirects: {
                status_code: number;
                url: string;
            }[];
            /** @description Body bytes read after decompression; reading stops at 1 MiB (see body_truncated). */
            size_bytes: number | null;
            status_code: number | null;
            timings_ms: {
                connect: number | null;
                dns: number | null;
                download: number | null;
                first_byte: number | null;
                tls: number | null;
                total: number | null;
            };
            /** @description For https: the certificate of the last host reached. */
            tls: {
                chain_valid: boolean;
                days_remaining: number | null;
                error: string | null;
                issuer: string | null;
                subject: string | null;
                valid_from: string | null;
                valid_to: string | null;
            } | null;
            /** @description A 2xx or 3xx final answer (or, with a status expectation, the status it asks for) that meets every expectation. */
            up: boolean;
        };
        /** @description A test of type uptime (Uptime check). */
        UptimeTest: components["schemas"]["TestBase"] & {
            audits?: null;
            /** @description Null until the test completes. */
            result?: null | components["schemas"]["UptimeResult"];
            /** @constant */
            type?: "uptime";
        };
        /** @description lighthouse only (other types: 400 naming the field). */
        UserAgent: string;
        /** @description A User Timing mark or measure the page recorded. */
        UserTiming: {
            /** @description A measure's duration in ms; null for a mark. */
            duration_ms: number | null;
            /** @enum {string} */
            kind: "mark" | "measure";
            /** @description As the page named it, cut to its first 100 characters. */
            name: string;
            /** @description When it starts, in ms from the navigation start. */
            start_ms: number;
        };
        Variable: {
            /** Format: date-time */
            created_at: string;
            name: string;
            /** @description Sealed: used as `{{secrets.NAME}}`, its value never shown. Otherwise used as `{{vars.NAME}}`. */
            secret: boolean;
            /** Format: date-time */
            updated_at: string;
            /** @description A plain variable's value; null for a secret. */
            value: string | null;
        };
        /** @description lighthouse only (other types: 400 naming the field). At most 32,000,000 device pixels (width × height × device_scale_factor², e.g. 4000 × 8000 at 1 or 2000 × 4000 at 2); more is 400 validation_failed naming viewport. */
        Viewport: {
            device_scale_factor: number;
            height: number;
            width: number;
        };
    };
    responses: {
        /** @description The ping is stored in PostgreSQL (it will be applied within a tick, about 250 ms). */
        PingStored: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /** @example OK */
                "text/plain": "OK";
            };
        };
        /** @description An error, as RFC 9457 problem details. */
        Problem: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description A rate limit was hit (`rate_limited`), or the free plan's hourly lighthouse allowance (`free_tier_rate_limited`). */
        TooManyRequests: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
    };
    parameters: {
        ChannelId: string;
        /** @description The `next_cursor` of the previous page. */
        Cursor: string;
        /** @description Identifies the delivery; the same on the retry. */
        DeliveryHeader: string;
        EventHeader: "test.completed" | "test.failed";
        Limit: number;
        MonitorId: string;
        /** @description The token of a heartbeat monitor's `ping_url`. */
        PingToken: string;
        /** @description The range's start (rounded down to the hour); not with month. */
        ReportFrom: string;
        /**
         * @description A month in UTC, `2026-11`; without month, from and to: the month so far.
         * @example 2026-11
         */
        ReportMonth: string;
        /** @description The range's end (rounded up to the hour; at most 366 days after from; default now). */
        ReportTo: string;
        /** @description `t=<unix seconds>,v1=<HMAC-SHA256(secret, "<t>.<raw body>") as 64 lowercase hex>`; absent when the team has no secret. While the team rotates its secret, one `v1=` per valid secret, the new one first (`t=<ts>,v1=<new>,v1=<old>`, as Stripe signs): accept when any matches. */
        SignatureHeader: string;
        TestId: string;
    };
    requestBodies: never;
    headers: {
        /** @description What is left (IETF draft): `"reads";r=<remaining>;t=<seconds until a request is free again>`. */
        RateLimit: string;
        /** @description The limit that applies (IETF draft): `"reads";q=60;w=60` or `"writes";q=10;w=60`. */
        "RateLimit-Policy": string;
        /** @description Seconds to wait before trying again. */
        "Retry-After": number;
    };
    pathItems: never;
};
export type $defs = Record<string, never>;
export interface operations {
    listAlertChannels: {
        parameters: {
            query?: {
                /** @description The `next_cursor` of the previous page. */
                cursor?: components["parameters"]["Cursor"];
                limit?: components["parameters"]["Limit"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of alert channels. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AlertChannel"][];
                        next_cursor: string | null;
                    };
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    createAlertChannel: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateAlertChannel"];
            };
        };
        responses: {
            /** @description Created. */
            201: {
                headers: {
                    /** @description The channel's address in the API. */
                    Location?: string;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AlertChannel"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            413: components["responses"]["Problem"];
            415: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
            501: components["responses"]["Problem"];
            503: components["responses"]["Problem"];
        };
    };
    getAlertChannel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                channel_id: components["parameters"]["ChannelId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The channel. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AlertChannel"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    deleteAlertChannel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                channel_id: components["parameters"]["ChannelId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Problem"];
        };
    };
    updateAlertChannel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                channel_id: components["parameters"]["ChannelId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateAlertChannel"];
            };
        };
        responses: {
            /** @description The channel as it is now. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AlertChannel"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            415: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
            501: components["responses"]["Problem"];
            503: components["responses"]["Problem"];
        };
    };
    listAlertChannelDeliveries: {
        parameters: {
            query?: {
                /** @description The `next_cursor` of the previous page. */
                cursor?: components["parameters"]["Cursor"];
                limit?: components["parameters"]["Limit"];
            };
            header?: never;
            path: {
                channel_id: components["parameters"]["ChannelId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of deliveries. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ChannelDelivery"][];
                        next_cursor: string | null;
                    };
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    testAlertChannel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                channel_id: components["parameters"]["ChannelId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What the channel answered. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChannelTestResult"];
                };
            };
            /** @description The dispatcher has not made its attempt yet; the delivery is listed under the channel's deliveries. */
            202: {
                headers: {
                    /** @description The channel's deliveries. */
                    Location?: string;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChannelTestPending"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Problem"];
        };
    };
    applyConfig: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConfigState"];
            };
        };
        responses: {
            /** @description Done; the changes made (none when there was nothing to do). */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConfigPlan"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            413: components["responses"]["Problem"];
            415: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
            501: components["responses"]["Problem"];
            503: components["responses"]["Problem"];
        };
    };
    exportConfig: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConfigExportRequest"];
            };
        };
        responses: {
            /** @description The file's content, and what was done to make it so. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConfigExport"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            415: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
            501: components["responses"]["Problem"];
            503: components["responses"]["Problem"];
        };
    };
    planConfig: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConfigState"];
            };
        };
        responses: {
            /** @description The changes, in the order apply makes them; none when the team is as described. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConfigPlan"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            413: components["responses"]["Problem"];
            415: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
            501: components["responses"]["Problem"];
            503: components["responses"]["Problem"];
        };
    };
    getCredits: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Balance, costs and the free plan's lighthouse allowance. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Credits"];
                };
            };
            401: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listDeploys: {
        parameters: {
            query?: {
                /** @description The `next_cursor` of the previous page. */
                cursor?: components["parameters"]["Cursor"];
                environment?: components["schemas"]["DeployEnvironment"];
                limit?: components["parameters"]["Limit"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of deploys. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Deploy"][];
                        next_cursor: string | null;
                    };
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    createDeploy: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateDeploy"];
            };
        };
        responses: {
            /** @description Told before; the deploy as recorded then. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Deploy"];
                };
            };
            /** @description Recorded; its monitors are running. */
            201: {
                headers: {
                    Location?: string;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Deploy"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            415: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getDeploy: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                deploy_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The deploy. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Deploy"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    receiveGithubDeploy: {
        parameters: {
            query?: {
                /** @description Comma-separated ids of the monitors to run. */
                monitors?: string;
                /** @description Comma-separated tags of the monitors to run. */
                tags?: string;
            };
            header: {
                "X-GitHub-Event": string;
                "X-Hub-Signature-256": string;
            };
            path: {
                team_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Told before. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Deploy"];
                };
            };
            /** @description Recorded. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Deploy"];
                };
            };
            /** @description Another event or state, ignored. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ignored: string;
                    };
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
        };
    };
    rotateDeploySecret: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new secret. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Shown once. */
                        secret: string;
                    };
                };
            };
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getApiDocs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            404: components["responses"]["Problem"];
        };
    };
    listIncidents: {
        parameters: {
            query?: {
                /** @description The `next_cursor` of the previous page. */
                cursor?: components["parameters"]["Cursor"];
                limit?: components["parameters"]["Limit"];
                status?: "open" | "resolved";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of incidents. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Incident"][];
                        next_cursor: string | null;
                    };
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    createIncident: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateIncident"];
            };
        };
        responses: {
            /** @description Opened. */
            201: {
                headers: {
                    /** @description The incident's address in the API. */
                    Location?: string;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Incident"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            413: components["responses"]["Problem"];
            415: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Problem"];
        };
    };
    getIncident: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                incident_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The incident. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Incident"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    deleteIncident: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                incident_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Problem"];
        };
    };
    changeIncident: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                incident_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ChangeIncident"];
            };
        };
        responses: {
            /** @description The incident as it is now. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Incident"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            415: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Problem"];
        };
    };
    addIncidentUpdate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                incident_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateIncidentUpdate"];
            };
        };
        responses: {
            /** @description The incident with its new update. */
            201: {
                headers: {
                    /** @description The incident's address in the API. */
                    Location?: string;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Incident"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            415: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Problem"];
        };
    };
    listLocations: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The live locations. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Location"][];
                    };
                };
            };
            401: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Problem"];
        };
    };
    listMaintenanceWindows: {
        parameters: {
            query?: {
                /** @description The `next_cursor` of the previous page. */
                cursor?: components["parameters"]["Cursor"];
                limit?: components["parameters"]["Limit"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of maintenance windows. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["MaintenanceWindow"][];
                        next_cursor: string | null;
                    };
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    createMaintenanceWindow: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateMaintenanceWindow"];
            };
        };
        responses: {
            /** @description Created. */
            201: {
                headers: {
                    /** @description The window's address in the API. */
                    Location?: string;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MaintenanceWindow"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            413: components["responses"]["Problem"];
            415: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Problem"];
        };
    };
    getMaintenanceWindow: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                window_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The window. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MaintenanceWindow"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    deleteMaintenanceWindow: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                window_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Problem"];
        };
    };
    updateMaintenanceWindow: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                window_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateMaintenanceWindow"];
            };
        };
        responses: {
            /** @description The window as it is now. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MaintenanceWindow"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            415: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Problem"];
        };
    };
    listMonitors: {
        parameters: {
            query?: {
                /** @description The `next_cursor` of the previous page. */
                cursor?: components["parameters"]["Cursor"];
                limit?: components["parameters"]["Limit"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of monitors. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Monitor"][];
                        next_cursor: string | null;
                    };
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    createMonitor: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateMonitor"];
            };
        };
        responses: {
            /** @description Created; the first run is on its way. */
            201: {
                headers: {
                    /** @description The monitor's address. */
                    Location?: string;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Monitor"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            413: components["responses"]["Problem"];
            415: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
            501: components["responses"]["Problem"];
            503: components["responses"]["Problem"];
        };
    };
    getMonitor: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                monitor_id: components["parameters"]["MonitorId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The monitor. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Monitor"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    deleteMonitor: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                monitor_id: components["parameters"]["MonitorId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Problem"];
        };
    };
    updateMonitor: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                monitor_id: components["parameters"]["MonitorId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateMonitor"];
            };
        };
        responses: {
            /** @description The monitor as it is now. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Monitor"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            415: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
            501: components["responses"]["Problem"];
            503: components["responses"]["Problem"];
        };
    };
    listMonitorAlerts: {
        parameters: {
            query?: {
                /** @description The `next_cursor` of the previous page. */
                cursor?: components["parameters"]["Cursor"];
                limit?: components["parameters"]["Limit"];
            };
            header?: never;
            path: {
                monitor_id: components["parameters"]["MonitorId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of alerts. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["MonitorAlert"][];
                        next_cursor: string | null;
                    };
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listMonitorChecks: {
        parameters: {
            query?: {
                /** @description The `next_cursor` of the previous page. */
                cursor?: components["parameters"]["Cursor"];
                limit?: components["parameters"]["Limit"];
            };
            header?: never;
            path: {
                monitor_id: components["parameters"]["MonitorId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the monitor's checks. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["MonitorCheck"][];
                        next_cursor: string | null;
                    };
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listMonitorPings: {
        parameters: {
            query?: {
                /** @description The `next_cursor` of the previous page. */
                cursor?: components["parameters"]["Cursor"];
                limit?: components["parameters"]["Limit"];
            };
            header?: never;
            path: {
                monitor_id: components["parameters"]["MonitorId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the monitor's pings. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["HeartbeatPing"][];
                        next_cursor: string | null;
                    };
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    monitorReport: {
        parameters: {
            query?: {
                /** @description The range's start (rounded down to the hour); not with month. */
                from?: components["parameters"]["ReportFrom"];
                /**
                 * @description A month in UTC, `2026-11`; without month, from and to: the month so far.
                 * @example 2026-11
                 */
                month?: components["parameters"]["ReportMonth"];
                /** @description The range's end (rounded up to the hour; at most 366 days after from; default now). */
                to?: components["parameters"]["ReportTo"];
            };
            header?: never;
            path: {
                monitor_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The report. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MonitorUptimeReport"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    monitorReportCsv: {
        parameters: {
            query?: {
                /** @description The range's start (rounded down to the hour); not with month. */
                from?: components["parameters"]["ReportFrom"];
                /**
                 * @description A month in UTC, `2026-11`; without month, from and to: the month so far.
                 * @example 2026-11
                 */
                month?: components["parameters"]["ReportMonth"];
                /** @description The range's end (rounded up to the hour; at most 366 days after from; default now). */
                to?: components["parameters"]["ReportTo"];
            };
            header?: never;
            path: {
                monitor_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The CSV. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example name,from,to,checks,up,down,uptime_percent,incidents,downtime_seconds,recovered,mean_recovery_seconds,longest_recovery_seconds
                     *     Shop,2026-11-01T00:00:00.000Z,2026-12-01T00:00:00.000Z,43200,43190,10,99.977,1,600,1,600,600
                     */
                    "text/csv": string;
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    rotateMonitorToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                monitor_id: components["parameters"]["MonitorId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RotateMonitorToken"];
            };
        };
        responses: {
            /** @description The monitor, with its new links. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Monitor"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            415: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Problem"];
        };
    };
    getMonitorSeries: {
        parameters: {
            query: {
                from?: string;
                /** @description One of the monitor's locations: that location's series alone (uptime, from its raw checks, so within the plan's raw retention). */
                location?: string;
                metric: components["schemas"]["SeriesMetric"];
                /** @description lab (default): the monitor's runs and checks. field: what real Chrome users saw of its URL (CrUX History; lighthouse monitors). */
                source?: "lab" | "field";
                to?: string;
            };
            header?: never;
            path: {
                monitor_id: components["parameters"]["MonitorId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The series. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MonitorSeries"] | components["schemas"]["MonitorFieldSeries"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listMonitorTests: {
        parameters: {
            query?: {
                /** @description The `next_cursor` of the previous page. */
                cursor?: components["parameters"]["Cursor"];
                limit?: components["parameters"]["Limit"];
            };
            header?: never;
            path: {
                monitor_id: components["parameters"]["MonitorId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the monitor's tests. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Test"][];
                        next_cursor: string | null;
                    };
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getOpenApi: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The document. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            404: components["responses"]["Problem"];
        };
    };
    ping: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The token of a heartbeat monitor's `ping_url`. */
                token: components["parameters"]["PingToken"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["PingStored"];
            404: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Problem"];
        };
    };
    pingWithLog: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The token of a heartbeat monitor's `ping_url`. */
                token: components["parameters"]["PingToken"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /** @example backup done: 1.2 GB in 40 s */
                "text/plain": string;
            };
        };
        responses: {
            200: components["responses"]["PingStored"];
            404: components["responses"]["Problem"];
            413: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Problem"];
        };
    };
    pingSignal: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description `start` (a run begins: it must end within `grace_seconds`), `fail` (the run failed: down at once), or an exit status 0-255 (0 is a success, any other a failure). */
                signal: string;
                /** @description The token of a heartbeat monitor's `ping_url`. */
                token: components["parameters"]["PingToken"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["PingStored"];
            404: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Problem"];
        };
    };
    pingSignalWithLog: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description `start` (a run begins: it must end within `grace_seconds`), `fail` (the run failed: down at once), or an exit status 0-255 (0 is a success, any other a failure). */
                signal: string;
                /** @description The token of a heartbeat monitor's `ping_url`. */
                token: components["parameters"]["PingToken"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /** @example pg_dump: error: connection refused */
                "text/plain": string;
            };
        };
        responses: {
            200: components["responses"]["PingStored"];
            404: components["responses"]["Problem"];
            413: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Problem"];
        };
    };
    listRumSites: {
        parameters: {
            query?: {
                /** @description The `next_cursor` of the previous page. */
                cursor?: components["parameters"]["Cursor"];
                limit?: components["parameters"]["Limit"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of sites. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["RumSite"][];
                        next_cursor: string | null;
                    };
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    createRumSite: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RumSiteInput"] & unknown;
            };
        };
        responses: {
            /** @description The site, with its key and snippet. */
            201: {
                headers: {
                    Location?: string;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RumSite"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            415: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getRumSite: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                site_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The site. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RumSite"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    deleteRumSite: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                site_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    updateRumSite: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                site_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RumSiteInput"];
            };
        };
        responses: {
            /** @description The site as it is now. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RumSite"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            415: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listRumSiteAlerts: {
        parameters: {
            query?: {
                /** @description The `next_cursor` of the previous page. */
                cursor?: components["parameters"]["Cursor"];
                limit?: components["parameters"]["Limit"];
            };
            header?: never;
            path: {
                site_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the site's alerts. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["RumAlert"][];
                        next_cursor: string | null;
                    };
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getRumAttribution: {
        parameters: {
            query: {
                from?: string;
                metric: "lcp_ms" | "inp_ms" | "cls";
                /** @description Only this page group's page views. */
                page_group?: string;
                to?: string;
            };
            header?: never;
            path: {
                site_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The targets, the most slow page views first. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RumAttribution"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getRumSeries: {
        parameters: {
            query: {
                /** @description Split the page views by page group, device class or country. */
                by?: "page_group" | "device" | "country";
                /** @description Only this country's page views: ISO 3166 alpha-2, `XX` when unknown. */
                country?: string;
                /** @description Only this device class's page views. */
                device?: "mobile" | "tablet" | "desktop";
                from?: string;
                metric: components["schemas"]["RumMetric"];
                /** @description Only this page group's page views (one of the site's page groups' names, or `other`). */
                page_group?: string;
                to?: string;
                /** @description With `by`, how many values to show apart (default 5); the rest are `other`. */
                top?: number;
            };
            header?: never;
            path: {
                site_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The series, its splits, and the lab's and CrUX's figures beside them. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RumSeries"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getRumBeacon: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The script. */
            200: {
                headers: {
                    /** @description `*`: loaded by any site. */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description `public, max-age=3600`. */
                    "Cache-Control"?: string;
                    /** @description `cross-origin`: loadable by a page that requires it (COEP). */
                    "Cross-Origin-Resource-Policy"?: string;
                    /** @description The content's hash, quoted; the gzipped bytes carry `-gz` after it. */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    /** @example "use strict";(()=>{var F=class{s;n=0;r=[]; /* ... about 13 KB, minified *\/})(); */
                    "text/javascript": string;
                };
            };
            /** @description Not modified (`If-None-Match` named the current ETag); no body. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            404: components["responses"]["Problem"];
        };
    };
    collectRumBeacon: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "site": "rs_4f9a2c7e1b",
                 *       "path": "/products/42",
                 *       "navigation": "navigate",
                 *       "device": "mobile",
                 *       "connection": "4g",
                 *       "vitals": {
                 *         "lcp_ms": 2310,
                 *         "inp_ms": 180,
                 *         "cls": 0.04,
                 *         "fcp_ms": 1200,
                 *         "ttfb_ms": 420
                 *       },
                 *       "attribution": {
                 *         "lcp": {
                 *           "target": "main>img.hero",
                 *           "ttfb_ms": 420,
                 *           "resource_load_delay_ms": 310,
                 *           "resource_load_duration_ms": 1200,
                 *           "element_render_delay_ms": 380
                 *         },
                 *         "inp": {
                 *           "target": "button#add-to-cart",
                 *           "type": "pointer",
                 *           "input_delay_ms": 12,
                 *           "processing_duration_ms": 120,
                 *           "presentation_delay_ms": 48
                 *         }
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description What made the page slow, from web-vitals' attribution build: a target is a CSS selector (kept to 200 characters); phases in milliseconds. */
                    attribution?: {
                        cls?: {
                            target?: string;
                        };
                        inp?: {
                            input_delay_ms?: number;
                            presentation_delay_ms?: number;
                            processing_duration_ms?: number;
                            target?: string;
                            /** @enum {string} */
                            type?: "pointer" | "keyboard";
                        };
                        lcp?: {
                            element_render_delay_ms?: number;
                            resource_load_delay_ms?: number;
                            resource_load_duration_ms?: number;
                            target?: string;
                            ttfb_ms?: number;
                        };
                    };
                    /** @enum {string} */
                    connection?: "slow-2g" | "2g" | "3g" | "4g";
                    /** @enum {string} */
                    device: "mobile" | "tablet" | "desktop";
                    /** @enum {string} */
                    navigation: "navigate" | "reload" | "back-forward" | "back-forward-cache" | "prerender" | "restore";
                    /** @description location.pathname (and location.search where the site keeps query strings). */
                    path: string;
                    /** @description The site's public key (the snippet's `data-site`). */
                    site: string;
                    vitals: {
                        cls?: number;
                        fcp_ms?: number;
                        inp_ms?: number;
                        lcp_ms?: number;
                        ttfb_ms?: number;
                    };
                } & {
                    [key: string]: unknown;
                };
                /** @example {"site":"rs_4f9a2c7e1b","path":"/products/42","navigation":"navigate","device":"mobile","connection":"4g","vitals":{"lcp_ms":2310,"inp_ms":180,"cls":0.04,"fcp_ms":1200,"ttfb_ms":420}} */
                "text/plain": string;
            };
        };
        responses: {
            /** @description Received (counted, or dropped and counted), and the CORS headers when the Origin is one of the site's. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            404: components["responses"]["Problem"];
            413: components["responses"]["Problem"];
        };
    };
    listStatusPages: {
        parameters: {
            query?: {
                /** @description The `next_cursor` of the previous page. */
                cursor?: components["parameters"]["Cursor"];
                limit?: components["parameters"]["Limit"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of status pages. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["StatusPage"][];
                        next_cursor: string | null;
                    };
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    createStatusPage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateStatusPage"];
            };
        };
        responses: {
            /** @description Created. */
            201: {
                headers: {
                    /** @description The status page's address in the API. */
                    Location?: string;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StatusPage"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            413: components["responses"]["Problem"];
            415: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Problem"];
        };
    };
    getStatusPage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                status_page_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The status page. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StatusPage"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    deleteStatusPage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                status_page_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Problem"];
        };
    };
    updateStatusPage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                status_page_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateStatusPage"];
            };
        };
        responses: {
            /** @description The status page as it is now. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StatusPage"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            415: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Problem"];
        };
    };
    statusPageReport: {
        parameters: {
            query?: {
                /** @description The range's start (rounded down to the hour); not with month. */
                from?: components["parameters"]["ReportFrom"];
                /**
                 * @description A month in UTC, `2026-11`; without month, from and to: the month so far.
                 * @example 2026-11
                 */
                month?: components["parameters"]["ReportMonth"];
                /** @description The range's end (rounded up to the hour; at most 366 days after from; default now). */
                to?: components["parameters"]["ReportTo"];
            };
            header?: never;
            path: {
                status_page_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The report. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StatusPageUptimeReport"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    statusPageReportCsv: {
        parameters: {
            query?: {
                /** @description The range's start (rounded down to the hour); not with month. */
                from?: components["parameters"]["ReportFrom"];
                /**
                 * @description A month in UTC, `2026-11`; without month, from and to: the month so far.
                 * @example 2026-11
                 */
                month?: components["parameters"]["ReportMonth"];
                /** @description The range's end (rounded up to the hour; at most 366 days after from; default now). */
                to?: components["parameters"]["ReportTo"];
            };
            header?: never;
            path: {
                status_page_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The CSV. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example name,from,to,checks,up,down,uptime_percent,incidents,downtime_seconds,recovered,mean_recovery_seconds,longest_recovery_seconds
                     *     Shop,2026-11-01T00:00:00.000Z,2026-12-01T00:00:00.000Z,43200,43190,10,99.977,1,600,1,600,600
                     */
                    "text/csv": string;
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listStatusPageSubscribers: {
        parameters: {
            query?: {
                /** @description The `next_cursor` of the previous page. */
                cursor?: components["parameters"]["Cursor"];
                limit?: components["parameters"]["Limit"];
            };
            header?: never;
            path: {
                status_page_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of subscribers. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: {
                            confirmed: number;
                            total: number;
                        };
                        data: components["schemas"]["StatusSubscriber"][];
                        next_cursor: string | null;
                    };
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    exportStatusPageSubscribers: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                status_page_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The CSV. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example id,kind,address,confirmed_at,monitor_ids,created_at
                     *     0191f3b0-bbbb-7aaa-8bbb-0123456789ab,email,ana@example.com,2026-11-24T09:05:00.000Z,,2026-11-24T09:00:00.000Z
                     */
                    "text/csv": string;
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    removeStatusPageSubscriber: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                status_page_id: string;
                subscriber_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Problem"];
        };
    };
    listStatusPageSubscriberDeliveries: {
        parameters: {
            query?: {
                /** @description The `next_cursor` of the previous page. */
                cursor?: components["parameters"]["Cursor"];
                limit?: components["parameters"]["Limit"];
            };
            header?: never;
            path: {
                status_page_id: string;
                subscriber_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of deliveries. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ChannelDelivery"][];
                        next_cursor: string | null;
                    };
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listTests: {
        parameters: {
            query?: {
                /** @description The `next_cursor` of the previous page. */
                cursor?: string;
                limit?: number;
                status?: components["schemas"]["TestStatus"];
                type?: components["schemas"]["TestType"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of tests. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Test"][];
                        /** @description Null on the last page. */
                        next_cursor: string | null;
                    };
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    createTest: {
        parameters: {
            query?: never;
            header?: {
                /** @description Repeats within 24 hours return the original test with `replayed` true. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateTest"];
            };
        };
        responses: {
            /** @description An idempotent replay: the original test as it is now, with `replayed` true. Nothing was spent. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReplayedTest"];
                };
            };
            /** @description Accepted and queued. */
            202: {
                headers: {
                    /** @description The test's address. */
                    Location?: string;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedTest"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            402: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            413: components["responses"]["Problem"];
            415: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
            501: components["responses"]["Problem"];
            503: components["responses"]["Problem"];
        };
    };
    getTest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                test_id: components["parameters"]["TestId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The test. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description While the test is queued or running: seconds until it is worth looking again (what its type usually takes, less what it has run; 1 to 30). Absent once it has finished. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Test"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listArtifacts: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                test_id: components["parameters"]["TestId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The artifacts. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Artifact"][];
                    };
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            410: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    compareTests: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The test to compare against (the baseline). */
                base_id: string;
                test_id: components["parameters"]["TestId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The comparison. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Comparison"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getHar: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                test_id: components["parameters"]["TestId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The HAR file. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        log: Record<string, never>;
                    };
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            410: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listVariables: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The team's variables. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Variable"][];
                        /** @description Always null: every variable is on the one page. */
                        next_cursor: null;
                    };
                };
            };
            401: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    createVariable: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateVariable"];
            };
        };
        responses: {
            /** @description Replaced. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Variable"];
                };
            };
            /** @description Created. */
            201: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Variable"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            415: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
            501: components["responses"]["Problem"];
            503: components["responses"]["Problem"];
        };
    };
    getVariable: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Letters, digits and `_`, not starting with a digit; case-sensitive. */
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The variable. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Variable"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    putVariable: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Letters, digits and `_`, not starting with a digit; case-sensitive. */
                name: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PutVariable"];
            };
        };
        responses: {
            /** @description Replaced. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Variable"];
                };
            };
            /** @description Created. */
            201: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Variable"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            415: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
            501: components["responses"]["Problem"];
            503: components["responses"]["Problem"];
        };
    };
    deleteVariable: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Letters, digits and `_`, not starting with a digit; case-sensitive. */
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Problem"];
        };
    };
    rumAlertMessage: {
        parameters: {
            query?: never;
            header: {
                /** @description Identifies the delivery; the same on the retry. */
                "X-Service-Delivery": components["parameters"]["DeliveryHeader"];
                "X-Service-Event": components["parameters"]["EventHeader"];
                /** @description `t=<unix seconds>,v1=<HMAC-SHA256(secret, "<t>.<raw body>") as 64 lowercase hex>`; absent when the team has no secret. While the team rotates its secret, one `v1=` per valid secret, the new one first (`t=<ts>,v1=<new>,v1=<old>`, as Stripe signs): accept when any matches. */
                "X-Service-Signature"?: components["parameters"]["SignatureHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RumAlertPayload"];
            };
        };
        responses: {
            /** @description Accepted. Any 2xx is success. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad signature; not retried. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    testFinishedCallback: {
        parameters: {
            query?: never;
            header: {
                /** @description Identifies the delivery; the same on the retry. */
                "X-Service-Delivery": components["parameters"]["DeliveryHeader"];
                "X-Service-Event": components["parameters"]["EventHeader"];
                /** @description `t=<unix seconds>,v1=<HMAC-SHA256(secret, "<t>.<raw body>") as 64 lowercase hex>`; absent when the team has no secret. While the team rotates its secret, one `v1=` per valid secret, the new one first (`t=<ts>,v1=<new>,v1=<old>`, as Stripe signs): accept when any matches. */
                "X-Service-Signature"?: components["parameters"]["SignatureHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CallbackPayload"];
            };
        };
        responses: {
            /** @description Accepted. Any 2xx is success. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad signature; not retried. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
