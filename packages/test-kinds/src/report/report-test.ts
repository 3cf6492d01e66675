import type { SafeHtml } from '@pageprobe/html';

/** What a report shows of a test: the stored row, as the report route reads it. */
export interface ReportTest {
  id: string;
  type: string;
  url: string;
  device: string;
  status: 'queued' | 'running' | 'completed' | 'failed';
  performanceScore: number | null;
  structureScore: number | null;
  grade: string | null;
  scores: Record<string, number | null> | null;
  vitals: Record<string, number | null> | null;
  audits: unknown;
  seoIssues: unknown;
  result: Record<string, unknown> | null;
  errorCode: string | null;
  errorMessage: string | null;
  /** The verdict on the test's assertions (issue 15); both null without them. */
  assertionResults: unknown;
  passed: boolean | null;
  /** Each run of a test of several (issue 15), and their performance scores' spread; null otherwise. */
  runResults: unknown;
  spread: unknown;
  /** What the request asked beyond url/type/device (issue 18), secret values already redacted. */
  options: unknown;
  createdAt: Date;
  completedAt: Date | null;
}

export interface ReportArtifact {
  id: string;
  kind: string;
  name: string;
  contentType: string;
  storageKey: string;
  timingMs: number | null;
}

/** What a kind's report view may reach beyond the row: its artifacts, loaded only when it asks. */
export interface ReportContext {
  artifacts(): Promise<ReportArtifact[]>;
  /** An artifact's bytes from storage; at most `maxBytes` (a larger file is refused with an error). */
  read(artifact: ReportArtifact, maxBytes: number): Promise<Buffer>;
  /** Where the page links to an artifact (images, Lighthouse's own report). */
  href(artifact: ReportArtifact): string;
  warn(message: string, error: unknown): void;
}

/** A completed test's report body, rendered by its kind. */
export type ReportView = (test: ReportTest, ctx: ReportContext) => SafeHtml | Promise<SafeHtml>;
