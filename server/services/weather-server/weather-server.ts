// The weather-server view (spec §2, §3): what an owner types into the console so it uploads to this portal.
//  weatherServer    find {device} (owner only) → server name, station ID and key, last upload, per-protocol settings
//  stations/lookup  find {wsid}  → the station (public, unlisted, owned or shared), else 404 'Device not found'
import { BadRequest, Forbidden, NotFound } from '@feathersjs/errors';
import type { Params } from '@feathersjs/feathers';
import type { ServerView } from '../../../src/domain/contract';
import { isLoopbackHost } from '../../../src/domain/loopback';
import type { Application, AuthUser } from '../../declarations';
import { optionalAuth, requireAuth } from '../../hooks/auth';
import { codedError } from '../../hooks/error-codes';
import { str } from '../../hooks/validate';
import { PROTOCOL_LIST, type SetupContext, setupView } from '../../ingest/protocols';
import { canRead, canWrite, present } from '../devices/device-record';
import { lanAddresses } from './lan';
import { readStationRelay } from './station-relay';

type P = Params & { user?: AuthUser; headers?: Record<string, string | string[] | undefined> };

export type { ServerView };

/** Host and port consoles should use, from PUBLIC_HOST (may carry a scheme and port) or the request's Host. */
export function serverAddress(publicHost: string | null, hostHeader: string | undefined) {
  const raw = (publicHost ?? hostHeader ?? 'localhost').trim();
  const https = /^https:\/\//i.test(raw);
  const bare = raw.replace(/^[a-z]+:\/\//i, '').replace(/\/.*$/, '');
  const m = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(bare);
  const host = m?.[1] ?? bare;
  const port = m?.[2] ? Number(m[2]) : https ? 443 : 80;
  return { serverName: bare, host, port, https };
}

export class WeatherServerService {
  constructor(private app: Application) {}

  async find(params: P): Promise<ServerView> {
    const query = params.query ?? {};
    if (query.device === undefined || query.device === '') throw new BadRequest('device is required');
    const devices = this.app.service('weatherDevices');
    const device = await devices.readable(query.device, params.user);
    if (!canWrite(device, params.user)) throw codedError(Forbidden, 'ownerOnlyUploadSettings');
    const hostHeader = params.headers?.host;
    const named = serverAddress(
      this.app.ctx.config.publicHost,
      Array.isArray(hostHeader) ? hostHeader[0] : hostHeader,
    );
    const { port, https } = named;
    let { serverName, host } = named;
    // Opened as localhost (issue 22): a console cannot reach that; the machine's LAN addresses instead.
    const loopback = isLoopbackHost(host);
    const addresses = loopback ? lanAddresses() : [];
    if (addresses.length > 0) {
      host = addresses[0];
      serverName = port === (https ? 443 : 80) ? host : `${host}:${port}`;
    }
    const station: SetupContext = {
      serverName,
      host,
      port: String(port),
      scheme: https ? 'https' : 'http',
      stationId: device.wsid,
      stationKey: device.stationKey,
      mac: device.mac ?? null,
      macAuth: !!device.macAuth,
    };
    return {
      serverName,
      stationId: device.wsid,
      stationKey: device.stationKey,
      lastUpload: device.lastUpload ?? null,
      // Every protocol, in the registry's order: consoles' own first, then other networks'.
      protocols: PROTOCOL_LIST.map((info) => ({ host, port, ...setupView(info, station) })),
      unmapped: device.unmapped ?? {},
      relay: {
        portal: `${station.scheme}://${serverName}`,
        status: await readStationRelay(this.app.ctx.storage.knex, device._id),
      },
      ...(loopback ? { loopback: { addresses } } : {}),
    };
  }
}

export class StationLookupService {
  constructor(private app: Application) {}

  async find(params: P) {
    const wsid = str(params.query ?? {}, 'wsid', {
      required: true,
      max: 32,
      message: 'wsid must be a station ID',
    })!;
    const device = await this.app.ctx.devices.byStationId(wsid);
    if (!device || !canRead(device, params.user)) throw codedError(NotFound, 'deviceNotFound');
    return present(device, params.user);
  }
}

export function weatherServer(app: Application): void {
  app.use('weatherServer', new WeatherServerService(app), { methods: ['find'] });
  app.service('weatherServer').hooks({ before: { find: [requireAuth] } });
  app.use('stations/lookup', new StationLookupService(app), { methods: ['find'] });
  app.service('stations/lookup').hooks({ before: { find: [optionalAuth] } });
}
