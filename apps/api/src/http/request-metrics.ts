import { httpMetrics } from '@pageprobe/ops';
import type { NextFunction, Request, Response } from 'express';
import type { Registry } from 'prom-client';

const registered = new WeakMap<Registry, ReturnType<typeof httpMetrics>>();

/** The registry's request counter and timer, made once (the ping handler counts its requests in them too). */
export function httpMetricsOf(registry: Registry): ReturnType<typeof httpMetrics> {
  let metrics = registered.get(registry);
  if (!metrics) {
    metrics = httpMetrics(registry);
    registered.set(registry, metrics);
  }
  return metrics;
}

/**
 * Counts and times every request by its route template (`/api/v1/tests/:test_id`, never the id itself,
 * so the series stay few), method and status.
 */
export function requestMetrics(registry: Registry) {
  const { requests, duration } = httpMetricsOf(registry);
  return (req: Request, res: Response, next: NextFunction) => {
    const started = performance.now();
    // Express sets req.route when a route matches, while req.baseUrl is still that router's mount path;
    // by 'finish' an error may have unwound the routers and reset it, so the template is taken then.
    let route = 'unmatched';
    let current: unknown;
    Object.defineProperty(req, 'route', {
      configurable: true,
      get: () => current,
      set: (value: { path?: unknown } | undefined) => {
        current = value;
        if (value && typeof value.path === 'string') route = `${req.baseUrl}${value.path}`;
      },
    });
    res.on('finish', () => {
      const labels = { method: req.method, route, status: String(res.statusCode) };
      requests.inc(labels);
      duration.observe(labels, (performance.now() - started) / 1000);
    });
    next();
  };
}
