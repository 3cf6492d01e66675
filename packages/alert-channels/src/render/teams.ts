import type { IAdaptiveCard } from '@microsoft/teams.cards';
import type { AlertMessage, Severity } from '../alert-message.ts';

// A Teams Workflows webhook ("When a Teams webhook request is received", then "Post card") takes a
// message with one Adaptive Card attachment. Version 1.4 is what Teams renders everywhere.
export const ADAPTIVE_CARD_VERSION = '1.4';

const COLOUR: Record<Severity, 'Attention' | 'Warning' | 'Accent' | 'Good'> = {
  critical: 'Attention',
  warning: 'Warning',
  info: 'Accent',
  resolved: 'Good',
};

/** Typed by Microsoft's own card types (@microsoft/teams.cards): a field Teams does not know does not compile. */
export function adaptiveCard(message: AlertMessage): IAdaptiveCard {
  return {
    $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
    type: 'AdaptiveCard',
    version: ADAPTIVE_CARD_VERSION,
    body: [
      {
        type: 'TextBlock',
        text: message.title,
        weight: 'Bolder',
        size: 'Large',
        color: COLOUR[message.severity],
        wrap: true,
      },
      { type: 'TextBlock', text: message.summary, wrap: true },
      { type: 'FactSet', facts: message.facts.map((f) => ({ title: f.label, value: f.value })) },
      {
        type: 'TextBlock',
        text: `Pageprobe · ${message.event} · ${message.at}`,
        isSubtle: true,
        size: 'Small',
        wrap: true,
      },
    ],
    actions: message.links.map((link) => ({ type: 'Action.OpenUrl', title: link.text, url: link.url })),
  };
}

export function teamsBody(message: AlertMessage) {
  return {
    type: 'message',
    attachments: [
      { contentType: 'application/vnd.microsoft.card.adaptive', contentUrl: null, content: adaptiveCard(message) },
    ],
  };
}
