import { html } from '@pageprobe/html';
import { fmtDuration, fmtPercent } from './format.ts';

/** One monitor's line of a team's month. */
export interface TeamReportLine {
  name: string;
  uptime_percent: number | null;
  checks: number;
  incidents: number;
  downtime_seconds: number;
}

/**
 * The monthly mail of a team's uptime report (issue 58 item 6), to a member who asked for it: the
 * month's figures of each monitor, worst first, and where to read more. Names are the team's: escaped.
 */
export function teamReportMail(input: {
  teamName: string;
  month: string;
  total: { uptime_percent: number | null; incidents: number; downtime_seconds: number };
  lines: TeamReportLine[];
  dashboardUrl: string;
}) {
  const lines = [...input.lines].sort((a, b) => (a.uptime_percent ?? 101) - (b.uptime_percent ?? 101)).slice(0, 100);
  const subject = `${input.teamName.slice(0, 100)}: uptime report, ${input.month}`;
  const row = (l: TeamReportLine) =>
    `${fmtPercent(l.uptime_percent).padStart(9)}  ${String(l.incidents).padStart(3)} incidents  ${fmtDuration(l.downtime_seconds * 1000).padStart(9)} down  ${l.name}`;
  const text = [
    `${input.teamName}, ${input.month}: ${fmtPercent(input.total.uptime_percent)} up, ${input.total.incidents} incidents, ${fmtDuration(input.total.downtime_seconds * 1000)} down.`,
    '',
    ...lines.map(row),
    '',
    `More, and the printable reports: ${input.dashboardUrl}`,
    'You get this because you asked for it in the dashboard (Team); untick it there to stop.',
  ].join('\n');
  const body = html`<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif;color:#1b1b1b">
<h1 style="font-size:1.2rem">${input.teamName}: uptime in ${input.month}</h1>
<p><strong>${fmtPercent(input.total.uptime_percent)}</strong> up · ${input.total.incidents} incidents · ${fmtDuration(input.total.downtime_seconds * 1000)} down</p>
<table cellpadding="4"><thead><tr><th align="left">Monitor</th><th align="right">Uptime</th><th align="right">Incidents</th><th align="right">Down</th></tr></thead>
<tbody>${lines.map((l) => html`<tr><td>${l.name}</td><td align="right">${fmtPercent(l.uptime_percent)}</td><td align="right">${l.incidents}</td><td align="right">${fmtDuration(l.downtime_seconds * 1000)}</td></tr>`)}</tbody></table>
<p><a href="${input.dashboardUrl}">Open the dashboard</a> for more and the printable reports.</p>
<p style="color:#666;font-size:12px">You get this because you asked for it in the dashboard (Team); untick it there to stop.</p>
</body></html>`;
  return { subject, text, html: body.value };
}
