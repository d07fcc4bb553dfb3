// REST query strings parsed as the real server's koa-qs parses them, for the shapes clients send:
// `a=1`, `devices[0]=x` and `a[]=x` (arrays), `$devices[owned]=true` and `$devices[public][0]=x` (nested).
export type QueryValue = string | QueryValue[] | Query;
export type Query = { [key: string]: QueryValue };

type Node = Query | QueryValue[];

const isIndex = (segment: string) => segment === '' || /^\d+$/.test(segment);

/** `a[b][0]` → ['a', 'b', '0']. */
function pathOf(raw: string): string[] {
  const m = /^([^[]+)((?:\[[^\]]*\])*)$/.exec(raw);
  if (!m) return [raw];
  return [m[1], ...[...m[2].matchAll(/\[([^\]]*)\]/g)].map((x) => x[1])];
}

function child(node: Node, key: string, makeArray: boolean): Node {
  const slots = node as Record<string, QueryValue>;
  const slot = Array.isArray(node) && key === '' ? String(node.length) : key;
  const existing = slots[slot];
  if (existing !== undefined && typeof existing !== 'string') return existing;
  const made: Node = makeArray ? [] : {};
  slots[slot] = made;
  return made;
}

function assign(node: Node, key: string, value: string): void {
  if (Array.isArray(node)) {
    if (key === '') node.push(value);
    else node[Number(key)] = value;
    return;
  }
  const existing = node[key];
  // A repeated plain key becomes a list, as with qs.
  node[key] =
    existing === undefined
      ? value
      : Array.isArray(existing)
        ? [...existing, value]
        : [existing as string, value];
}

function compact(v: QueryValue): QueryValue {
  if (Array.isArray(v)) return v.filter((x) => x !== undefined).map(compact);
  if (typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, compact(x)]));
  return v;
}

export function parseQuery(search: URLSearchParams): Query {
  const out: Query = {};
  for (const [raw, value] of search) {
    const path = pathOf(raw);
    let node: Node = out;
    for (let i = 0; i < path.length - 1; i++) node = child(node, path[i], isIndex(path[i + 1]));
    assign(node, path[path.length - 1], value);
  }
  return compact(out) as Query;
}
