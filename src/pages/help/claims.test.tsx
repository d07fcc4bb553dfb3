// @vitest-environment happy-dom
// A test per claim of Help and the FAQ (issue 33): each statement is checked against the code that implements it,
// so a help text that stops being true fails here.
import 'fake-indexeddb/auto';
import '../../components/test-setup';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Thermometer } from 'lucide-react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { BARO_WINDOW, LOST_DATA_AFTER, LOST_LINK_AFTER } from '../../../server/alerts/rules';
import { loadConfig } from '../../../server/config';
import { PROTOCOLS } from '../../../server/ingest/protocols';
import { createMailer } from '../../../server/notify/mail';
import { visitorPosition } from '../../../server/services/devices/device-record';
import { CardShell } from '../../cards/CardShell';
import { CardMenuContext } from '../../cards/cardMenu';
import { setHooksDb } from '../../db/hooks';
import { PortalDb } from '../../db/schema';
import { DEFAULT_PLANS } from '../../domain/plans';
import { HELP_FACTS, MENU_NAMES, OFFLINE_EDITS, ONLINE_ONLY } from './facts';

const loadPublicConfig = vi.hoisted(() => vi.fn(async () => undefined));
vi.mock('../../bridge/worker', () => ({ dataWorker: { loadPublicConfig } }));

const { default: HelpPage } = await import('./HelpPage');
const { default: FaqPage } = await import('../faq/FaqPage');
const { default: DeviceFaqPage } = await import('../faq/DeviceFaqPage');

setHooksDb(new PortalDb(`claims-${Math.random()}`));

const root = join(import.meta.dirname, '../../..');
const source = (path: string) => readFileSync(join(root, path), 'utf8');

