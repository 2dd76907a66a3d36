/**
 * `WORKERS=N`: the process started as the server forks N copies of itself (node:cluster) that share
 * PORT, and only watches over them. Every worker is a whole server (main.ts) on the same PostgreSQL
 * and Redis: live updates travel through Redis, and the rate limits are kept there.
 */
import cluster from 'node:cluster';
import { pino } from 'pino';
import type { Config } from './platform/config.ts';

/** Where a person opens the app: PUBLIC_URL when it is set, else this machine on the server's port. */
export function openUrl(env: NodeJS.ProcessEnv, port: number): string {
  return env.PUBLIC_URL ? env.PUBLIC_URL : `http://localhost:${port}`;
}

export function readyLine(url: string, workers = 1): string {
  return workers > 1 ? `Comanda lista en ${url} (${workers} procesos)` : `Comanda lista en ${url}`;
}

/** The start log's last line: a plain line to read, or a log entry in production's JSON log. */
export function announceReady(
  config: Pick<Config, 'NODE_ENV' | 'WORKERS'>,
  port: number,
  log?: { info: (object: object, message: string) => void },
): void {
  const line = readyLine(openUrl(process.env, port), config.WORKERS);
  if (config.NODE_ENV === 'production') (log ?? pino()).info({ port, workers: config.WORKERS }, line);
  else console.info(line);
}

/**
 * Forks the workers and answers the exit code once they are all gone: after SIGINT/SIGTERM (passed on
 * to each, which closes its server as a single process does), or when a worker fails to start. A
 * worker that stops after it was serving is replaced. The first worker starts alone: it migrates the
 * database and, outside production, loads the demo, so the others find both done.
 */
export function runPrimary(config: Config): Promise<number> {
  const wanted = config.WORKERS;
  const alive = new Set<number>();
  const serving = new Set<number>();
  let stopping = false;
  let exitCode = 0;
  let port = config.PORT;
  let announced = false;

  const fork = () => {
    const worker = cluster.fork();
    alive.add(worker.id);
  };

  return new Promise((resolve) => {
    // once: a Ctrl+C reaches the workers too, and a second SIGTERM would cut their closing short
    const stop = (code: number) => {
      if (stopping) return;
      stopping = true;
      exitCode = code;
      if (alive.size === 0) resolve(exitCode);
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    };

    cluster.on('listening', (worker, address) => {
      serving.add(worker.id);
      port = address.port;
      if (serving.size === 1 && alive.size < wanted && !stopping) {
        for (let i = alive.size; i < wanted; i++) fork();
      }
      if (!announced && serving.size === wanted) {
        announced = true;
        announceReady(config, port);
      }
    });

    cluster.on('exit', (worker, code, signal) => {
      alive.delete(worker.id);
      const wasServing = serving.delete(worker.id);
      if (stopping) {
        if (alive.size === 0) resolve(exitCode);
        return;
      }
      const how = signal ?? `exit ${code}`;
      if (!wasServing) {
        // a worker that cannot start (no database, a bad setting) would fail again: stop them all
        console.error(`A server process could not start (${how}); stopping.`);
        stop(1);
        return;
      }
      console.error(`Server process ${worker.process.pid} stopped (${how}); starting another.`);
      fork();
    });

    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => stop(0));
    fork();
  });
}
