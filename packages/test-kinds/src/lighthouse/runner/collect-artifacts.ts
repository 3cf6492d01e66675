import type { ArtifactUpload } from '@pageprobe/test-kinds';
import type { Lhr } from './lhr.ts';

function dataUrl(data: string | undefined): { body: Buffer; contentType: string } | null {
  const match = /^data:([^;,]+);base64,(.*)$/s.exec(data ?? '');
  return match ? { contentType: match[1]!, body: Buffer.from(match[2]!, 'base64') } : null;
}

const extension = (contentType: string) => contentType.split('/')[1]?.replace('jpeg', 'jpg') ?? 'bin';

/**
 * Screenshots, filmstrip, full-page screenshot, raw LHR, HTML report and HAR of the test's run; and, when
 * it ran several times, every run's LHR (`lighthouse-run-<n>.json`, in the order they ran), so the same
 * runs can be fed to `lhci assert`.
 */
export function collectArtifacts(
  lhr: Lhr,
  lhrJson: string,
  reportHtml: string,
  harJson: string,
  runJsons: string[] = [],
): ArtifactUpload[] {
  const out: ArtifactUpload[] = [];
  const final = dataUrl(lhr.audits['final-screenshot']?.details?.data);
  if (final)
    out.push({
      kind: 'final_screenshot',
      name: `final-screenshot.${extension(final.contentType)}`,
      ...final,
      timingMs: null,
    });
  const frames = lhr.audits['screenshot-thumbnails']?.details?.items ?? [];
  frames.forEach((frame, i) => {
    const image = dataUrl(frame.data);
    if (!image) return;
    const timing = Math.round(frame.timing ?? 0);
    const name = `filmstrip/${String(i).padStart(2, '0')}-${timing}ms.${extension(image.contentType)}`;
    out.push({ kind: 'filmstrip_frame', name, ...image, timingMs: timing });
  });
  const full = dataUrl(lhr.fullPageScreenshot?.screenshot.data);
  if (full)
    out.push({
      kind: 'full_page_screenshot',
      name: `full-page.${extension(full.contentType)}`,
      ...full,
      timingMs: null,
    });
  out.push({
    kind: 'lighthouse_json',
    name: 'lighthouse.json',
    body: Buffer.from(lhrJson),
    contentType: 'application/json',
    timingMs: null,
  });
  if (runJsons.length > 1)
    out.push(
      ...runJsons.map((json, i) => ({
        kind: 'lighthouse_json' as const,
        name: `lighthouse-run-${i + 1}.json`,
        body: Buffer.from(json),
        contentType: 'application/json',
        timingMs: null,
      })),
    );
  out.push({
    kind: 'lighthouse_html',
    name: 'lighthouse.html',
    body: Buffer.from(reportHtml),
    contentType: 'text/html; charset=utf-8',
    timingMs: null,
  });
  out.push({
    kind: 'har',
    name: 'page.har',
    body: Buffer.from(harJson),
    contentType: 'application/json',
    timingMs: null,
  });
  return out;
}
