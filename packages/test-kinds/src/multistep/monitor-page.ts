import { COMMON_BADGES, type ChartPlan, type MonitorPageTraits } from '../monitor/monitor-page-traits.ts';
import { requestName, requestsOf } from './requests.ts';

/** A chart of each request's time, as its checks record it (`step:<name>`, the kind's namedMetrics). */
function requestCharts(monitor: { url: string; options: unknown }): ChartPlan[] {
  return requestsOf(monitor.options).map((request, i) => {
    const name = requestName(request, monitor.url);
    return {
      id: `step-${i + 1}`,
      title: `Step ${i + 1}: ${name}`,
      unit: 'ms',
      series: [[`step:${name}`, 'Request time']],
      group: 'Each request’s time',
    };
  });
}

/** A multistep monitor's page: its checks, the whole sequence's time and each request's, a response-time badge. */
export const multistepMonitorPage: MonitorPageTraits = {
  run: 'check',
  charts: [
    { id: 'response-time', title: 'All requests (average)', unit: 'ms', series: [['total_ms', 'All requests']] },
  ],
  namedCharts: requestCharts,
  badges: [...COMMON_BADGES, 'response_time'],
};
