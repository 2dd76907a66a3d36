/**
 * The machines of the multihost section, simulated on this one (issue 29, target 5).
 *
 * Each app host is a network namespace of the bench's own (`ip netns add comanda-bench-hN`) joined to
 * this machine by a veth pair on a /30 of its own: 10.200.N.1 on this side, 10.200.N.2 inside. Nothing
 * else: the namespaces have no default route, so nothing they send can leave the machine. Inside, the
 * server (`node apps/server/src/main.ts`, production mode) listens on 10.200.N.2:3000.
 *
 * PostgreSQL and Redis listen on 127.0.0.1 only, and the bench does not change their configuration
 * (listen_addresses, pg_hba.conf, bind): a TCP relay, a second HAProxy in tcp mode that only the
 * bench uses, listens on each host's end of its veth (10.200.N.1, the database's and Redis's ports) and
 * forwards to them. To the servers the database machine is 10.200.N.1; PostgreSQL sees the relay's
 * connections from 127.0.0.1.
 *
 * The balancer is deploy/haproxy.cfg as shipped, given its addresses through the environment: it
 * listens on 127.0.0.1 (a free port) and reaches the servers at 10.200.N.2:3000. Its runtime API (a
 * unix socket) tells which servers are up and how many sessions each holds.
 *
 * Everything made here is undone by `teardown()`, also when the run fails or is interrupted (SIGINT,
 * SIGTERM); a run that was killed outright leaves a state file that the next run reads to clean up
 * after it (processes by id, namespaces and links by name).
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { RESULTS_DIR, ROOT } from './config.ts';

/** The app hosts' namespaces, links and addresses (N = 1, 2, 3). */
export const HOSTS = [1, 2, 3].map((n) => ({
  n,
  name: `app${n}`,
  netns: `comanda-bench-h${n}`,
  /** this machine's end of the veth pair (the name is limited to 15 characters) */
  link: `cb-h${n}`,
  /** the address of this machine as the host sees it: the balancer's and the database's */
  outside: `10.200.${n}.1`,
  /** the host's own address, where its server listens */
  inside: `10.200.${n}.2`,
}));
export type HostNet = (typeof HOSTS)[number];
export const APP_PORT = 3000;
export const BALANCER_CONFIG = join(ROOT, 'deploy/haproxy.cfg');

const STATE_FILE = join(RESULTS_DIR, 'multihost-state.json');

interface State {
  benchPid: number;
  /** processes started by the bench: haproxy (balancer, relay) and the servers */
  pids: number[];
}

function ip(...args: string[]): void {
  execFileSync('ip', args, { stdio: ['ignore', 'ignore', 'pipe'] });
}

function quietly(work: () => void): void {
  try {
    work();
  } catch {
    // already gone
  }
}

