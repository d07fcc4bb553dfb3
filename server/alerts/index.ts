// Alerts: the engine (app.ctx.alerts, fed by ingest), the services alertSettings, alerts, alerts/hide, sessions
// and sessions/vapid, and who receives alert events: only the user the alert belongs to (user/<id>). Each user
// of a station (owner, shared users) has their own settings and so their own alerts.
import type { Alert, ListPage } from '../../src/domain/contract';
import { addPublicConfig } from '../auth/public-config';
import type { Application, AuthUser } from '../declarations';
import { requireAuth } from '../hooks/auth';
import { firebaseWebConfig } from '../notify/push';
import { userChannel } from '../realtime/channels';
import { AlertSettingsService } from '../services/alerts/alert-settings';
import { AlertsService, HideAlertService } from '../services/alerts/alerts';
import { sessions } from '../services/sessions/sessions';
import { AlertEngine } from './engine';

export function alerts(app: Application): void {
  const engine = new AlertEngine(app);
  app.ctx.alerts = engine;

  app.use('alertSettings', new AlertSettingsService(app), { methods: ['find', 'get', 'create', 'patch'] });
  app.service('alertSettings').hooks({ before: { all: [requireAuth] } });
  app.use('alerts/hide', new HideAlertService(app), { methods: ['find'] });
  app.service('alerts/hide').hooks({ before: { all: [requireAuth] } });
  app.use('alerts', new AlertsService(app), { methods: ['find'], events: [] });
  app.service('alerts').hooks({ before: { all: [requireAuth] } });
  sessions(app);
  // Browsers subscribe to Web Push with this key (also at GET /sessions/vapid).
  addPublicConfig(app, () => ({ vapidPublicKey: engine.notifier.vapidPublicKey }));
  // With FCM configured for browsers too, they take an FCM token instead (null: Web Push).
  const firebase = firebaseWebConfig();
  addPublicConfig(app, () => ({ firebase }));

  const toOwner = (data: Alert | ListPage<Alert>) =>
    'user' in data && data.user ? app.channel(userChannel(data.user)) : app.channel([]);
  app.service('alerts').publish('created', toOwner);
  app.service('alerts').publish('patched', toOwner);
  const ownChannel = (_data: unknown, context: { params: object }) => {
    const user = (context.params as { user?: AuthUser }).user;
    return user ? app.channel(userChannel(user._id)) : app.channel([]);
  };
  for (const event of ['created', 'patched']) app.service('alertSettings').publish(event, ownChannel);

  engine.start();
}
