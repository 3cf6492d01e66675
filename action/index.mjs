// src/action.ts
import { appendFileSync } from "node:fs";
import { randomUUID } from "node:crypto";

// ../client/src/errors.ts
var PageprobeError = class extends Error {
  name = "PageprobeError";
  /** HTTP status; 0 when no answer came (network error, timeout). */
  status;
  /** The API's error code (`validation_failed`, `rate_limited`, `insufficient_credits`, ...). */
  code;
  detail;
  /** Seconds the API asked to wait (Retry-After), when it did. */
  retryAfterSeconds;
  /** Per-field problems of a 400. */
  errors;
  constructor(status, problem, retryAfterSeconds) {
    const code = typeof problem.code === "string" ? problem.code : status === 0 ? "network_error" : `http_${status}`;
    const detail = typeof problem.detail === "string" ? problem.detail : `HTTP ${status}`;
    super(`${code}: ${detail}`);
    this.status = status;
    this.code = code;
    this.detail = detail;
    this.retryAfterSeconds = retryAfterSeconds;
    this.errors = Array.isArray(problem.errors) ? problem.errors : [];
  }
};
function retryAfter(headers) {
  const value = headers.get("retry-after");
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - Date.now()) / 1e3));
}

// ../client/src/wait.ts
var finished = (t) => t.status === "completed" || t.status === "failed";
function sleep(ms, signal) {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true }
    );
  });
}
async function waitForTest(client, testId, opts = {}) {
  const started = Date.now();
  const deadline = started + (opts.timeoutMs ?? 6e5);
  const interval = opts.intervalMs ?? 2e3;
  for (; ; ) {
    let waitMs = interval;
    try {
      const { data: test, headers } = await client.getTestAnswer(testId);
      opts.onProgress?.(test, Date.now() - started);
      if (finished(test)) return test;
      const hint = retryAfter(headers);
      if (hint) waitMs = Math.min(hint * 1e3, Math.max(interval, (Date.now() - started) / 10));
    } catch (error) {
      if (!(error instanceof PageprobeError) || error.code !== "rate_limited") throw error;
      waitMs = (error.retryAfterSeconds ?? interval / 1e3) * 1e3;
    }
    const left = deadline - Date.now();
    if (left <= 0) {
      throw new PageprobeError(
        0,
        { code: "wait_timeout", detail: `The test did not finish in ${opts.timeoutMs ?? 6e5} ms.` },
        null
      );
    }
    await sleep(Math.min(waitMs, left), opts.signal);
  }
}

// ../client/src/client.ts
var queryString = (query) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== void 0) params.set(key, value instanceof Date ? value.toISOString() : String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
};
function createClient(options) {
  const base = `${options.baseUrl.replace(/\/+$/, "")}/api/v1`;
  const doFetch = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? 3e4;
  async function request(method, path, { query, body, headers = {} } = {}) {
    let res;
    try {
      res = await doFetch(`${base}${path}${queryString(query)}`, {
        method,
        headers: {
          authorization: `Bearer ${options.apiKey}`,
          accept: "application/json",
          ...body === void 0 ? {} : { "content-type": "application/json" },
          ...headers
        },
        ...body === void 0 ? {} : { body: JSON.stringify(body) },
        signal: AbortSignal.timeout(timeoutMs)
      });
    } catch (error) {
      throw new PageprobeError(0, { detail: error.message }, null);
    }
    const text = await res.text();
    let parsed = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
    }
    if (!res.ok) throw new PageprobeError(res.status, parsed ?? {}, retryAfter(res.headers));
    return { data: parsed, status: res.status, headers: res.headers };
  }
  const data = async (answer) => (await answer).data;
  const id = (value) => encodeURIComponent(value);
  const client = {
    /** POST /tests. With an idempotency key, a repeat answers the original test (`replayed: true`). */
    createTest: (body, opts = {}) => data(
      request("POST", "/tests", {
        body,
        headers: opts.idempotencyKey ? { "idempotency-key": opts.idempotencyKey } : {}
      })
    ),
    getTest: (testId) => data(request("GET", `/tests/${id(testId)}`)),
    /** GET /tests/{id} with the answer's headers (Retry-After: when to look again). */
    getTestAnswer: (testId) => request("GET", `/tests/${id(testId)}`),
    listTests: (query = {}) => data(request("GET", "/tests", { query })),
    getArtifacts: (testId) => data(request("GET", `/tests/${id(testId)}/artifacts`)),
    getHar: (testId) => data(request("GET", `/tests/${id(testId)}/har`)),
    compareTests: (testId, baseId) => data(request("GET", `/tests/${id(testId)}/compare/${id(baseId)}`)),
    getCredits: () => data(request("GET", "/credits")),
    /** Where tests and monitors can run now: the locations with live workers. */
    listLocations: () => data(request("GET", "/locations")).then((page) => page.data),
    /** Polls until the test is completed or failed (see WaitOptions). */
    waitForTest: (testId, opts = {}) => waitForTest(client, testId, opts),
    monitors: {
      create: (body) => data(request("POST", "/monitors", { body })),
      list: (query = {}) => data(request("GET", "/monitors", { query })),
      get: (monitorId) => data(request("GET", `/monitors/${id(monitorId)}`)),
      update: (monitorId, body) => data(request("PATCH", `/monitors/${id(monitorId)}`, { body })),
      pause: (monitorId) => data(request("PATCH", `/monitors/${id(monitorId)}`, { body: { paused: true } })),
      resume: (monitorId) => data(request("PATCH", `/monitors/${id(monitorId)}`, { body: { paused: false } })),
      delete: async (monitorId) => {
        await request("DELETE", `/monitors/${id(monitorId)}`);
      },
      /**
       * POST /monitors/{id}/rotate-token: a new link for the monitor's page (`page`), its badges
       * (`badges`) or a heartbeat's `ping_url` (`ping`); the old one answers 404.
       */
      rotateToken: (monitorId, token) => data(request("POST", `/monitors/${id(monitorId)}/rotate-token`, { body: { token } })),
      tests: (monitorId, query = {}) => data(request("GET", `/monitors/${id(monitorId)}/tests`, { query })),
      /**
       * GET /monitors/{id}/checks: newest first. An uptime monitor's checks (not tests: `test_id` null), or a
       * lighthouse or seo_crawl monitor's runs summed up (`test_id` set).
       */
      checks: (monitorId, query = {}) => data(request("GET", `/monitors/${id(monitorId)}/checks`, { query })),
      series: (monitorId, query) => data(request("GET", `/monitors/${id(monitorId)}/series`, { query })),
      alerts: (monitorId, query = {}) => data(request("GET", `/monitors/${id(monitorId)}/alerts`, { query })),
      /** GET /monitors/{id}/pings: a heartbeat's pings, newest first, each with the log a POST sent. */
      pings: (monitorId, query = {}) => data(request("GET", `/monitors/${id(monitorId)}/pings`, { query }))
    }
  };
  return client;
}

