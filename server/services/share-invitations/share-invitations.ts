// Registers shareInvitations and says who hears its events: the owner gets their copy on `user/<owner>`, the
// invited account (if one uses the address, verified) its copy on `user/<recipient>`, so an invitation appears
// live. A decline reaches only the recipient's own sockets: the owner keeps seeing `pending`.
import type { ShareInvitation } from '../../../src/domain/contract';
import type { Application } from '../../declarations';
import { requireAuth } from '../../hooks/auth';
import { userChannel } from '../../realtime/channels';
import { ShareInvitationsService } from './share-invitations.class';

export function shareInvitations(app: Application): void {
  const service = new ShareInvitationsService(app);
  app.use('shareInvitations', service, { methods: ['find', 'get', 'create', 'patch', 'remove'] });
  app.service('shareInvitations').hooks({ before: { all: [requireAuth] } });
  for (const event of ['created', 'patched', 'removed']) {
    app.service('shareInvitations').publish(event, async (data: ShareInvitation) => {
      const { owner, recipient } = await service.audience(data);
      const out = [];
      if (owner && data.status !== 'declined') out.push(app.channel(userChannel(owner.id)).send(owner.copy));
      if (recipient) out.push(app.channel(userChannel(recipient.id)).send(recipient.copy));
      return out;
    });
  }
}