function renderAt(Component: () => React.ReactNode) {
  const router = createMemoryRouter([{ path: '/', Component }], { initialEntries: ['/'] });
  render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

const topic = async (id: string) => {
  await screen.findByRole('heading', { name: 'About' });
  const el = document.querySelector(`[data-topic="${id}"]`);
  if (!el) throw new Error(`no help topic ${id}`);
  return el as HTMLElement;
};

describe('Help: offline', () => {
  // The edit functions of src/db that write the outbox: exported, with `enqueue(` in their body.
  function queuedEdits(): string[] {
    const files = ['src/db/edits.ts', 'src/db/device-edits.ts', 'src/db/share-edits.ts', 'src/db/records.ts'];
    return files.flatMap((f) =>
      source(f)
        .split(/\n(?=export )/)
        .filter((chunk) => chunk.includes('enqueue('))
        .map((chunk) => /^export (?:async )?function (\w+)/.exec(chunk)?.[1])
        .filter((n): n is string => Boolean(n)),
    );
  }

  it('the edits Help says are saved offline are exactly the ones that write the outbox', () => {
    expect([...new Set(OFFLINE_EDITS.map((e) => e.fn))].sort()).toEqual(queuedEdits().sort());
  });

  it('what Help says needs a connection goes straight to the server (a worker call, no outbox)', () => {
    const api = source('workers/api.ts');
    const queued = queuedEdits();
    for (const { call } of ONLINE_ONLY) {
      expect(api, call).toMatch(new RegExp(`^  ${call}\\(`, 'm'));
      expect(queued).not.toContain(call);
    }
  });

  it('the history held is what the worker keeps (workers/history.ts), and Help says both lists', async () => {
    expect(source('workers/history.ts')).toMatch(
      /KEEP = \{ '5m': HISTORY_5M_SECONDS, '1d': HISTORY_DAILY_SECONDS \}/,
    );
    expect(HELP_FACTS.fiveMinuteDaysHeld).toBe(2);
    expect(HELP_FACTS.dailyDaysHeld).toBe(366);
    renderAt(HelpPage);
    const offline = await topic('offline');
    expect(offline.textContent).toContain('the last 2 days');
    expect(offline.textContent).toContain('the last 366 days');
    expect(offline.textContent).toContain('installing it as an app is not needed');
    expect(screen.getByTestId('offline-queued').textContent).toContain('alert rules');
    expect(screen.getByTestId('offline-online').textContent).toContain('adding a station');
  });
});

const menu = {
  order: ['outdoor'],
  graphList: [],
  graphRange: 'day' as const,
  hide: vi.fn(),
  move: vi.fn(),
  toggleGraph: vi.fn(),
  setGraphRange: vi.fn(),
  openMenu: 'outdoor',
  setOpenMenu: vi.fn(),
};
function Shell({ expanded }: { expanded: boolean }) {
  return (
    <I18nProvider i18n={i18n}>
      <CardMenuContext.Provider value={menu}>
        <CardShell
          cardKey="outdoor"
          title="Outdoor"
          icon={Thermometer}
          color="red"
          status="fresh"
          expanded={expanded}
          onToggle={() => {}}
          details={<p>min and max today</p>}
          graph={<p>the graph</p>}
        >
          <p>21.5</p>
        </CardShell>
      </CardMenuContext.Provider>
    </I18nProvider>
  );
}

describe('Help: the dashboard', () => {
  it('opening a card shows its details and its graph; the card menu keeps the graph and has the items Help names', async () => {
    const { rerender } = render(<Shell expanded={false} />);
    expect(screen.queryByText('the graph')).toBeNull();
    expect(screen.getByRole('button', { name: 'Show details: Outdoor' })).toBeTruthy();
    rerender(<Shell expanded />);
    expect(screen.getByText('min and max today')).toBeTruthy();
    expect(screen.getByText('the graph')).toBeTruthy();
    const items = (await screen.findAllByRole('menuitem')).map((m) => m.textContent);
    expect(items).toEqual(['Hide card', 'Show graph', 'Move up', 'Move down']);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Show graph' }));
    expect(menu.toggleGraph).toHaveBeenCalledWith('outdoor');
  });

  it("the card dot's minutes are the status rule's, in Help and the FAQ", async () => {
    expect(source('src/cards/status.ts')).toMatch(/STALE_AFTER_S = 5 \* 60;[\s\S]*LOST_AFTER_S = 30 \* 60;/);
    renderAt(HelpPage);
    await screen.findByRole('heading', { name: 'Reading the dashboard' });
    expect(document.body.textContent).toContain('amber after 5 minutes without an update');
    expect(document.body.textContent).toContain('nothing arrived for 30 minutes');
  });
});

describe('Help: the names it uses are the app’s', () => {
  it('every menu entry Help and the FAQ name is in the menu, at its path and with the same words', () => {
    // Pages may not import the shell's menu (docs/architecture.md §2): its declarations are read as text.
    const menu = source('src/app/menu.ts');
    for (const [path, words] of Object.entries(MENU_NAMES))
      expect(menu).toContain(`{ to: '${path}', label: msg\`${words.message}\``);
    // The FAQ's answers name these in words.
    for (const [path, name] of [
      ['/server', 'Weather Server'],
      ['/displaySetting', 'Unit & Display'],
      ['/devices', 'Edit Devices'],
    ])
      expect(menu).toContain(`{ to: '${path}', label: msg\`${name}\``);
  });

  it('channel names are in Edit Devices → Channel names (the FAQ), not in the card menu', () => {
    expect(source('src/pages/devices/EditDevicePage.tsx')).toContain('<ChannelNames device={device} />');
    expect(source('src/pages/devices/ChannelNames.tsx')).toContain('t`Channel names`');
    expect(source('src/cards/cardMenu.tsx')).not.toMatch(/[Rr]ename|name/);
  });

  it('the console paths Help gives are the ones the server listens on', () => {
    expect(PROTOCOLS.wslink.paths).toContain(HELP_FACTS.wslinkPath);
    expect(PROTOCOLS.wunderground.paths).toContain(HELP_FACTS.wundergroundPath);
    expect(PROTOCOLS.ecowitt.paths).toContain(HELP_FACTS.ecowittPath);
    // The key in the path names the station; Ambient's query after '?' is not part of the path.
    expect(PROTOCOLS.ecowitt.keyPath?.exec('/data/report/abc123')?.[1]).toBe('abc123');
    expect(PROTOCOLS.ecowitt.methods).toEqual(['GET', 'POST']);
  });

  it('the settings HTTPS and consoles names are the server’s environment', () => {
    const config = loadConfig({
      DATA_DIR: mkdtempSync(join(tmpdir(), 'help-')),
      TRUST_PROXY: '2',
      PUBLIC_HOST: 'wx.example.org',
    });
    expect(config.trustProxy).toBe(2);
    expect(config.publicHost).toBe('wx.example.org');
    expect(config.smtpUrl).toBeNull();
  });

  it('without SMTP_URL each mail, with its code, is a file in DATA_DIR/outbox', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'help-mail-'));
    await createMailer(null, dir).send({ to: 'a@example.org', subject: 'Code', text: 'Your code is 123456' });
    const files = readdirSync(join(dir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(readFileSync(join(dir, 'outbox', files[0]), 'utf8')).toContain('123456');
  });

  it('alert times are the alert engine’s', () => {
    expect(HELP_FACTS.alertSilentMinutes * 60).toBe(LOST_LINK_AFTER);
    expect(HELP_FACTS.alertSilentMinutes * 60).toBe(LOST_DATA_AFTER);
    expect(HELP_FACTS.baroDropMinutes * 60).toBe(BARO_WINDOW);
  });

  it('the numbers of exports, plans and forwarding are the declarations’, and Help prints them', async () => {
    renderAt(HelpPage);
    const exp = await topic('export');
    expect(exp.textContent).toContain(`up to ${HELP_FACTS.maxExportDays} days`);
    expect(exp.textContent).toContain(`${HELP_FACTS.freeHistoryDays} days`);
    expect((await topic('plans')).textContent).toContain(
      `up to ${HELP_FACTS.maxStationsPerOrder} such stations`,
    );
    const fwd = await topic('forwarding');
    expect(fwd.textContent).toContain('Weather Underground');
    expect(fwd.textContent).toContain('Windguru');
    expect(fwd.textContent).toContain(`${HELP_FACTS.pauseAfterRejections} times in a row`);
    expect(within(await topic('sharing')).getByText(/Everyone and Not Show/)).toBeTruthy();
  });

  it('the FAQ says installing is not needed and where channels are renamed', async () => {
    renderAt(FaqPage);
    fireEvent.change(await screen.findByRole('searchbox'), { target: { value: 'offline' } });
    await waitFor(() => expect(document.body.textContent).toContain('installing it as an app is not needed'));
    document.body.innerHTML = '';
    renderAt(DeviceFaqPage);
    fireEvent.change(await screen.findByRole('searchbox'), { target: { value: 'channels' } });
    await waitFor(() => expect(document.body.textContent).toContain('under Channel names'));
  });
});

