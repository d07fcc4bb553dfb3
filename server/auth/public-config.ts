// GET /config (public): what the client should offer — the captcha widget, OAuth buttons, the portal's version
// and where its source is (Help's About), and whatever other parts add (e.g. `vapidPublicKey` for push). The
// object is open: register more with addPublicConfig().
import type { ProtocolSetupView } from '../../src/domain/uploadSetup';
import type { Application } from '../declarations';
import { setupTemplates } from '../ingest/protocols';
import { serverAddress } from '../services/weather-server/weather-server';
import { VERSION } from '../version';
import { captchaEnabled } from './captcha';
import { type OAuthProvider, oauthProviders } from './oauth';

function consoleAddress(publicHost: string): { host: string; port: number } {
  const { host, port } = serverAddress(publicHost, undefined);
  return { host, port };
}

export interface PublicConfig {
  captcha: { siteKey: string; version: 3 } | null;
  oauth: OAuthProvider[];
  /** The server's version (semver, package.json). */
  version: string;
  /** SOURCE_URL: where the source code of this portal is (null: not configured). */
  sourceUrl: string | null;
  /**
   * No mail transport (SMTP_URL unset): mails, verification codes too, are files in DATA_DIR/outbox (issue 22:
   * the verify screen says so). Not the path itself: a public answer does not tell the server's folders.
   */
  mailOutbox: boolean;
  /**
   * Where consoles upload (PUBLIC_HOST, host and port), for Help's console setup (issue 33: it took the browser's
   * address); null without PUBLIC_HOST (the page then uses the address it was opened at).
   */
  consoleAddress: { host: string; port: number } | null;
  /**
   * The consoles' upload set-up with placeholders for the address and the station (src/domain/uploadSetup.ts),
   * from the protocol descriptors: Help shows them without a station.
   */
  uploadConsoles: ProtocolSetupView[];
  vapidPublicKey?: string;
  [key: string]: unknown;
}

type Part = () => Record<string, unknown> | Promise<Record<string, unknown>>;

const parts = new WeakMap<Application, Part[]>();

/** Adds fields to the answer of GET /config (called at start-up by the service that owns them). */
export function addPublicConfig(app: Application, part: Part): void {
  const list = parts.get(app) ?? [];
  list.push(part);
  parts.set(app, list);
}

export class PublicConfigService {
  constructor(private app: Application) {}

  async find(): Promise<PublicConfig> {
    const { config } = this.app.ctx;
    const out: PublicConfig = {
      captcha: captchaEnabled(config) ? { siteKey: config.recaptchaSiteKey as string, version: 3 } : null,
      oauth: oauthProviders(config),
      version: VERSION,
      sourceUrl: config.sourceUrl,
      mailOutbox: !config.smtpUrl,
      consoleAddress: config.publicHost ? consoleAddress(config.publicHost) : null,
      uploadConsoles: setupTemplates(),
    };
    for (const part of parts.get(this.app) ?? []) Object.assign(out, await part());
    return out;
  }
}

export function publicConfig(app: Application): void {
  app.use('config', new PublicConfigService(app), { methods: ['find'] });
}