// src/assertions.ts
import { readFileSync } from "node:fs";
var LEVELS = /* @__PURE__ */ new Set(["error", "warn", "off"]);
var isLevel = (s) => s !== void 0 && LEVELS.has(s);
var UsageError = class extends Error {
  name = "UsageError";
};
function parseAssert(arg) {
  const at = arg.indexOf("=");
  if (at <= 0) throw new UsageError(`--assert ${arg}: expected <key>=<expr>`);
  const key = arg.slice(0, at);
  const parts = arg.slice(at + 1).split(":");
  if (parts.length === 1 && isLevel(parts[0])) return [key, parts[0]];
  const [level, operator, value] = parts.length === 3 ? parts : ["error", ...parts];
  const number = Number(value);
  if (!isLevel(level) || !operator || value === void 0 || value === "" || !Number.isFinite(number)) {
    throw new UsageError(`--assert ${arg}: expected <key>=[<level>:]<operator>:<number> or <key>=<level>`);
  }
  return [key, [level, { [operator]: number }]];
}
function readLighthouserc(path) {
  let rc;
  try {
    rc = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new UsageError(`--config ${path}: ${error.message}`);
  }
  const assertions = rc.ci?.assert?.assertions ?? rc.assertions ?? {};
  if (typeof assertions !== "object" || Array.isArray(assertions)) {
    throw new UsageError(`--config ${path}: ci.assert.assertions must be an object`);
  }
  const runs = rc.ci?.collect?.numberOfRuns;
  return { assertions, ...typeof runs === "number" ? { runs } : {} };
}
function gatherAssertions(config, exprs, json = {}) {
  const rc = config ? readLighthouserc(config) : { assertions: {} };
  const assertions = { ...rc.assertions, ...json };
  for (const arg of exprs) {
    const [key, expr] = parseAssert(arg);
    assertions[key] = expr;
  }
  return { ...Object.keys(assertions).length ? { assertions } : {}, ...rc.runs ? { runs: rc.runs } : {} };
}

// src/progress.ts
function progressReporter(stream, label) {
  const started = Date.now();
  let state = "queued";
  const seconds = () => ((Date.now() - started) / 1e3).toFixed(1);
  if (!stream.isTTY) {
    stream.write(`${label}: ${state}
`);
    return {
      update(test) {
        if (test.status === state) return;
        state = test.status;
        stream.write(`${label}: ${state} after ${seconds()} s
`);
      },
      done() {
      }
    };
  }
  const draw = () => stream.write(`\r\x1B[2K${label}: ${state} ${seconds()} s`);
  const timer = setInterval(draw, 1e3);
  draw();
  return {
    update(test) {
      state = test.status;
      draw();
    },
    done() {
      clearInterval(timer);
      draw();
      stream.write("\n");
    }
  };
}

// src/run-tests.ts
var outcomeCode = (tests) => tests.every((t) => t.status === "completed" && t.passed !== false) ? 0 : 1;
async function runTests(client, plan, progress) {
  const started = [];
  for (const url of plan.urls) started.push(await client.createTest({ ...plan.body, url }));
  if (!plan.wait) return started;
  return Promise.all(
    started.map(async (t) => {
      const reporter = progressReporter(progress, plan.urls.length > 1 ? t.url : `test ${t.id}`);
      try {
        return await client.waitForTest(t.id, {
          timeoutMs: plan.timeoutMs,
          onProgress: (test) => reporter.update(test)
        });
      } finally {
        reporter.done();
      }
    })
  );
}

