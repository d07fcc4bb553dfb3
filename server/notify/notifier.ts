// Delivers a raised alert: e-mail through ctx.mailer, push to every push-enabled session of the user (Web Push
// or FCM). Delivery runs in the background (an upload never waits for SMTP or a push service); `idle()` lets
// tests and shutdown wait for it. A subscription the push service reports gone disables its session.
import type { Application } from '../declarations';
import type { AlertText } from './alert-message';
import {
  firebaseConfig,
  firebaseSender,
  PushGone,
  type PushPayload,
  type PushSenders,
  vapidKeys,
  type WebSubscription,
  webPushSender,
} from './push';

export interface DeliveredAlert {
  _id: string;
  device: string;
  user: string;
}

export class Notifier {
  /** Replaceable: tests record payloads instead of calling a push service. */
  senders: PushSenders;
  readonly vapidPublicKey: string;
  private pending = new Set<Promise<void>>();

  constructor(private app: Application) {
    const keys = vapidKeys(app.ctx.config.dataDir);
    this.vapidPublicKey = keys.publicKey;
    const fcm = firebaseConfig();
    this.senders = { web: webPushSender(keys), firebase: fcm ? firebaseSender(fcm) : null };
  }

  deliver(alert: DeliveredAlert, methods: Set<'email' | 'notification'>, text: AlertText): void {
    const work = (async () => {
      if (methods.has('email'))
        await this.email(alert, text).catch((e) => this.log('alert e-mail failed', e));
      if (methods.has('notification'))
        await this.push(alert, text).catch((e) => this.log('alert push failed', e));
    })();
    this.pending.add(work);
    void work.finally(() => this.pending.delete(work));
  }

  async idle(): Promise<void> {
    await Promise.all([...this.pending]);
  }

  private async email(alert: DeliveredAlert, text: AlertText): Promise<void> {
    const user = await this.app.ctx.storage.knex('users').where({ _id: alert.user }).first('email');
    if (!user?.email) return;
    await this.app.ctx.mailer.send({ to: user.email, subject: text.subject, text: text.body });
  }

  private async push(alert: DeliveredAlert, text: AlertText): Promise<void> {
    const knex = this.app.ctx.storage.knex;
    const sessions = await knex('sessions').where({ associateUser: alert.user, pushEnabled: true });
    const payload: PushPayload = {
      title: text.title,
      body: text.message,
      data: { path: text.path, url: text.link, alert },
    };
    const seen = new Set<string>();
    for (const s of sessions as { _id: string; pushToken: string | null; pushType: string | null }[]) {
      if (!s.pushToken || seen.has(s.pushToken)) continue;
      seen.add(s.pushToken);
      try {
        if (s.pushType === 'web' && this.senders.web)
          await this.senders.web(JSON.parse(s.pushToken) as WebSubscription, payload);
        else if (s.pushType === 'firebase' && this.senders.firebase)
          await this.senders.firebase(s.pushToken, payload);
      } catch (error) {
        if (error instanceof PushGone)
          await knex('sessions').where({ _id: s._id }).update({ pushEnabled: false, updatedAt: Date.now() });
        else this.log('push to a session failed', error);
      }
    }
  }

  private log(message: string, error: unknown): void {
    this.app.ctx.log.error(message, error);
  }
}
