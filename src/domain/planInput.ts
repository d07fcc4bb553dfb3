// A subscription plan's input rules (spec §3 SubscriptionPlan): a clear 400 for each. The server and the mocks
// build them with their own readers and ids, so both answer the same messages.
import type { SubscriptionPlan } from './contract';
import { DEVICE_TYPES } from './deviceTypes';
import { itemIdRules, splitIds } from './itemIds';
import type { inputReaders } from './readers';

const EDITABLE = new Set([
  'name',
  'description',
  'price',
  'currency',
  'months',
  'maxDevices',
  'storeDays',
  'deviceTypes',
  'features',
  'status',
  'order',
]);
const MAX_FEATURES = 30;

export function planInputRules(readers: ReturnType<typeof inputReaders>, newId: () => string) {
  const { asObject, num, str, fail } = readers;
  const { withItemIds } = itemIdRules(fail, newId);

  /** The fields present in `input`, checked; `creating` requires a name and months and fills defaults. */
  function planFields(
    input: unknown,
    creating: boolean,
    previousFeatures: SubscriptionPlan['features'] = [],
  ): Partial<SubscriptionPlan> {
    const data = asObject(input);
    for (const key of Object.keys(data)) {
      if (key === '_id') continue;
      if (!EDITABLE.has(key)) throw fail(`${key} cannot be set`, { field: key });
    }
    const out: Partial<SubscriptionPlan> = {};
    const name = str(data, 'name', { max: 100 });
    if (name !== undefined) out.name = name;
    else if (creating || data.name !== undefined) throw fail('name is required', { field: 'name' });
    if (data.description !== undefined)
      out.description = data.description === null ? '' : (str(data, 'description', { max: 2000 }) ?? '');
    const price = num(data, 'price', {
      integer: true,
      min: 0,
      max: 100_000_000,
      message: 'price must be a whole number of cents, 0 or more',
    });
    if (price !== undefined) out.price = price;
    if (data.currency !== undefined) {
      const c = typeof data.currency === 'string' ? data.currency.trim().toUpperCase() : '';
      if (!/^[A-Z]{3}$/.test(c))
        throw fail('currency must be a 3-letter code such as USD', { field: 'currency' });
      out.currency = c;
    }
    const months = num(data, 'months', {
      required: creating,
      integer: true,
      min: 0,
      max: 120,
      message: 'months must be a whole number 0..120 (0 = permanent)',
    });
    if (months !== undefined) out.months = months;
    const maxDevices = num(data, 'maxDevices', {
      integer: true,
      min: 1,
      max: 1000,
      message: 'maxDevices must be a whole number 1..1000',
    });
    if (maxDevices !== undefined) out.maxDevices = maxDevices;
    const storeDays = num(data, 'storeDays', {
      integer: true,
      min: 1,
      max: 36600,
      message: 'storeDays must be a whole number of days, 1 or more',
    });
    if (storeDays !== undefined) out.storeDays = storeDays;
    if (data.deviceTypes !== undefined) out.deviceTypes = deviceTypes(data.deviceTypes);
    if (data.features !== undefined) out.features = features(data.features, previousFeatures);
    if (data.status !== undefined) {
      if (data.status !== 'draft' && data.status !== 'published')
        throw fail('status must be draft or published', { field: 'status' });
      out.status = data.status;
    }
    const order = num(data, 'order', { integer: true, min: -1e6, max: 1e6 });
    if (order !== undefined) out.order = order;
    if (creating) {
      return {
        description: '',
        price: 0,
        currency: 'USD',
        maxDevices: 1,
        storeDays: 30,
        deviceTypes: [],
        features: [],
        status: 'draft',
        order: 0,
        ...out,
      };
    }
    return out;
  }

  function deviceTypes(v: unknown): number[] {
    const max = DEVICE_TYPES.length - 1;
    if (
      !Array.isArray(v) ||
      v.length > DEVICE_TYPES.length ||
      v.some((t) => !Number.isInteger(t) || (t as number) < 0 || (t as number) > max)
    )
      throw fail(`deviceTypes must be a list of device type ids 0..${max}`, { field: 'deviceTypes' });
    return [...new Set(v as number[])];
  }

  /** Features as [{_id?, text}] (plain strings accepted); each keeps or gets an `_id`. */
  function features(v: unknown, previous: SubscriptionPlan['features']): SubscriptionPlan['features'] {
    if (!Array.isArray(v) || v.length > MAX_FEATURES)
      throw fail(`features must be a list of at most ${MAX_FEATURES} {text}`, { field: 'features' });
    const { ids, bare } = splitIds(v.map((f) => (typeof f === 'string' ? { text: f } : f)));
    const texts = (bare as unknown[]).map((f) => {
      const o = f && typeof f === 'object' && !Array.isArray(f) ? (f as Record<string, unknown>) : null;
      if (!o || Object.keys(o).some((k) => k !== 'text') || typeof o.text !== 'string')
        throw fail('Each feature must be {text}', { field: 'features' });
      const text = o.text.trim();
      if (text === '' || text.length > 200)
        throw fail('A feature text must be 1..200 characters', { field: 'features' });
      return { text };
    });
    return withItemIds(ids, texts, previous, 'Feature', 'features');
  }

  return { planFields };
}
