// Reads the verification code the server "mailed": without SMTP_URL mails are files in DATA_DIR/outbox.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export function verificationCode(
  email: string,
  timeoutMs = 10_000,
  dataDir = process.env.E2E_DATA_DIR!,
): Promise<string> {
  return mailedCode(email, /Subject: Your verification code: (\d{6})/, timeoutMs, dataDir);
}

/** The code of the newest password-reset mail to `email`. */
export function resetCode(
  email: string,
  timeoutMs = 10_000,
  dataDir = process.env.E2E_DATA_DIR!,
): Promise<string> {
  return mailedCode(email, /Subject: Your password reset code: (\d{6})/, timeoutMs, dataDir);
}

async function mailedCode(
  email: string,
  subject: RegExp,
  timeoutMs: number,
  dataDir: string,
): Promise<string> {
  const outbox = join(dataDir, 'outbox');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = (() => {
      try {
        return readdirSync(outbox).sort().reverse();
      } catch {
        return [];
      }
    })();
    for (const file of files) {
      const mail = readFileSync(join(outbox, file), 'utf8');
      const code = mail.match(subject)?.[1];
      if (code && mail.includes(`To: ${email}`)) return code;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail matching ${subject} for ${email}`);
}