describe('Help and the FAQ name menu items as the menu does, in every language', () => {
  const LOCALES = ['cs', 'de', 'es', 'fr', 'it', 'nl', 'zh-Hans', 'zh-Hant'];
  const NAMES = ['Weather Server', 'Unit & Display', 'Edit Devices', 'Channel names'];
  const FAQ_FILES = ['src/pages/faq/FaqPage.tsx', 'src/pages/faq/DeviceFaqPage.tsx'];
  const po = (locale: string) => {
    const map = new Map<string, string>();
    const text = source(`locales/${locale}.po`);
    const joined = (q: string) =>
      q
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as string)
        .join('');
    for (const m of text.matchAll(/^msgid ((?:".*"\n?)+)msgstr ((?:".*"\n?)+)/gm))
      map.set(joined(m[1]), joined(m[2]));
    return map;
  };
  const answers = FAQ_FILES.flatMap((f) => [...source(f).matchAll(/msg`([^`]+)`/g)].map((m) => m[1]));

  for (const locale of LOCALES)
    it(`${locale}: an FAQ answer naming a menu item uses that item's own translation`, () => {
      const catalog = po(locale);
      const wrong = answers.flatMap((a) =>
        NAMES.filter((n) => a.includes(n) && !catalog.get(a)?.includes(catalog.get(n) ?? '\u0000')).map(
          (n) => `${a.slice(0, 40)}… lacks "${catalog.get(n)}"`,
        ),
      );
      expect(wrong).toEqual([]);
    });
});

