// Chrome's blocked-URL patterns, read the way Chromium reads them (Network.setBlockedURLs, Blink's
// inspector_network_agent.cc `Matches`): `*` matches any run of characters, and a pattern is implicitly
// starred at both ends, so the pieces between the stars need only appear in the URL in order. Taking
// each piece's first occurrence after the previous one is then exact, and with a KMP search each
// character of the URL is looked at a bounded number of times: linear, whatever the pattern. (A regular
// expression built from the pattern backtracks: `*a*a*…*b` on a 73-character URL held the event loop
// for seconds, issue 28.)

/** Whether Chromium's blocked-URL `pattern` matches `url`. Time O(url + pattern). */
export function matchesPattern(url: string, pattern: string): boolean {
  let from = 0;
  for (const piece of pattern.split('*')) {
    if (!piece) continue;
    const at = indexFrom(url, piece, from);
    if (at < 0) return false;
    from = at + piece.length;
  }
  return true;
}

/** Knuth–Morris–Pratt: the first index ≥ `from` where `needle` occurs in `text`, or -1. */
function indexFrom(text: string, needle: string, from: number): number {
  // fail[i]: the length of the longest proper border of needle[0..i].
  const fail = new Int32Array(needle.length);
  for (let i = 1, k = 0; i < needle.length; i++) {
    while (k > 0 && needle[i] !== needle[k]) k = fail[k - 1]!;
    if (needle[i] === needle[k]) k++;
    fail[i] = k;
  }
  for (let i = from, k = 0; i < text.length; i++) {
    while (k > 0 && text[i] !== needle[k]) k = fail[k - 1]!;
    if (text[i] === needle[k]) k++;
    if (k === needle.length) return i - k + 1;
  }
  return -1;
}
