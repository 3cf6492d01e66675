/** A team's webhook secret columns, as the dispatcher reads them at send time. */
export interface TeamWebhookSecrets {
  webhookSecret: string | null;
  webhookSecretPrevious: string | null;
  webhookSecretPreviousExpiresAt: Date | null;
}

/**
 * The secrets that sign a callback sent at `now`: the current one first, then the one it replaced while
 * the rotation's overlap lasts (`t=…,v1=<new>,v1=<old>`). None when the team has no secret: no header.
 * The dispatcher asks at each attempt, so an overlap that ends between two attempts ends for the second.
 */
export function signingSecrets(team: TeamWebhookSecrets, now: Date = new Date()): string[] {
  if (!team.webhookSecret) return [];
  const previousValid =
    team.webhookSecretPrevious !== null &&
    team.webhookSecretPreviousExpiresAt !== null &&
    team.webhookSecretPreviousExpiresAt.getTime() > now.getTime();
  return previousValid ? [team.webhookSecret, team.webhookSecretPrevious!] : [team.webhookSecret];
}
