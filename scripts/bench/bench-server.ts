import autocannon from 'autocannon';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer as createHttpServer } from 'node:http';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSubmissionStore, type StoreLocation } from '../site-server/store/open-submission-store';
import { startPostgres, type TestPostgres } from '../tooling/start-postgres';

/** Seconds each static figure runs for, and the connections that load it. */
const STATIC_SECONDS = 6;
const STATIC_CONNECTIONS = 50;
/** Enquiries sent at each level of concurrency: a fixed number, so every answer is counted. */
const ENQUIRIES = 4000;
const CLOCK_TICKS = 100;

const freePort = (): Promise<number> =>
  new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/** CPU seconds used so far by a process and all its descendants (Linux /proc). */
function cpuSeconds(pid: number): number {
  const children = new Map<number, number[]>();
  const ticks = new Map<number, number>();
  for (const name of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const parent = Number(fields[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(name)]);
      ticks.set(Number(name), Number(fields[11]) + Number(fields[12]));
    } catch {
      // The process ended while the table was read.
    }
  }
  const sum = (id: number): number => (ticks.get(id) ?? 0) + (children.get(id) ?? []).reduce((total, child) => total + sum(child), 0);
  return sum(pid) / CLOCK_TICKS;
}

async function waitUntilUp(url: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not come up.`);
}

interface Load {
  requestsPerSecond: number;
  p99Ms: number;
  cpuMsPerRequest: number;
  ok: number;
  errors: number;
}

/** Runs autocannon against a server process and measures the CPU that process tree spent per request. */
async function load(pid: number, options: autocannon.Options): Promise<Load> {
  const before = cpuSeconds(pid);
  const started = performance.now();
  const result = await autocannon(options);
  const seconds = (performance.now() - started) / 1000;
  const cpu = cpuSeconds(pid) - before;
  const total = result.requests.total;
  return {
    requestsPerSecond: total / seconds,
    p99Ms: result.latency.p99,
    cpuMsPerRequest: total > 0 ? (cpu * 1000) / total : 0,
    ok: result['2xx'],
    errors: result.errors + result.non2xx,
  };
}

/** Where the server stores: STORE_PATH for SQLite, DATABASE_URL for PostgreSQL. */
const storeEnv = (location: StoreLocation): Record<string, string> =>
  location.engine === 'sqlite' ? { STORE_PATH: location.path } : { DATABASE_URL: location.url };

function startSiteServer(root: string, port: number, location: StoreLocation, webhook: string): ChildProcess {
  // One process (tsx as an import hook, not its CLI wrapper), so its CPU is the server's own.
  return spawn(process.execPath, ['--import', 'tsx', join(root, 'scripts/start.ts'), '--no-build'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      ...storeEnv(location),
      RATE_LIMIT_PER_MINUTE: '0',
      NODE_ENV: 'production',
      WEBHOOK_URL: webhook,
      WEBHOOK_SECRET: `whsec_${randomBytes(32).toString('base64')}`,
    },
    stdio: 'ignore',
  });
}

/** A webhook receiver that notes, for each delivery, how long after the submission was stored it arrived. */
async function lagReceiver(): Promise<{ url: string; lags: number[]; close: () => Promise<void> }> {
  const lags: number[] = [];
  const server = createHttpServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const { timestamp } = JSON.parse(body) as { timestamp: string };
      lags.push(Date.now() - Date.parse(timestamp));
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, lags, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The value below which a share `q` of the sorted figures lie. */
const quantile = (sorted: number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;

function startNginx(root: string, port: number, dir: string): ChildProcess | undefined {
  if (spawnSync('nginx', ['-v']).error) return undefined;
  // The same dist/, its gzip copies and security headers, one worker like the one Node process.
  const config = `worker_processes 1; daemon off; pid ${dir}/nginx.pid; error_log ${dir}/error.log;
events { worker_connections 1024; }
http {
  access_log off; sendfile on; tcp_nopush on; keepalive_requests 100000;
  client_body_temp_path ${dir}; proxy_temp_path ${dir}; fastcgi_temp_path ${dir}; uwsgi_temp_path ${dir}; scgi_temp_path ${dir};
  types { text/html html; text/javascript js; text/css css; image/svg+xml svg; }
  server {
    listen 127.0.0.1:${port}; root ${join(root, 'dist')}; gzip_static on; etag on;
    include ${join(root, 'dist/nginx-headers.conf')};
    location / { try_files $uri $uri/index.html =404; }
  }
}`;
  writeFileSync(join(dir, 'nginx.conf'), config);
  return spawn('nginx', ['-c', join(dir, 'nginx.conf'), '-p', dir], { stdio: 'ignore' });
}

const stop = (child: ChildProcess): Promise<void> =>
  new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

/**
 * Static throughput and CPU per request of the site server beside nginx (when installed) on
 * the same dist/, then enquiry throughput at 50 and 200 connections on SQLite and on PostgreSQL, checking that the rows
 * stored equal the 201s. Returns the report's lines.
 */
export async function benchServer(root: string): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-server-'));
  const html = readFileSync(join(root, 'dist/index.html'), 'utf8');
  const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1] ?? '/favicon.svg';
  const targets = [
    { name: `small asset (${asset.replace(/-[^.]+/, '-…')}, gzip)`, path: asset },
    { name: 'page (/about, gzip)', path: '/about' },
  ];
  const lines: string[] = [];
  try {
    const port = await freePort();
    const receiver = await lagReceiver();
    const site = startSiteServer(root, port, { engine: 'sqlite', path: join(dir, 'static.db') }, receiver.url);
    await waitUntilUp(`http://127.0.0.1:${port}/about`);
    const nginxPort = await freePort();
    const nginx = startNginx(root, nginxPort, dir);
    if (nginx) await waitUntilUp(`http://127.0.0.1:${nginxPort}/about`);

    lines.push(
      '## Static files',
      '',
      `${STATIC_CONNECTIONS} connections for ${STATIC_SECONDS} s each, \`Accept-Encoding: gzip\` (nginx's gzip_static; Debian's nginx has no Brotli module). CPU is the server's process tree, from /proc.`,
      '',
    );
    lines.push('| file | server | requests/s | p99 latency | CPU per request |', '|---|---|---:|---:|---:|');
    const servers = [
      { name: 'site server (Node, send)', port, pid: site.pid ?? 0 },
      ...(nginx ? [{ name: 'nginx 1 worker', port: nginxPort, pid: nginx.pid ?? 0 }] : []),
    ];
    const figures = new Map<string, Load>();
    for (const target of targets) {
      for (const server of servers) {
        const result = await load(server.pid, {
          url: `http://127.0.0.1:${server.port}${target.path}`,
          connections: STATIC_CONNECTIONS,
          duration: STATIC_SECONDS,
          headers: { 'accept-encoding': 'gzip' },
        });
        figures.set(`${target.path} ${server.name}`, result);
        lines.push(
          `| ${target.name} | ${server.name} | ${Math.round(result.requestsPerSecond)} | ${result.p99Ms} ms | ${(result.cpuMsPerRequest * 1000).toFixed(0)} µs |`,
        );
        console.log(lines.at(-1));
      }
    }
    if (!nginx) lines.push('', 'nginx is not installed here: install it (`apt-get install nginx`) to measure beside it.');
    else {
      const ratios = targets.map((target) => {
        const node = figures.get(`${target.path} ${servers[0]?.name}`);
        const other = figures.get(`${target.path} ${servers[1]?.name}`);
        return node && other
          ? `${target.name}: nginx serves ×${(other.requestsPerSecond / node.requestsPerSecond).toFixed(1)} the requests a second at ×${(node.cpuMsPerRequest / other.cpuMsPerRequest).toFixed(1)} less CPU each`
          : '';
      });
      lines.push('', ...ratios.map((ratio) => `- ${ratio}`));
    }
    if (nginx) await stop(nginx);
    await stop(site);
    await receiver.close();

    lines.push(
      '',
      '## Enquiries',
      '',
      `${ENQUIRIES} valid enquiries from one address (rate limit off), every answer awaited; each 201 must be a row in the store. Each is sent as a person's is (spam/screen.ts): with its own form token, asked for beforehand and more than 2 s old, and its own words. Each is delivered to a webhook receiver on this machine as it is stored; the lag is from the moment it was stored to the moment the receiver has it, over every delivery of the run, which must all arrive. On SQLite the server's writer thread stores and delivers; on PostgreSQL (Debian's, started in a temporary folder with its default settings, on this machine) the server's own thread does both, over a pool of 10 connections.`,
      '',
    );
    lines.push(
      '| store | connections | enquiries/s | p99 latency | 201s | rows stored | other answers | spam | delivered | delivery lag p50 | p95 |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    );
    lines.push(...(await benchEnquiries(root, 'SQLite', { engine: 'sqlite', path: join(dir, 'submissions.db') })));
    let postgres: TestPostgres | undefined;
    try {
      postgres = await startPostgres();
    } catch (error) {
      lines.push('', `PostgreSQL is not measured: ${(error as Error).message}`);
    }
    if (postgres)
      try {
        lines.push(...(await benchEnquiries(root, 'PostgreSQL', { engine: 'postgres', url: await postgres.database('bench') })));
      } finally {
        await postgres.stop();
      }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return lines;
}

/**
 * Enquiry throughput at 50 and 200 connections on one store, with the delivery lag of every
 * enquiry, checking that the rows stored equal the 201s. One row of the table for each.
 */
async function benchEnquiries(root: string, label: string, location: StoreLocation): Promise<string[]> {
  const lines: string[] = [];
  const port = await freePort();
  const receiver = await lagReceiver();
  const site = startSiteServer(root, port, location, receiver.url);
  try {
    await waitUntilUp(`http://127.0.0.1:${port}/about`);
    for (const connections of [50, 200]) {
      const before = await countRows(location);
      const tokens = await Promise.all(
        Array.from({ length: ENQUIRIES }, async () => {
          const answer = (await (await fetch(`http://127.0.0.1:${port}/api/form-token?form=enquiry`)).json()) as { token: string };
          return answer.token;
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 2200));
      receiver.lags.length = 0;
      let sent = 0;
      const result = await load(site.pid ?? 0, {
        url: `http://127.0.0.1:${port}/api/enquiry`,
        method: 'POST',
        connections,
        amount: ENQUIRIES,
        headers: { 'content-type': 'application/json' },
        requests: [
          {
            setupRequest: (request) => {
              const index = sent++;
              return {
                ...request,
                headers: { ...request.headers, 'x-form-token': tokens[index] ?? '' },
                body: bodyOf(connections, index),
              };
            },
          },
        ],
      });
      const rows = (await countRows(location)) - before;
      const spam = await countSpam(location);
      // Every delivery arrives, or the run says how many did not within a minute.
      const deadline = Date.now() + 60_000;
      while (receiver.lags.length < result.ok - spam && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      const lags = [...receiver.lags].sort((a, b) => a - b);
      lines.push(
        `| ${label} | ${connections} | ${Math.round(result.requestsPerSecond)} | ${result.p99Ms} ms | ${result.ok} | ${rows} | ${result.errors} | ${spam} | ${lags.length} | ${quantile(lags, 0.5)} ms | ${quantile(lags, 0.95)} ms |`,
      );
      console.log(lines.at(-1));
      if (rows !== result.ok) throw new Error(`${label}: ${result.ok} enquiries were answered 201 but ${rows} rows were stored.`);
    }
  } finally {
    await stop(site);
    await receiver.close();
  }
  return lines;
}

/** A person's enquiry: words of its own, so none is a repeat of another. */
const bodyOf = (run: number, index: number): string =>
  JSON.stringify({
    name: 'Bench',
    mobile: '+91 9876543210',
    email: 'bench@example.com',
    message: `Throughput run ${run}, enquiry ${index}.`,
  });

/** How many stored enquiries were taken for spam (none should be: they are sent as people send them). */
async function countSpam(location: StoreLocation): Promise<number> {
  const store = await openSubmissionStore(location);
  let count = 0;
  for (const row of await store.enquiries()) if ((await store.spamOf('enquiry', row.id)) !== null) count += 1;
  await store.close();
  return count;
}

async function countRows(location: StoreLocation): Promise<number> {
  const store = await openSubmissionStore(location);
  const count = (await store.enquiries()).length;
  await store.close();
  return count;
}
