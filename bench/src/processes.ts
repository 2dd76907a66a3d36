import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { config, RESULTS_DIR, ROOT, WEB_DIST } from './config.ts';
import { errorText } from './report.ts';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/** Drops and recreates the benchmark database so every run starts from the seeded demo. */
export async function resetDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[a-z0-9_]+$/.test(name) || name === 'postgres') {
    throw new Error(`refusing to drop database "${name}" (BENCH_DATABASE_URL must name a scratch database)`);
  }
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const sql = postgres(admin.toString(), { max: 1, onnotice: () => {} });
  try {
    await sql.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await sql.unsafe(`CREATE DATABASE "${name}"`);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

export interface Child {
  baseUrl: string;
  port: number;
  process: ChildProcess;
  /** Set when the process ended before stop() was called. */
  unexpectedExit: string | null;
  stop(): Promise<void>;
}

async function waitFor(url: string, child: ChildProcess, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited: number | null = null;
  child.once('exit', (code) => {
    exited = code ?? -1;
  });
  while (Date.now() < deadline) {
    if (exited !== null) throw new Error(`${what} exited with code ${exited} before answering ${url}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${what} did not answer ${url} within ${timeoutMs / 1000} s`);
}

function stopper(child: ChildProcess): () => Promise<void> {
  return () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const kill = setTimeout(() => child.kill('SIGKILL'), 8000);
      child.once('exit', () => {
        clearTimeout(kill);
        resolve();
      });
      child.kill('SIGTERM');
    });
}

/**
 * Runs one of the server's command-line tools (`node --import tsx apps/server/src/…`) on the scratch
 * database, as an operator would before the server starts; a failure throws with its last lines.
 */
async function serverCli(
  url: string,
  script: string,
  args: string[],
  what: string,
  extraEnv: Record<string, string> = {},
): Promise<void> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: url, ...extraEnv };
  for (const key of ['NOW', 'REDIS_URL', 'DATA_DIR', 'NODE_ENV']) delete env[key];
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0)
    throw new Error(`${what} failed (exit ${code}): ${output.trim().split('\n').slice(-3).join(' ')}`);
}

/**
 * Loads the demo businesses into the fresh database with the server's seed command (`npm run seed`,
 * which migrates first): a production server never seeds the demo itself.
 */
export function seedDemo(url: string): Promise<void> {
  return serverCli(url, 'apps/server/src/db/seed-cli.ts', [], 'seeding the demo');
}

/** A console account made with `npm run staff:create` (the password through STAFF_PASSWORD). */
export interface StaffAccount {
  /** the branch's alias */
  branch: string;
  role: 'OWNER' | 'STAFF';
  email: string;
  name: string;
  password: string;
}

/** What a section needs of the one production server, set before it starts. */
export interface ServerOptions {
  /** more environment for the server (e.g. the payment providers' fakes' URLs) */
  env?: Record<string, string>;
  /** console accounts made after the seed, before the start (a demo branch without staff) */
  staff?: StaffAccount[];
}

/**
 * The production server as a child process on a fresh PostgreSQL database, seeded with the demo
 * first (the server migrates on start), then given `options.staff`; `options.env` is added to its
 * environment. Its request log (the production logger) goes to results/server.log.
 */