describe('Privacy and Terms', () => {
  it('visitors see a position rounded to about 1 km unless the owner chose the exact one (Privacy)', () => {
    const at = { latitude: 50.087451, longitude: 14.420671 };
    const shown = visitorPosition({ ...at, exactPosition: false });
    // A hundredth of a degree: 1.1 km of latitude at most.
    expect(Math.abs((shown.latitude as number) - at.latitude) * 111.2).toBeLessThanOrEqual(0.56);
    expect(shown).not.toEqual(at);
    expect(visitorPosition({ ...at, exactPosition: true })).toEqual(at);
    expect(source('src/pages/legal/PrivacyPage.tsx')).toContain('rounded to about 1 km');
  });

  it('a free plan covers one station, the paid ones up to five (Terms)', () => {
    const free = DEFAULT_PLANS.filter((p) => p.price === 0).map((p) => p.maxDevices);
    const paid = DEFAULT_PLANS.filter((p) => p.price > 0).map((p) => p.maxDevices);
    expect(free).toEqual([1]);
    expect(Math.max(...paid)).toBe(5);
    expect(source('src/pages/legal/TermsPage.tsx')).toContain(
      'one for a free plan, up to five for the paid plans',
    );
  });

  it('what Privacy says is stored has a place in the database', () => {
    const migrations = readdirSync(join(root, 'server/storage/migrations'))
      .map((f) => source(`server/storage/migrations/${f}`))
      .join('\n');
    for (const table of ['avatars', 'uploadTargets', 'orders']) expect(migrations).toContain(`'${table}'`);
    expect(migrations).toMatch(/push/i);
    expect(source('src/db/edits.ts')).toMatch(/country\?: string \| null/);
  });
});

describe('Help: alerts and records', () => {
  it('the alert page has the sections Help names, and rules send an e-mail or a notification', () => {
    const page = source('src/pages/alert/AlertPage.tsx');
    expect(page).toContain('t`Active alerts`');
    expect(page).toContain('t`Disable all alerts`');
    expect(source('src/pages/alert/RuleEditor.tsx')).toContain("(['email', 'notification'] as const)");
  });

  it('records open from the dashboard and a reset asks first', () => {
    expect(source('src/pages/dashboard/DashboardPage.tsx')).toMatch(/to=\{`\/records\/\$\{device\._id\}`\}/);
    const records = source('src/pages/records/RecordsPage.tsx');
    expect(records).toContain('<AppDialog');
    expect(records).toContain('resetRecords(');
  });
});

describe('Help in German: the facts reach the translation', () => {
  it('plurals, menu names and the card menu words come through the German catalog', async () => {
    const { messages } = await import('../../../locales/de.po');
    i18n.loadAndActivate({ locale: 'de', messages });
    try {
      renderAt(HelpPage);
      await screen.findByRole('heading', { name: 'Der Stationsschlüssel' });
      const offline = document.querySelector('[data-topic="offline"]')!.textContent!;
      expect(offline).toContain('der letzten 2 Tage');
      expect(offline).toContain('der letzten 366 Tage');
      expect(document.body.textContent).toContain('enthält Diagramm anzeigen, womit');
      expect(document.querySelector('[data-topic="export"]')!.textContent).toContain('bis zu 400 Tage');
      expect(document.querySelector('[data-topic="station-key"]')!.textContent).toContain('Wetterserver');
    } finally {
      i18n.loadAndActivate({ locale: 'en', messages: {} });
    }
  });
});
