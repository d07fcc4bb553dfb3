// Whether two answers of a store query hold the same data (issue 32): a query re-runs on every write to what it
// read, and most re-runs answer what they answered before (a worker's sync writes a table in several steps, the
// connection's 1 s tick rewrites a setting another field of which a screen shows). An equal answer is not given
// to React again, so the screen does not render for it. Plain data only: objects of another kind are the same only
// when they are the same object.

export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameValue(a[i], b[i])) return false;
    return true;
  }
  if (a instanceof Date) return b instanceof Date && a.getTime() === b.getTime();
  if (!isPlain(a) || !isPlain(b)) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka)
    if (
      !Object.hasOwn(b, k) ||
      !sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])
    )
      return false;
  return true;
}

function isPlain(x: object): boolean {
  const proto = Object.getPrototypeOf(x);
  return proto === Object.prototype || proto === null;
}