export async function startProductionServer(options: ServerOptions = {}): Promise<Child> {
  await resetDatabase(config.databaseUrl);
  await seedDemo(config.databaseUrl);
  for (const staff of options.staff ?? [])
    await serverCli(
      config.databaseUrl,
      'apps/server/src/features/console/staff-create-cli.ts',
      ['--branch', staff.branch, '--role', staff.role, '--email', staff.email, '--name', staff.name],
      `creating the ${staff.role} account ${staff.email}`,
      { STAFF_PASSWORD: staff.password },
    );
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ['NOW', 'REDIS_URL', 'DATA_DIR', 'PUBLIC_URL']) delete env[key];
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    DATABASE_URL: config.databaseUrl,
    WEB_DIST,
    // the load comes from one address: the per-client order limit would measure itself
    ORDER_RATE_LIMIT: '100000000',
    // thousands of tracking streams come from this one address too
    STREAM_RATE_LIMIT: '100000000',
    // production asks for a payments provider; the bench's orders pay cash and take no real payment
    PAYMENTS_PROVIDER: 'sandbox',
    // a secret of its own each run (the sandbox's default one is public)
    SANDBOX_PAYMENTS_SECRET: randomBytes(24).toString('base64url'),
    // nor does it sign diners in: sign-in codes only go to the log
    MESSAGING_PROVIDER: 'SANDBOX',
    // seals the shops' payment credentials (the payments section connects the providers' fakes)
    PAYMENT_CREDENTIALS_KEY: randomBytes(32).toString('base64'),
    ...options.env,
  });
  const log = createWriteStream(`${RESULTS_DIR}server.log`);
  // BENCH_SERVER_CPU_PROF=dir: the server writes a V8 CPU profile there when it stops (where its time went)
  const profile = process.env.BENCH_SERVER_CPU_PROF;
  const profiling = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [];
  const child = spawn(process.execPath, [...profiling, '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = stopper(child);
  let stopping = false;
  let unexpectedExit: string | null = null;
  child.once('exit', (code, signal) => {
    if (stopping) return;
    unexpectedExit = `code ${code}, signal ${signal}, at ${new Date().toISOString()}`;
    console.error(`[bench] the production server exited unexpectedly (${unexpectedExit})`);
  });
  try {
    await waitFor(`${baseUrl}/api/health`, child, 90_000, 'the production server');
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    baseUrl,
    port,
    process: child,
    get unexpectedExit() {
      return unexpectedExit;
    },
    stop: () => {
      stopping = true;
      return stop();
    },
  };
}

export interface BaselineRoute {
  path: string;
  status: number;
  /** Exact bytes of the real answer (empty for a 304). */
  body: string;
  headers: Record<string, string>;
}

/**
 * A reference server of this folder (`script`) in its own process on a free port (BASELINE_PORT), once
 * it answers `/__ready`; `input`, when given, is written to its stdin.
 */
async function startReference(
  script: string,
  what: string,
  env: Record<string, string> = {},
  input?: string,
): Promise<Child> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL(script, import.meta.url))],
    {
      cwd: ROOT,
      env: { ...process.env, ...env, BASELINE_PORT: String(port) },
      stdio: [input === undefined ? 'ignore' : 'pipe', 'inherit', 'inherit'],
    },
  );
  if (input !== undefined) child.stdin?.end(input);
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = stopper(child);
  try {
    await waitFor(`${baseUrl}/__ready`, child, 30_000, what);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, port, process: child, unexpectedExit: null, stop };
}

/** A bare Fastify app (no logger, no hooks, no plugins) in its own process, answering constant bytes. */
export function startBaseline(routes: BaselineRoute[]): Promise<Child> {
  return startReference('./baseline-server.ts', 'the baseline server', {}, JSON.stringify(routes));
}

/** The bare SSE fan-out (sse-baseline-server.ts) in its own process: the tracking scenario's floor. */
export function startSseBaseline(event: string): Promise<Child> {
  return startReference('./sse-baseline-server.ts', 'the bare SSE server', { SSE_EVENT: event });
}

/** Restricts a process and all its threads to the given CPUs (`taskset` list, e.g. "0" or "0-1"). */
function setAffinity(pid: number, cpuList: string): void {
  execFileSync('taskset', ['--all-tasks', '--cpu-list', '--pid', cpuList, String(pid)], { stdio: 'ignore' });
}

export interface Pinning {
  /** How the CPUs were shared, for the report; null when they were not (one CPU, or no taskset). */
  description: string | null;
  release(): void;
}

/**
 * Gives the load generator (this process, where autocannon runs) a CPU of its own and the answering
 * servers the other one, so neither side of a ratio loses time to the tool measuring it. The servers
 * share a CPU but never run loads at the same time. Undone by `release()`.
 */
export function pinLoadApart(serverPids: (number | undefined)[]): Pinning {
  const pids = [process.pid, ...serverPids.filter((pid): pid is number => pid !== undefined)];
  if (config.cpus < 2) return { description: null, release() {} };
  const generator = String(config.cpus - 1);
  const servers = config.cpus === 2 ? '0' : `0-${config.cpus - 2}`;
  const release = () => {
    for (const pid of pids) {
      try {
        setAffinity(pid, `0-${config.cpus - 1}`);
      } catch {
        // a server that has exited needs no release
      }
    }
  };
  try {
    for (const pid of pids) setAffinity(pid, pid === process.pid ? generator : servers);
  } catch (error) {
    release();
    console.warn(`  (CPUs not pinned: ${errorText(error)})`);
    return { description: null, release() {} };
  }
  return { description: `autocannon on CPU ${generator}, the servers on CPU ${servers}`, release };
}
