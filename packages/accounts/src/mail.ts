import { smtpMailer } from '@pageprobe/alert-channels';
import { escapeHtml } from '@pageprobe/html';

/**
 * Mail to people (invitations, address checks, password resets), through SMTP_URL as alerts go. Passed in
 * to what mails, so the dashboard, the admin API and `pnpm admin` send alike.
 */
export interface Mail {
  /** False when nothing was sent (no SMTP_URL, or the server refused): the caller shows the link instead. */
  send(to: string, subject: string, text: string): Promise<boolean>;
  close(): void;
}

/** Without SMTP_URL nothing is mailed: the page that made the link shows it, and `pnpm admin` prints it. */
export function createMail(config: { SMTP_URL?: string; SMTP_FROM: string }): Mail {
  if (!config.SMTP_URL) return { send: async () => false, close: () => undefined };
  const mailer = smtpMailer(config.SMTP_URL, config.SMTP_FROM, 10_000);
  return {
    async send(to, subject, text) {
      const result = await mailer.send([to], { subject, text, html: `<pre>${escapeHtml(text)}</pre>` });
      return result.statusCode !== null && result.statusCode < 400;
    },
    close: () => mailer.close(),
  };
}
