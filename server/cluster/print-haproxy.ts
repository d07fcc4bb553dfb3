// `npm run haproxy:config`: deploy/haproxy.cfg filled for the cluster the environment describes (layout.ts: PORT,
// HOST, INGEST_PROCESSES, CLUSTER_PORTS; HAPROXY_STATS_SOCKET, default /run/haproxy/admin.sock as Debian's), to
// install as /etc/haproxy/haproxy.cfg in front of processes run by systemd or a container runtime.
import { haproxyConfig } from './haproxy-config';
import { clusterLayout, layoutServers } from './layout';

const layout = clusterLayout(process.env);
process.stdout.write(
  haproxyConfig({
    port: layout.port,
    host: layout.host,
    ...layoutServers(layout),
    statsSocket: process.env.HAPROXY_STATS_SOCKET ?? '/run/haproxy/admin.sock',
  }),
);