// src/workflow-command.ts
var escapeData = (s) => s.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
var escapeProperty = (s) => escapeData(s).replace(/:/g, "%3A").replace(/,/g, "%2C");
function workflowCommand(name, message, properties = {}) {
  const props = Object.entries(properties).map(([k, v]) => `${k}=${escapeProperty(v)}`).join(",");
  return `::${name}${props ? ` ${props}` : ""}::${escapeData(message)}
`;
}

// src/action.ts
var input = (name) => (process.env[`INPUT_${name.replace(/ /g, "_").toUpperCase()}`] ?? "").trim();
function assertionsInput(text, configPath) {
  if (text.startsWith("{")) return gatherAssertions(configPath || void 0, [], JSON.parse(text));
  const lines = text.split("\n").map((l) => l.trim()).filter(Boolean);
  return gatherAssertions(configPath || void 0, lines);
}
function output(name, value) {
  const file = process.env.GITHUB_OUTPUT;
  if (!file) return void process.stdout.write(`${name}=${value}
`);
  const delimiter = `ghadelimiter_${randomUUID()}`;
  appendFileSync(file, `${name}<<${delimiter}
${value}
${delimiter}
`);
}
var cell = (v) => v === null || v === void 0 ? "\u2013" : String(v).replace(/\|/g, "\\|");
function jobSummary(tests) {
  const rows = tests.map((t) => {
    const s = t.scores ?? {};
    const verdict = t.status === "failed" ? `\u274C failed: ${t.error?.code}` : t.passed === false ? "\u274C assertions failed" : "\u2705";
    return `| ${cell(t.url)} | ${cell(t.type)} | ${cell(t.grade)} | ${cell(s.performance)} | ${cell(s.accessibility)} | ${cell(s.best_practices)} | ${cell(s.seo)} | ${cell(t.structure_score)} | ${verdict} | [report](${t.report_url}) |`;
  });
  const failing = tests.flatMap(
    (t) => (t.assertion_results ?? []).filter((r) => !r.passed).map(
      (r) => `- \`${r.key}\` (${r.level}): expected ${r.operator} ${r.expected}, measured ${r.actual ?? "\u2013"} on ${t.url}`
    )
  );
  return [
    "## Pageprobe",
    "",
    "| URL | type | grade | performance | accessibility | best practices | SEO | structure | result | |",
    "|---|---|---|---|---|---|---|---|---|---|",
    ...rows,
    ...failing.length ? ["", "### Assertions that failed", "", ...failing] : [],
    ""
  ].join("\n");
}
async function main() {
  const apiKey = input("api-key");
  if (apiKey) process.stdout.write(workflowCommand("add-mask", apiKey));
  try {
    const urls = input("urls").split(/\s+/).filter(Boolean);
    const baseUrl = input("api-url") || process.env.PAGEPROBE_API_URL || "";
    if (urls.length === 0 || !baseUrl || !apiKey) throw new UsageError("inputs urls, api-url and api-key are required");
    const fromRc = assertionsInput(input("assertions"), input("config"));
    const runs = input("runs") ? Number(input("runs")) : fromRc.runs;
    const tests = await runTests(
      createClient({ baseUrl, apiKey }),
      {
        urls,
        body: {
          ...input("type") ? { type: input("type") } : {},
          ...input("device") ? { device: input("device") } : {},
          ...runs ? { runs } : {},
          ...fromRc.assertions ? { assertions: fromRc.assertions } : {}
        },
        wait: true,
        timeoutMs: (Number(input("timeout")) || 600) * 1e3
      },
      process.stderr
    );
    const first = tests[0];
    output("test-id", first.id);
    output("score", String(first.performance_score ?? first.structure_score ?? ""));
    output("passed", String(outcomeCode(tests) === 0));
    output("report-url", first.report_url);
    output(
      "results",
      JSON.stringify(
        tests.map((t) => ({
          id: t.id,
          url: t.url,
          status: t.status,
          passed: t.passed,
          report_url: t.report_url,
          scores: t.scores
        }))
      )
    );
    if (process.env.GITHUB_STEP_SUMMARY) appendFileSync(process.env.GITHUB_STEP_SUMMARY, jobSummary(tests));
    for (const t of tests)
      if (t.status === "failed" || t.passed === false)
        process.stdout.write(
          workflowCommand(
            "error",
            `${t.url}: ${t.status === "failed" ? t.error?.message : "an assertion failed"} (${t.report_url})`
          )
        );
    return outcomeCode(tests);
  } catch (error) {
    if (error instanceof UsageError || error instanceof PageprobeError || error instanceof SyntaxError) {
      process.stdout.write(workflowCommand("error", error.message));
      return 2;
    }
    throw error;
  }
}
if (true) process.exitCode = await main();
export {
  jobSummary,
  main
};
