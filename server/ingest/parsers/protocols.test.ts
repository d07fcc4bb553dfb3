import { describe, expect, it } from 'vitest';
import { outcomeOf, PROTOCOLS, replyFor, UploadError } from './index';

describe('PROTOCOLS', () => {
  it("lists the consoles' own protocols first, in the order the ingest-health view shows them", () => {
    // The rest (other networks' formats) follow; server/ingest/protocols/protocols.test.ts walks them all.
    expect(Object.keys(PROTOCOLS).slice(0, 3)).toEqual(['wslink', 'wunderground', 'ecowitt']);
    expect(Object.keys(PROTOCOLS)).toEqual(
      expect.arrayContaining(['pwsweather', 'wow', 'weathercloud', 'windy']),
    );
  });

  it('lists the paths and methods each console uses', () => {
    expect(PROTOCOLS.wslink.paths).toEqual(['/data/upload.php']);
    expect(PROTOCOLS.wslink.methods).toEqual(['GET', 'POST']);
    expect(PROTOCOLS.wunderground.paths).toEqual([
      '/weatherstation/updateweatherstation.php',
      '/weatherstation/updateweatherstation.asp',
      '/weatherstation/updateweatherstation',
    ]);
    expect(PROTOCOLS.wunderground.methods).toContain('GET');
    expect(PROTOCOLS.ecowitt.paths).toContain('/data/report/');
    // Ambient consoles send the Ecowitt form as a GET query.
    expect(PROTOCOLS.ecowitt.methods).toEqual(['GET', 'POST']);
    expect(PROTOCOLS.ecowitt.fieldsIn).toBe('body');
  });

  it('parses through the table', () => {
    const now = 1_720_000_000;
    const wslink = PROTOCOLS.wslink.parse(new URLSearchParams('wsid=a&wspw=b&t1tem=20.5'), now);
    expect(wslink.values.tempc0).toBe(20.5);
    const wu = PROTOCOLS.wunderground.parse(
      new URLSearchParams('ID=a&PASSWORD=b&action=updateraw&dateutc=now&tempf=32'),
      now,
    );
    expect(wu.values.tempc0).toBe(0);
    const eco = PROTOCOLS.ecowitt.parse(new URLSearchParams('PASSKEY=a&tempf=212'), now);
    expect(eco.values.tempc0).toBe(100);
    expect(PROTOCOLS.ecowitt.parse(new URLSearchParams('tempf=212'), now).values.tempc0).toBe(100);
  });
});

describe('replyFor', () => {
  it('answers WSLink with status codes and a short text', () => {
    expect(replyFor('wslink', 'ok')).toEqual({
      status: 200,
      contentType: 'text/plain; charset=utf-8',
      body: 'OK',
    });
    expect(replyFor('wslink', 'badRequest').status).toBe(400);
    expect(replyFor('wslink', 'unauthorized').status).toBe(401);
    expect(replyFor('wslink', 'tooMany').status).toBe(404);
    expect(replyFor('wslink', 'badFormat').status).toBe(405);
  });

  it('answers Wunderground with success / unauthorized', () => {
    expect(replyFor('wunderground', 'ok')).toMatchObject({ status: 200, body: 'success' });
    expect(replyFor('wunderground', 'unauthorized')).toMatchObject({ status: 401, body: 'unauthorized' });
    expect(replyFor('wunderground', 'badRequest', 'Missing dateutc')).toMatchObject({
      status: 400,
      body: 'Missing dateutc',
    });
    expect(replyFor('wunderground', 'tooMany').status).toBe(429);
  });

  it('answers Ecowitt with JSON, errcode "0" only on success', () => {
    const ok = replyFor('ecowitt', 'ok', 'ignored');
    expect(ok.status).toBe(200);
    expect(ok.contentType).toBe('application/json; charset=utf-8');
    expect(ok.body).toBe('{"errcode":"0","errmsg":"ok"}');
    for (const [outcome, status] of [
      ['badRequest', 400],
      ['unauthorized', 401],
      ['tooMany', 429],
      ['badFormat', 400],
    ] as const) {
      const r = replyFor('ecowitt', outcome);
      expect(r.status).toBe(status);
      const body = JSON.parse(r.body);
      expect(body.errcode).not.toBe('0');
      expect(body.errcode).toBe(String(status));
    }
    expect(JSON.parse(replyFor('ecowitt', 'badRequest', 'Missing PASSKEY').body).errmsg).toBe(
      'Missing PASSKEY',
    );
  });

  it('maps UploadError statuses to outcomes', () => {
    expect(outcomeOf(400)).toBe('badRequest');
    expect(outcomeOf(401)).toBe('unauthorized');
    expect(outcomeOf(405)).toBe('badFormat');
    expect(replyFor('wslink', outcomeOf(new UploadError(400, 'Missing wsid or wspw').status)).status).toBe(
      400,
    );
  });
});
