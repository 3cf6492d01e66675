import type { KnownBlock } from '@slack/types';
import type { AlertMessage } from '../alert-message.ts';
import { clip } from './clip.ts';

// Slack's incoming webhooks take `text` (the notification and the fallback) and Block Kit `blocks`.
// Limits from Slack's Block Kit reference: a header's text 150 characters, a section's text 3,000, at
// most 10 fields of 2,000 each, a context's elements 10, a button's text 75 and its URL 3,000.
export const SLACK_LIMITS = {
  header: 150,
  sectionText: 3000,
  fields: 10,
  field: 2000,
  contextElements: 10,
  buttonText: 75,
  buttonUrl: 3000,
  blocks: 50,
} as const;

const EMOJI = {
  critical: ':red_circle:',
  warning: ':warning:',
  info: ':information_source:',
  resolved: ':white_check_mark:',
};

/** mrkdwn's three control characters, escaped as Slack asks: text from a site cannot make a link or a mention. */
export const slackEscape = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

export function slackBody(message: AlertMessage): { text: string; blocks: KnownBlock[] } {
  const L = SLACK_LIMITS;
  const blocks: KnownBlock[] = [
    { type: 'header', text: { type: 'plain_text', text: clip(message.title, L.header), emoji: true } },
    {
      type: 'section',
      text: { type: 'mrkdwn', text: clip(`${EMOJI[message.severity]} ${slackEscape(message.summary)}`, L.sectionText) },
    },
  ];
  if (message.facts.length > 0) {
    blocks.push({
      type: 'section',
      fields: message.facts.slice(0, L.fields).map((fact) => ({
        type: 'mrkdwn' as const,
        text: clip(`*${slackEscape(fact.label)}*\n${slackEscape(fact.value)}`, L.field),
      })),
    });
  }
  blocks.push({
    type: 'context',
    elements: [{ type: 'mrkdwn', text: `Pageprobe · \`${message.event}\` · ${message.at}` }],
  });
  if (message.links.length > 0) {
    blocks.push({
      type: 'actions',
      elements: message.links.slice(0, 25).map((link, i) => ({
        type: 'button' as const,
        action_id: `link_${i}`,
        text: { type: 'plain_text' as const, text: clip(link.text, L.buttonText) },
        url: link.url,
      })),
    });
  }
  return { text: clip(slackEscape(`${message.title}: ${message.summary}`), L.sectionText), blocks };
}
