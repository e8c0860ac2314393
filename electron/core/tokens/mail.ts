import nodemailer from 'nodemailer';
import type { MailTransport } from './challenge';

/**
 * The e-mail challenge's relay: SMTP through nodemailer, from `COUNTER_SMTP_URL`
 * (`smtp://user:password@host:587`, `smtps://...` for TLS) and `COUNTER_MAIL_FROM`.
 */
export function smtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    demo: false,
    async send(to, subject, text) {
      await transporter.sendMail({ from, to, subject, text });
    },
    close: () => transporter.close(),
  };
}

/**
 * Which relay a counter uses: the one configured; else, on the demo setup (the embedded
 * central), none, the code being shown on screen as a demo code; else none at all, and the
 * challenge says no code can be sent: a real counter never shows the code it sends.
 */
export function chooseTransport(
  env: Record<string, string | undefined>,
  embeddedCentral: boolean,
  demo: MailTransport,
): MailTransport | null {
  if (env.COUNTER_SMTP_URL) return smtpTransport(env.COUNTER_SMTP_URL, env.COUNTER_MAIL_FROM ?? 'Counter <no-reply@localhost>');
  return embeddedCentral ? demo : null;
}
