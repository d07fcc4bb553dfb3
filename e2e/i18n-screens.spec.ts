// Screenshots in German, French, Czech and Traditional Chinese (issue 33: "every language reads as native"): the
// Units page, a wind card, the alert list and an alert e-mail, each looked at by a person. Saved as small PNGs in
// docs/screenshots/i18n/. The e-mail is the file the server wrote (no SMTP: DATA_DIR/outbox), decoded and shown
// in Chromium as a mail reader would.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { addStation, device, jwt, PHONE, signUp, upload } from './helpers';

const DIR = join(import.meta.dirname, '../docs/screenshots/i18n');

/** The words each language must show (so a screenshot of the wrong language fails). */
const LANGS = [
  { id: 'de', units: 'Einheiten & Anzeige', alerts: 'Aktive Alarme', mail: 'Station:' },
  { id: 'fr', units: 'Unités et affichage', alerts: 'Alertes actives', mail: 'Station\u00a0:' },
  { id: 'cs', units: 'Jednotky a zobrazení', alerts: 'Aktivní upozornění', mail: 'Stanice:' },
  { id: 'zh-Hant', units: '單位與顯示', alerts: '進行中的警報', mail: '氣象站：' },
] as const;

/** RFC 2047 words and a quoted-printable or base64 body, as nodemailer writes them. */
function decodeMail(raw: string): { subject: string; body: string } {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const words = (s: string) =>
    s.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
    );
  const subject = words(/^Subject: (.*)$/im.exec(unfolded)?.[1] ?? '');
  const encoding = /^Content-Transfer-Encoding: (.*)$/im.exec(unfolded)?.[1]?.trim().toLowerCase();
  const text = rest.join('\n\n');
  const body =
    encoding === 'base64'
      ? Buffer.from(text, 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? Buffer.from(
            text
              .replace(/=\r?\n/g, '')
              .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          ).toString('utf8')
        : text;
  return { subject, body };
}

async function alertMail(to: string, timeoutMs = 20_000): Promise<{ subject: string; body: string }> {
  const outbox = join(process.env.E2E_DATA_DIR!, 'outbox');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const file of readdirSync(outbox).sort().reverse()) {
      const raw = readFileSync(join(outbox, file), 'utf8');
      if (!raw.includes(`To: ${to}`)) continue;
      const mail = decodeMail(raw);
      if (mail.subject.startsWith('[Garten]')) return mail;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no alert mail to ${to}`);
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: join(DIR, `${name}.png`), fullPage: true, scale: 'css' });

for (const lang of LANGS) {
  test(`${lang.id}: units, a wind card, the alert list and an alert e-mail read natively`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(PHONE);
    const account = await signUp(page, `i18n-${lang.id.toLowerCase()}`);
    const station = await addStation(page, 'Garten');
    // Choosing the language in the app keeps it on the account: the mails follow it.
    await page.goto(`/displaySetting?lang=${lang.id}`);
    await expect(page.getByRole('heading', { level: 1, name: lang.units })).toBeVisible();
    const token = await jwt(request, account);
    await expect
      .poll(
        async () =>
          (await (await request.get('/users/me', { headers: { Authorization: `Bearer ${token}` } })).json())
            .user.locale,
      )
      .toBe(lang.id);
    await shot(page, `units-${lang.id}`);

    const { _id } = await device(request, token, station.wsid);
    const rule = await request.post('/alertSettings', {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        weatherDevice: _id,
        settings: [
          { item: 'tempc0', condition: 'above', value: 30, unit: 'C', method: 'email' },
          { item: 'gust', condition: 'above', value: 10, method: 'email' },
        ],
      },
    });
    expect(rule.status(), await rule.text()).toBe(201);
    await upload(request, station, {
      t1tem: 31.4,
      t1hum: 40,
      t1wdir: 250,
      t1ws: 7.5,
      t1ws10mav: 6.1,
      t1wgust: 12.3,
    });

    await page.goto('/dashboard');
    const wind = page.locator('article[data-card="wind"]');
    await expect(wind).toBeVisible();
    // The grid settles (hidden-cards bar, fonts) before the card is cut out.
    await page.waitForLoadState('networkidle');
    await wind.scrollIntoViewIfNeeded();
    await page.waitForTimeout(500);
    await wind.screenshot({ path: join(DIR, `wind-card-${lang.id}.png`), scale: 'css' });

    await page.goto('/alert');
    const list = page.getByRole('list', { name: lang.alerts });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await shot(page, `alert-list-${lang.id}`);

    const mail = await alertMail(account.email);
    expect(mail.body).toContain(lang.mail);
    // A blank page: the portal's own Content-Security-Policy would refuse the reader's inline style.
    await page.goto('about:blank');
    await page.setContent(
      `<!doctype html><meta charset="utf-8"><style>body{font:15px/1.5 system-ui,sans-serif;margin:16px;color:#1b1f24}
      h1{font-size:17px;margin:0 0 4px}p.meta{color:#57606a;margin:0 0 12px;font-size:13px}
      pre{white-space:pre-wrap;overflow-wrap:anywhere;font:inherit;border-top:1px solid #d0d7de;padding-top:12px}</style>
      <h1 id="subject"></h1><p class="meta" id="to"></p><pre id="body"></pre>`,
    );
    await page.evaluate(
      ({ subject, body, to }) => {
        document.getElementById('subject')!.textContent = subject;
        document.getElementById('to')!.textContent = `Weather Portal → ${to}`;
        document.getElementById('body')!.textContent = body;
      },
      { ...mail, to: account.email },
    );
    await shot(page, `alert-mail-${lang.id}`);
    // Nothing runs past the phone's width.
    expect(await page.evaluate(() => [window.innerWidth, document.documentElement.scrollWidth])).toEqual([
      PHONE.width,
      PHONE.width,
    ]);
  });
}

test('Help in French: the topics read and fit a phone', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/help?lang=fr');
  await expect(page.getByRole('heading', { level: 2, name: 'La clé de station' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Travailler hors ligne' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await shot(page, 'help-fr');
});
