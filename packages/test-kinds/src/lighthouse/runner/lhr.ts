// The parts of Lighthouse's result (LHR) this worker reads: typed narrowly, so a fixture is easy to
// write and a Lighthouse upgrade that changes them fails typechecking here rather than at run time.

export interface LhrAudit {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  displayValue?: string;
  numericValue?: number;
  metricSavings?: Record<string, number>;
  details?: {
    type?: string;
    overallSavingsMs?: number;
    overallSavingsBytes?: number;
    items?: Array<{
      timing?: number;
      data?: string;
      resourceType?: string;
      requestCount?: number;
      transferSize?: number;
      /** user-timings: a mark's or a measure's name, start and duration (ms from navigation start). */
      name?: string;
      startTime?: number;
      duration?: number;
      timingType?: string;
    }>;
    data?: string;
  };
}

export interface LhrCategory {
  score: number | null;
  auditRefs: Array<{ id: string; weight: number; group?: string }>;
}

export interface Lhr {
  finalDisplayedUrl?: string;
  runtimeError?: { code: string; message: string };
  runWarnings?: string[];
  categories: Record<string, LhrCategory | undefined>;
  /** Lighthouse's audit groups (insights, diagnostics, a11y-…), with their titles in the run's locale. */
  categoryGroups?: Record<string, { title: string } | undefined>;
  audits: Record<string, LhrAudit | undefined>;
  fullPageScreenshot?: { screenshot: { data: string; width: number; height: number } };
}
