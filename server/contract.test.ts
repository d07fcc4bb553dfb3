// The contract: the service answers other tools and our own worker rely on, called over REST against the real
// server (docs/architecture.md §8). Third-party reads (docs/upload-protocols.md §4), accounts, device lists and scopes,
// history (lastData, raw, 5m, query, queryGroup), metrics, settings, subscriptions, and the error contract
// (401/404/400), and the admin area.
import { describe } from 'vitest';
import { accountsContract } from './contract/accounts';
import { adminContract } from './contract/admin';
import { realBackend } from './contract/backends';
import { setUp } from './contract/context';
import { devicesContract } from './contract/devices';
import { errorsContract } from './contract/errors';
import { historyContract } from './contract/history';
import { ordersContract } from './contract/orders';
import { settingsContract } from './contract/settings';
import { sharesContract } from './contract/shares';
import { subscriptionsContract } from './contract/subscriptions';
import { thirdPartyContract } from './contract/third-party';
import { uploadTargetsContract } from './contract/upload-targets';

describe('contract', () => {
  const c = setUp(realBackend());
  accountsContract(c);
  thirdPartyContract(c);
  devicesContract(c);
  sharesContract(c);
  historyContract(c);
  settingsContract(c);
  subscriptionsContract(c);
  uploadTargetsContract(c);
  ordersContract(c);
  errorsContract(c);
  adminContract(c);
});
