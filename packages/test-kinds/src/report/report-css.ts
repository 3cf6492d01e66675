import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** The stylesheet of every report and public page, and the path it is served at (its hash: cached for good). */
export const REPORT_CSS = readFileSync(new URL('./report.css', import.meta.url));
export const REPORT_CSS_PATH = `/reports/assets/report-${createHash('sha256').update(REPORT_CSS).digest('hex').slice(0, 12)}.css`;