function commandOf(pid: number): string | null {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return null;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Why the section cannot run here, or null: it needs root (namespaces, links), `ip` with netns, and
 * HAProxy (Debian's `haproxy` package). Probed by making and deleting a namespace.
 */
export function unavailableReason(): string | null {
  if (process.platform !== 'linux') return 'network namespaces need Linux';
  if (process.getuid?.() !== 0)
    return 'needs root (it creates network namespaces and veth links); run the bench as root';
  const haproxy = spawnSync('haproxy', ['-v'], { encoding: 'utf8' });
  if (haproxy.error || haproxy.status !== 0)
    return 'HAProxy is not installed (Debian: apt-get install -y haproxy)';
  const probe = `comanda-bench-probe-${process.pid}`;
  try {
    ip('netns', 'add', probe);
  } catch (error) {
    const why = (error as { stderr?: Buffer }).stderr?.toString().trim() ?? String(error);
    return `\`ip netns add\` is not permitted here (${why})`;
  } finally {
    quietly(() => ip('netns', 'del', probe));
  }
  return null;
}

export function haproxyVersion(): string {
  const out = spawnSync('haproxy', ['-v'], { encoding: 'utf8' }).stdout ?? '';
  return /HAProxy version (\S+)/.exec(out)?.[1] ?? 'unknown';
}

/** What a previous run left behind (it was killed): its processes, namespaces and links. */
function cleanLeftovers(): void {
  if (existsSync(STATE_FILE)) {
    try {
      const state = JSON.parse(readFileSync(STATE_FILE, 'utf8')) as State;
      if (
        state.benchPid !== process.pid &&
        alive(state.benchPid) &&
        /run\.ts/.test(commandOf(state.benchPid) ?? '')
      )
        throw new Error(
          `another bench run (pid ${state.benchPid}) holds the multihost namespaces; wait for it to finish`,
        );
      for (const pid of state.pids) {
        const command = commandOf(pid);
        if (command && /haproxy|apps\/server\/src\/main\.ts/.test(command))
          quietly(() => process.kill(pid, 'SIGKILL'));
      }
    } catch (error) {
      if ((error as Error).message.startsWith('another bench run')) throw error;
    }
  }
  for (const host of HOSTS) {
    quietly(() => ip('link', 'del', host.link));
    quietly(() => ip('netns', 'del', host.netns));
  }
}

export class Machines {
  private readonly state: State = { benchPid: process.pid, pids: [] };
  private readonly children = new Set<ChildProcess>();
  private onSignal: (() => void) | null = null;
  private torn = false;

  /** Cleans up after an earlier run, makes the namespaces and links, and arms the clean-up. */
  up(): void {
    cleanLeftovers();
    const taken = execFileSync('ip', ['-4', 'addr', 'show'], { encoding: 'utf8' });
    const clash = HOSTS.find((h) => taken.includes(` ${h.outside}/`) || taken.includes(` ${h.inside}/`));
    if (clash) throw new Error(`${clash.outside}/30 is already used on this machine`);
    this.save();
    // a Ctrl+C or a kill of the bench still removes everything (the exit handler runs on process.exit)
    const onSignal = () => {
      this.teardownSync();
      process.exit(130);
    };
    this.onSignal = onSignal;
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
    process.once('exit', () => this.teardownSync());
    for (const host of HOSTS) {
      ip('netns', 'add', host.netns);
      ip('link', 'add', host.link, 'type', 'veth', 'peer', 'name', 'eth0', 'netns', host.netns);
      ip('addr', 'add', `${host.outside}/30`, 'dev', host.link);
      ip('link', 'set', host.link, 'up');
      ip('-n', host.netns, 'addr', 'add', `${host.inside}/30`, 'dev', 'eth0');
      ip('-n', host.netns, 'link', 'set', 'eth0', 'up');
      ip('-n', host.netns, 'link', 'set', 'lo', 'up');
    }
  }

  private save(): void {
    writeFileSync(STATE_FILE, JSON.stringify(this.state));
  }

  /** Starts a process (in a namespace when `netns` is given) whose output goes to results/{log}. */
  spawn(
    command: string,
    args: string[],
    options: { netns?: string; env: NodeJS.ProcessEnv; log: string },
  ): ChildProcess {
    const [file, argv] = options.netns
      ? ['ip', ['netns', 'exec', options.netns, command, ...args]]
      : [command, args];
    // `ip netns exec` execs the command itself: the child's pid is the command's
    const child = spawn(file, argv, { cwd: ROOT, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
    const log = createWriteStream(join(RESULTS_DIR, options.log));
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
    if (child.pid) {
      this.state.pids.push(child.pid);
      this.save();
    }
    this.children.add(child);
    child.once('exit', () => this.children.delete(child));
    return child;
  }

  /** Everything down: processes (by their ids), links, namespaces, the state file. */
  async teardown(): Promise<void> {
    for (const child of this.children) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    await Promise.all(
      [...this.children].map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', () => resolve());
            setTimeout(resolve, 5000).unref();
          }),
      ),
    );
    this.teardownSync();
  }

  private teardownSync(): void {
    if (this.torn) return;
    this.torn = true;
    for (const child of this.children) quietly(() => child.kill('SIGKILL'));
    for (const pid of this.state.pids) if (alive(pid)) quietly(() => process.kill(pid, 'SIGKILL'));
    for (const host of HOSTS) {
      quietly(() => ip('link', 'del', host.link));
      quietly(() => ip('netns', 'del', host.netns));
    }
    quietly(() => rmSync(STATE_FILE, { force: true }));
    if (this.onSignal) {
      process.off('SIGINT', this.onSignal);
      process.off('SIGTERM', this.onSignal);
    }
  }

  /** Namespaces and links still present (after teardown: none). */
  static leftovers(): string[] {
    const namespaces = execFileSync('ip', ['netns', 'list'], { encoding: 'utf8' });
    const links = execFileSync('ip', ['-o', 'link', 'show'], { encoding: 'utf8' });
    return HOSTS.flatMap((h) => [
      ...(namespaces.includes(h.netns) ? [h.netns] : []),
      ...(links.includes(` ${h.link}@`) ? [h.link] : []),
    ]);
  }
}

/** The relay's configuration: each host's end forwards the database's and Redis's ports to them. */
export function relayConfig(targets: {
  postgres: { host: string; port: number };
  redis: { host: string; port: number };
}): string {
  const binds = (port: number) => HOSTS.map((h) => `    bind ${h.outside}:${port}`).join('\n');
  return `# written by the bench (bench/src/multihost-net.ts): the network between the app hosts and
# the database machine; not part of a deployment
global
    maxconn 4000

defaults
    mode tcp
    timeout connect 2s
    timeout client 1h
    timeout server 1h

listen postgres
${binds(targets.postgres.port)}
    server postgres ${targets.postgres.host}:${targets.postgres.port}

listen redis
${binds(targets.redis.port)}
    server redis ${targets.redis.host}:${targets.redis.port}
`;
}

/** One command on HAProxy's runtime API (its unix socket); answers the text it sends back. */
export function haproxyCommand(socket: string, command: string, timeoutMs = 5000): Promise<string> {
  return new Promise((resolve, reject) => {
    const client = connect(socket);
    let text = '';
    const timer = setTimeout(() => {
      client.destroy();
      reject(new Error(`HAProxy's runtime API did not answer "${command}"`));
    }, timeoutMs);
    client.setEncoding('utf8');
    client.on('connect', () => client.end(`${command}\n`));
    client.on('data', (chunk: string) => {
      text += chunk;
    });
    client.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    client.on('close', () => {
      clearTimeout(timer);
      resolve(text);
    });
  });
}

export interface ServerStat {
  name: string;
  /** UP, DOWN, MAINT, "UP 1/2" (going down)... */
  status: string;
  /** sessions now, and in all since the start */
  current: number;
  total: number;
}

/** The backend's servers as `show stat` lists them. */
export async function serverStats(socket: string, backend = 'comanda'): Promise<ServerStat[]> {
  const text = await haproxyCommand(socket, 'show stat');
  const [head, ...rows] = text.trim().split('\n');
  const columns = (head ?? '').replace(/^# /, '').split(',');
  const at = (name: string) => columns.indexOf(name);
  return rows
    .map((row) => row.split(','))
    .filter(
      (cells) =>
        cells[at('pxname')] === backend && !['BACKEND', 'FRONTEND'].includes(cells[at('svname')] ?? ''),
    )
    .map((cells) => ({
      name: cells[at('svname')] ?? '',
      status: cells[at('status')] ?? '',
      current: Number(cells[at('scur')] ?? 0),
      total: Number(cells[at('stot')] ?? 0),
    }));
}
