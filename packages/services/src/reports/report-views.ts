import { combinedReport, type MonitorReport } from '@pageprobe/monitors';
import { neighbourMonths, type UptimeReportView } from '@pageprobe/pages';
import { REPORT_CSS_PATH } from '@pageprobe/test-kinds';
import type { StatusPageReport } from './uptime-reports.ts';

// A report's printable page's data (issue 58): the figures as the page lays them out, and its links to
// the months around it under the page's own address.

const monthLinks = (self: string, from: string, now: Date) => {
  const { previous, next } = neighbourMonths(from, now);
  return { css: REPORT_CSS_PATH, previous: `${self}?month=${previous}`, next: next ? `${self}?month=${next}` : null };
};

export function monitorReportView(name: string, r: MonitorReport, self: string, now = new Date()): UptimeReportView {
  return {
    title: name,
    subtitle: 'Monitor report',
    from: r.from,
    to: r.to,
    total: combinedReport([r]),
    lines: [],
    incidents: r.incidents.filter((i) => !i.maintenance).map((i) => ({ name, ...i })),
    links: { ...monthLinks(self, r.from, now), csv: null },
  };
}

export function statusReportView(r: StatusPageReport, self: string, now = new Date()): UptimeReportView {
  return {
    title: r.status_page.title,
    subtitle: 'Status page report',
    from: r.from,
    to: r.to,
    total: r,
    lines: r.components.map((c) => ({ name: c.label, ...combinedReport([c]) })),
    incidents: r.components
      .flatMap((c) => c.incidents.filter((i) => !i.maintenance).map((i) => ({ name: c.label, ...i })))
      .sort((a, b) => a.started_at.localeCompare(b.started_at)),
    links: { ...monthLinks(self, r.from, now), csv: null },
  };
}
