import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { load } from './bench/load';
const FIELDS =
  'rbar=1008.8&abar=990.5&intem=25.8&inhum=22&inbat=1&t1tem=18.4&t1hum=71&t1wdir=231&t1ws=3.1&t1ws10mav=2.9' +
  '&t1wgust=5.2&t1rainra=0&t1rainhr=0&t1raindy=1.2&t1rainwy=4.4&t1rainmth=30.8&t1rainyr=400.5&t1uvi=2.1' +
  '&t1solrad=279&t1bat=1&t1cn=1&t1feels=&t1chill=18.4&t1heat=18.4&t1dew=13.1&t1wbgt=16.2&t234c1tem=21.9' +
  '&t234c1hum=56&t234c1bat=1&t234c1cn=1&t234c1tp=2&t8pm25=12&t8pm10=20&t8bat=5&t8cn=1&t9hcho=30&t9voclv=4' +
  '&t10co2=640&t11co=0.5&apiver=1.00';
const mode = process.argv[2] ?? 'ingest';
const child = spawn(process.execPath, ['--cpu-prof', '--cpu-prof-dir=/tmp/prof', '--import', 'tsx', 'bench/ingest-server.ts'], { stdio: ['ignore', 'pipe', 'inherit'] });
const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
const { port, stations } = JSON.parse(line);
const t0 = 1_700_000_000;
const upload = (i: number) =>
  `/data/upload.php?wsid=bench${i % stations}&wspw=key${i % stations}&datetime=${encodeURIComponent(new Date((t0 + 16 * Math.floor(i / stations)) * 1000).toISOString().slice(0, 19).replace('T', ' '))}&${FIELDS}`;
const bare = (i: number) => `/bench/bare?wsid=bench${i % stations}&${FIELDS}`;
const r = await load(`http://127.0.0.1:${port}`, mode === 'bare' ? bare : upload, { seconds: 8 });
console.log(mode, Math.round(r.perSecond), r.statuses);
child.kill('SIGTERM');
await once(child, 'exit');
