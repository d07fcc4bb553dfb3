// Registers orders and payments (issue #14) with their permission hooks. An order's changes go to its buyer's
// sockets (user/<id>), so a payment page sees the webhook's decision as it lands.
import type { Order } from '../../../src/domain/contract';
import type { Application } from '../../declarations';
import { requireAdmin, requireAuth } from '../../hooks/auth';
import { userChannel } from '../../realtime/channels';
import { OrdersService } from './orders.class';
import { PaymentsService } from './payments.class';

export function orders(app: Application): void {
  app.use('orders', new OrdersService(app), { methods: ['find', 'get', 'create', 'patch', 'remove'] });
  app.service('orders').hooks({
    before: {
      all: [requireAuth],
      patch: [requireAdmin],
    },
    // 'patched' is sent by the service itself (OrdersService.changed), once per change, also for the changes
    // payments and the webhook make: the method's own event would send an admin's change twice.
    after: {
      patch: [
        (context) => {
          context.event = null;
        },
      ],
    },
  });
  app.use('payments', new PaymentsService(app), { methods: ['create'] });
  app.service('payments').hooks({ before: { create: [requireAuth] } });
  for (const event of ['created', 'patched', 'removed'])
    app.service('orders').publish(event, (data) => app.channel(userChannel((data as Order).user)));
}
