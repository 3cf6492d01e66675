import type { ArtifactKind, Db } from '@pageprobe/db';
import type { Storage } from '@pageprobe/storage';
import type { Lhr } from './lhr.ts';

interface Pending {
  kind: ArtifactKind;
  name: string;
  body: Buffer;
  contentType: string;
  timingMs: number | null;
}

function dataUrl(data: string | undefined): { body: Buffer; contentType: string } | null {
  const match = /^data:([^;,]+);base64,(.*)$/s.exec(data ?? '');
  return match ? { contentType: match[1]!, body: Buffer.from(match[2]!, 'base64') } : null;
}

const extension = (contentType: string) => contentType.split('/')[1]?.replace('jpeg', 'jpg') ?? 'bin';

/** Screenshots, filmstrip, full-page screenshot, raw LHR, HTML report and HAR of one run. */
export function collectArtifacts(lhr: Lhr, lhrJson: string, reportHtml: string, harJson: string): Pending[] {
  const out: Pending[] = [];
  const final = dataUrl(lhr.audits['final-screenshot']?.details?.data);
  if (final) out.push({ kind: 'final_screenshot', name: `final-screenshot.${extension(final.contentType)}`, ...final, timingMs: null });
  const frames = lhr.audits['screenshot-thumbnails']?.details?.items ?? [];
  frames.forEach((frame, i) => {
    const image = dataUrl(frame.data);
    if (!image) return;
    const timing = Math.round(frame.timing ?? 0);
    const name = `filmstrip/${String(i).padStart(2, '0')}-${timing}ms.${extension(image.contentType)}`;
    out.push({ kind: 'filmstrip_frame', name, ...image, timingMs: timing });
  });
  const full = dataUrl(lhr.fullPageScreenshot?.screenshot.data);
  if (full) out.push({ kind: 'full_page_screenshot', name: `full-page.${extension(full.contentType)}`, ...full, timingMs: null });
  out.push({ kind: 'lighthouse_json', name: 'lighthouse.json', body: Buffer.from(lhrJson), contentType: 'application/json', timingMs: null });
  out.push({ kind: 'lighthouse_html', name: 'lighthouse.html', body: Buffer.from(reportHtml), contentType: 'text/html; charset=utf-8', timingMs: null });
  out.push({ kind: 'har', name: 'page.har', body: Buffer.from(harJson), contentType: 'application/json', timingMs: null });
  return out;
}

/**
 * Uploads under the test's own prefix and records the rows. A retried run replaces what an earlier
 * attempt left, so the list always matches one run.
 */
export async function storeArtifacts(db: Db, storage: Storage, testId: string, artifacts: Pending[]): Promise<void> {
  const keyed = artifacts.map((a) => ({ ...a, storageKey: `tests/${testId}/${a.name}` }));
  await Promise.all(keyed.map((a) => storage.put(a.storageKey, a.body, a.contentType)));
  await db.$transaction([
    db.artifact.deleteMany({ where: { testId } }),
    db.artifact.createMany({
      data: keyed.map((a) => ({
        testId,
        kind: a.kind,
        name: a.name,
        storageKey: a.storageKey,
        contentType: a.contentType,
        sizeBytes: a.body.length,
        timingMs: a.timingMs,
      })),
    }),
  ]);
}
