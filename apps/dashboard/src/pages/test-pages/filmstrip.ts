import { html, type SafeHtml } from '@pageprobe/html';
import { fmtMs, type ReportArtifact } from '@pageprobe/test-kinds';

/** Lighthouse's viewports (its screen emulation) and its thumbnails (120 px wide), for the images' room. */
const SIZES = {
  mobile: { shot: [412, 823], frame: [120, 240] },
  desktop: { shot: [1350, 940], frame: [120, 84] },
} as const;

/**
 * The page when loading finished, and how it got there: the filmstrip's frames with their times, lazily
 * loaded (a dozen images below the fold). Width and height reserve their room (no layout shift).
 */
export function screenshots(
  artifacts: ReportArtifact[],
  device: string,
  href: (a: ReportArtifact) => string,
): SafeHtml | string {
  const size = SIZES[device === 'desktop' ? 'desktop' : 'mobile'];
  const final = artifacts.find((a) => a.kind === 'final_screenshot');
  const frames = artifacts
    .filter((a) => a.kind === 'filmstrip_frame')
    .sort((a, b) => (a.timingMs ?? 0) - (b.timingMs ?? 0));
  if (!final && !frames.length) return '';
  return html`${
    final
      ? html`<h3>The page</h3><figure class="final-shot"><img src="${href(final)}" alt="The page when loading finished" width="${size.shot[0]}" height="${size.shot[1]}"><figcaption>When loading finished</figcaption></figure>`
      : ''
  }${
    frames.length
      ? html`<h3 id="filmstrip-title">How the page loaded</h3><ol class="filmstrip" aria-labelledby="filmstrip-title">${frames.map(
          (f) =>
            html`<li><img src="${href(f)}" alt="The page at ${fmtMs(f.timingMs)}" width="${size.frame[0]}" height="${size.frame[1]}" loading="lazy"><span>${fmtMs(f.timingMs)}</span></li>`,
        )}</ol>`
      : ''
  }`;
}
