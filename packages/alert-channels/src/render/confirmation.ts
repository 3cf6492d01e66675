import { clip } from './clip.ts';
import type { EmailContent } from './email.ts';

const escapeHtml = (s: string) =>
  s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/**
 * The one mail an email channel's new address gets before it confirms (issue 44). Its subject is ours
 * alone: whoever made the channel chooses nothing in it (an alert's subject carries the monitor's URL).
 * The channel's and team's names are theirs, so they are quoted, clipped and escaped in the body.
 */
export function confirmationEmail(input: {
  link: string;
  address: string;
  channelName: string;
  teamName: string;
  expiresAt: Date;
}): EmailContent {
  const channel = clip(input.channelName, 100);
  const team = clip(input.teamName, 100);
  const until = input.expiresAt.toISOString().slice(0, 16).replace('T', ' ');
  const text = [
    `Someone on the Pageprobe team “${team}” asked that the alerts of their channel “${channel}” be mailed to ${input.address}.`,
    '',
    'Nothing more will be sent to this address unless you confirm, here:',
    input.link,
    '',
    `The link works once, until ${until} UTC. If you did not expect this mail, ignore it: no other mail will come.`,
  ].join('\n');
  const html = `<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif;color:#1b1b1b">
<p>Someone on the Pageprobe team “${escapeHtml(team)}” asked that the alerts of their channel “${escapeHtml(channel)}” be mailed to ${escapeHtml(input.address)}.</p>
<p>Nothing more will be sent to this address unless you confirm: <a href="${escapeHtml(input.link)}">confirm this address</a>.</p>
<p style="color:#666;font-size:12px">The link works once, until ${escapeHtml(until)} UTC. If you did not expect this mail, ignore it: no other mail will come.</p>
</body></html>`;
  return { subject: 'Confirm your address for Pageprobe alerts', text, html };
}
