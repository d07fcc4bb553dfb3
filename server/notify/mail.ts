// E-mail: SMTP when SMTP_URL is set, otherwise each message is written to DATA_DIR/outbox/*.eml and logged, so a
// self-hosted portal works (and tests can read verification codes) without a mail server.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** Messages sent by this process (newest last); tests and the demo read codes from here. */
  sent: Mail[];
}

export function createMailer(
  smtpUrl: string | null,
  dataDir: string,
  from = 'Weather Portal <portal@localhost>',
): Mailer {
  const sent: Mail[] = [];
  const transport = smtpUrl
    ? nodemailer.createTransport(smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const outbox = join(dataDir, 'outbox');
  return {
    sent,
    async send(mail) {
      sent.push(mail);
      if (sent.length > 100) sent.shift();
      const info = await transport.sendMail({ from, ...mail });
      if (!smtpUrl) {
        mkdirSync(outbox, { recursive: true });
        const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.to.replace(/[^a-z0-9@.]/gi, '_')}.eml`;
        writeFileSync(join(outbox, name), (info as unknown as { message: Buffer }).message);
      }
    },
  };
}
