import nodemailer from 'nodemailer';
import { type AttemptResult, attemptClock } from './attempt.ts';
import type { EmailContent } from './render/email.ts';

export interface Mailer {
  send(to: readonly string[], content: EmailContent): Promise<AttemptResult>;
  close(): void;
}

/**
 * Email channels' sender: SMTP_URL (smtp:// or smtps://, with credentials and options in the URL as
 * nodemailer reads them) and the From address. The SMTP server is the operator's, so its address is not
 * held to the targets' policy.
 */
export function smtpMailer(smtpUrl: string, from: string, timeoutMs: number): Mailer {
  const transport = nodemailer.createTransport(smtpUrl, { from });
  // A server that never answers must not hold a delivery for ever.
  Object.assign(transport.options, {
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  return {
    async send(to, content) {
      const done = attemptClock();
      try {
        const info = await transport.sendMail({ to: [...to], ...content });
        const code = Number(/^(\d{3})/.exec(info.response)?.[1] ?? 250);
        return done({ statusCode: code, responseSnippet: info.response.slice(0, 512) });
      } catch (error) {
        const e = error as { responseCode?: number; response?: string; code?: string; message?: string };
        return done({
          statusCode: e.responseCode ?? null,
          error: `${e.code ?? 'ESMTP'}: ${e.message ?? String(error)}`.slice(0, 512),
          responseSnippet: e.response?.slice(0, 512) ?? null,
        });
      }
    },
    close: () => transport.close(),
  };
}
