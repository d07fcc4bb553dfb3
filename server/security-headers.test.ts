// Security headers (issue #10 item 8): a CSP that fits the PWA, no framing, nosniff, same-origin referrers on
// API answers and pages; HSTS only for HTTPS through a trusted proxy.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseEmbedOrigins } from './config';
import { contentSecurityPolicy, HSTS, LIBRARY_STYLES } from './security-headers';
import { call, startServer, type TestServer } from './testing/server';

let t: TestServer;
let proxied: TestServer;
beforeAll(async () => {
  const staticDir = mkdtempSync(join(tmpdir(), 'portal-static-'));
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><div id="root"></div>');
  mkdirSync(join(staticDir, 'assets'));
  writeFileSync(join(staticDir, 'assets', 'app.js'), 'console.log(1)');
  t = await startServer({ staticDir });
  proxied = await startServer({ trustProxy: 1 });
});
afterAll(async () => {
  await t.close();
  await proxied.close();
});

const directives = (csp: string | null) =>
  Object.fromEntries(
    (csp ?? '').split(';').map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name, values];
    }),
  );

describe('security headers', () => {
  test('the styles allowed by hash are the ones the installed react-aria writes', () => {
    // The source indents the template; the element's text is trimmed. An upgrade that changes them fails here
    // (and the browser would refuse them).
    const source = ['interactions/usePress.mjs', 'overlays/usePreventScroll.mjs']
      .map((f) => readFileSync(join('node_modules/react-aria/dist/private', f), 'utf8'))
      .join('\n')
      .replace(/\$\{[\w$]*PRESSABLE_ATTRIBUTE\}/g, 'data-react-aria-pressable');
    for (const text of LIBRARY_STYLES) expect(source).toContain(text);
  });

  test('API answers, pages and assets carry them', async () => {
    for (const path of ['/config', '/', '/devices', '/assets/app.js', '/nowhere/at/all.json']) {
      const res = await fetch(t.url + path, { headers: { accept: 'text/html' } });
      const csp = directives(res.headers.get('content-security-policy'));
      expect(csp['frame-ancestors'], path).toEqual(["'none'"]);
      expect(csp['script-src'], path).toEqual(["'self'"]);
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), path).toBe('same-origin');
      expect(res.headers.get('strict-transport-security'), path).toBeNull();
    }
  });

  test('the policy allows exactly what the PWA needs', async () => {
    const res = await call(t.url, 'GET', '/config');
    const host = new URL(t.url).host;
    const csp = directives(res.headers.get('content-security-policy'));
    expect(csp).toMatchObject({
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      // react-aria's two run-time <style> elements, by hash (checked against the installed library below).
      'style-src': [
        "'self'",
        "'sha256-38RhXrc7EdReTKsOm23ZPOCUgniTUUcjky8QOOrQx6o='",
        "'sha256-gYiS/BvZvRcK27JIXTuwhZ3hs2+VJ1X+2gUlE+farlg='",
      ],
      'img-src': ["'self'", 'data:', 'blob:'],
      'font-src': ["'self'"],
      'connect-src': ["'self'", `ws://${host}`, `wss://${host}`],
      'worker-src': ["'self'", 'blob:'],
      'manifest-src': ["'self'"],
      'object-src': ["'none'"],
      'frame-ancestors': ["'none'"],
    });
    expect(JSON.stringify(csp)).not.toContain('unsafe');
  });

  test("with Stripe configured (issue #14) the policy adds Stripe's documented script, frames and API only", () => {
    const plain = directives(contentSecurityPolicy('portal.example'));
    const stripe = directives(contentSecurityPolicy('portal.example', { stripe: true }));
    expect(JSON.stringify(plain)).not.toContain('stripe');
    expect(plain['frame-src']).toBeUndefined();
    expect(stripe).toMatchObject({
      'script-src': ["'self'", 'https://js.stripe.com'],
      'frame-src': ['https://js.stripe.com', 'https://hooks.stripe.com'],
      'connect-src': ["'self'", 'ws://portal.example', 'wss://portal.example', 'https://api.stripe.com'],
      'img-src': ["'self'", 'data:', 'blob:', 'https://*.stripe.com'],
      'frame-ancestors': ["'none'"],
    });
  });

  test("with captcha configured (issue #12) the provider's script and frame are allowed, nothing else", async () => {
    const captcha = await startServer({ recaptchaSiteKey: 'site-key', recaptchaSecret: 'secret' });
    try {
      const res = await call(captcha.url, 'GET', '/config');
      expect(res.body.captcha).toEqual({ siteKey: 'site-key', version: 3 });
      const csp = directives(res.headers.get('content-security-policy'));
      expect(csp['script-src']).toEqual([
        "'self'",
        'https://www.google.com/recaptcha/',
        'https://www.gstatic.com/recaptcha/',
      ]);
      expect(csp['frame-src']).toEqual([
        'https://www.google.com/recaptcha/',
        'https://recaptcha.google.com/recaptcha/',
      ]);
      expect(csp['connect-src']).not.toContain('https://www.google.com/recaptcha/');
    } finally {
      await captcha.close();
    }
    // Off: no frame may load at all (default-src 'self' only).
    const off = directives((await call(t.url, 'GET', '/config')).headers.get('content-security-policy'));
    expect(off['frame-src']).toBeUndefined();
  });

  test('EMBED_ORIGINS (the native-app bridge, spec §1): those origins may frame the portal, no one else', async () => {
    expect(parseEmbedOrigins(undefined)).toEqual([]);
    expect(parseEmbedOrigins('https://app.example.com, capacitor://localhost http://127.0.0.1:5173')).toEqual(
      ['https://app.example.com', 'capacitor://localhost', 'http://127.0.0.1:5173'],
    );
    for (const bad of [
      'app.example.com',
      'https://app.example.com/path',
      "'self'",
      '*',
      'https://a.com;script-src',
    ])
      expect(() => parseEmbedOrigins(bad), bad).toThrow(/EMBED_ORIGINS/);
    const embedded = await startServer({
      embedOrigins: ['https://app.example.com', 'capacitor://localhost'],
    });
    try {
      const res = await call(embedded.url, 'GET', '/config');
      expect(directives(res.headers.get('content-security-policy'))['frame-ancestors']).toEqual([
        'https://app.example.com',
        'capacitor://localhost',
      ]);
      expect(res.headers.get('x-frame-options')).toBeNull();
    } finally {
      await embedded.close();
    }
    const plain = await call(t.url, 'GET', '/config');
    expect(directives(plain.headers.get('content-security-policy'))['frame-ancestors']).toEqual(["'none'"]);
    expect(plain.headers.get('x-frame-options')).toBe('DENY');
  });

  test('index.html has no inline script (the policy would block it)', () => {
    const html = readFileSync(join(import.meta.dirname, '..', 'index.html'), 'utf8');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc=/);
      expect(body.trim()).toBe('');
    }
    expect(html).not.toMatch(/\son[a-z]+=/i);
  });

  test('HSTS only over HTTPS through a trusted proxy', async () => {
    const https = { 'x-forwarded-proto': 'https' };
    expect(
      (await call(proxied.url, 'GET', '/config', { headers: https })).headers.get(
        'strict-transport-security',
      ),
    ).toBe(HSTS);
    expect((await call(proxied.url, 'GET', '/config')).headers.get('strict-transport-security')).toBeNull();
    // Without TRUST_PROXY anyone could send the header: it is ignored.
    expect(
      (await call(t.url, 'GET', '/config', { headers: https })).headers.get('strict-transport-security'),
    ).toBeNull();
  });
});
