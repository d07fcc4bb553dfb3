// Where a cluster's parts listen, from the environment (`npm run cluster`, `npm run haproxy:config`):
//   PORT              the public port, HAProxy's (8080); HOST its address ('' = every interface)
//   INGEST_PROCESSES  how many ingest processes (1)
//   CLUSTER_PORTS     the processes' own ports, ingest first (PORT+1, PORT+2…: INGEST_PROCESSES + 2 of them); one
//                     API process per port past the ingest ones
export interface ClusterLayout {
  port: number;
  host: string;
  ingest: number;
  ports: number[];
}

export function clusterLayout(env: NodeJS.ProcessEnv): ClusterLayout {
  const port = Number(env.PORT ?? 8080);
  const ingest = Number(env.INGEST_PROCESSES ?? 1);
  if (!Number.isInteger(ingest) || ingest < 1)
    throw new Error(`INGEST_PROCESSES must be a whole number ≥ 1, got ${env.INGEST_PROCESSES}`);
  const ports = env.CLUSTER_PORTS
    ? env.CLUSTER_PORTS.split(',').map(Number)
    : Array.from({ length: ingest + 2 }, (_, i) => port + 1 + i);
  if (ports.length <= ingest || [port, ...ports].some((p) => !Number.isInteger(p) || p <= 0 || p > 65535))
    throw new Error(
      `CLUSTER_PORTS must list ${ingest} ingest port(s), then at least one API port, got ${env.CLUSTER_PORTS}`,
    );
  return { port, host: env.HOST ?? '', ingest, ports };
}

/** The processes' names as the cluster gives them (numbered within their role) and their ports. */
export function layoutServers({ ingest, ports }: ClusterLayout) {
  return {
    ingest: ports.slice(0, ingest).map((port, i) => ({ name: `ingest${i + 1}`, port })),
    api: ports.slice(ingest).map((port, i) => ({ name: `api${i + 1}`, port })),
  };
}
