import { COMMON_BADGES, type MonitorPageTraits } from '../monitor/monitor-page-traits.ts';

/** An audit monitor's page: its structure score (regressions marked) and the issues found by severity. */
export const seoMonitorPage: MonitorPageTraits = {
  run: 'test',
  scoreLabel: 'Structure',
  charts: [
    {
      id: 'structure',
      title: 'Structure score',
      unit: 'score',
      series: [['structure_score', 'Structure']],
      budget: { key: 'seo:structure_score', scale: 100 },
      marked: true,
    },
    {
      id: 'issues',
      title: 'Issues found',
      unit: 'count',
      series: [
        ['errors', 'Errors'],
        ['warnings', 'Warnings'],
        ['notices', 'Notices'],
      ],
    },
  ],
  badges: [...COMMON_BADGES, 'structure_score'],
};
