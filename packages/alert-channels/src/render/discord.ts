import type { RESTPostAPIWebhookWithTokenJSONBody } from 'discord-api-types/v10';
import type { AlertMessage } from '../alert-message.ts';
import { COLOURS, clip } from './clip.ts';

// Discord's embed limits: title 256, description 4,096, 25 fields of name 256 and value 1,024, footer
// 2,048, and 6,000 characters in all of a message's embeds.
export const DISCORD_LIMITS = {
  title: 256,
  description: 4096,
  fields: 25,
  name: 256,
  value: 1024,
  footer: 2048,
  total: 6000,
};

export function discordBody(message: AlertMessage): RESTPostAPIWebhookWithTokenJSONBody {
  const L = DISCORD_LIMITS;
  const links = message.links.map((l) => `[${l.text}](${l.url})`).join(' · ');
  return {
    username: 'Pageprobe',
    // Nothing from a site may ping anyone.
    allowed_mentions: { parse: [] },
    embeds: [
      {
        title: clip(message.title, L.title),
        description: clip(links ? `${message.summary}\n\n${links}` : message.summary, 3000),
        ...(message.links[0] ? { url: message.links[0].url } : {}),
        color: COLOURS[message.severity],
        timestamp: message.at,
        fields: message.facts.slice(0, L.fields).map((f) => ({
          name: clip(f.label, L.name),
          value: clip(f.value, 400),
          inline: f.value.length <= 40,
        })),
        footer: { text: `Pageprobe · ${message.event}` },
      },
    ],
  };
}
