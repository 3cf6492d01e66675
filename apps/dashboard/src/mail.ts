import { smtpMailer } from '@pageprobe/alert-channels';
import { escapeHtml } from '@pageprobe/test-kinds';
import type { DashboardConfig } from './config.ts';

/** Mail to people (invitations, address checks, resets): through SMTP_URL, as alerts go; false when not sent. */
export interface Mail {
  send(to: string, subject: string, text: string): Promise<boolean>;
  close(): void;
}

/** Without SMTP_URL nothing is mailed: the page that made the link shows it, and `pnpm admin` prints it. */
export function createMail(config: Pick<DashboardConfig, 'SMTP_URL' | 'SMTP_FROM'>): Mail {
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
