/**
 * `npm test`: the unit and integration suite, then what `npm run test:e2e` runs (the web build, the
 * bundle budget, the browser journeys), each step also when an earlier one failed (the journeys need
 * only the build), so one run tells the state of all of them. Ends with a line per step (passed or
 * failed, and how long it took) and exits non-zero when any failed. Interrupted (Ctrl-C, SIGTERM), it
 * stops without starting the next step.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
// keep in step with the scripts "test:unit" and "test:e2e" of package.json
const steps = [
  { name: 'unit + integration', args: ['run', 'test:unit'] },
  { name: 'web build', args: ['run', 'build'] },
  { name: 'bundle budget', args: ['run', 'check:bundle', '-w', '@comanda/bench'], needs: 'web build' },
  { name: 'browser journeys (e2e)', args: ['run', 'test', '-w', '@comanda/e2e'], needs: 'web build' },
];

// Each step runs in a process group of its own, so an interruption reaches all of it (npm, the shell,
// Playwright and its servers, Vitest's workers), not only the npm process in front.
const ownGroup = process.platform !== 'win32';
let interrupted = null;
let running = null;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    interrupted = signal;
    if (!running) return;
    try {
      if (ownGroup) process.kill(-running.pid, signal);
      else running.kill(signal);
    } catch {
      // already gone
    }
  });
}

function run(args) {
  return new Promise((resolve) => {
    const child = spawn(npm, args, {
      cwd: root,
      stdio: 'inherit',
      shell: !ownGroup,
      detached: ownGroup,
    });
    running = child;
    child.on('error', (error) => {
      console.error(`could not start npm ${args.join(' ')}: ${error.message}`);
      resolve({ code: 1, signal: null });
    });
    child.on('exit', (code, signal) => {
      running = null;
      resolve({ code, signal });
    });
  });
}

const duration = (ms) => {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}m ${String(seconds % 60).padStart(2, '0')}s`;
};

const results = [];
const started = Date.now();
for (const step of steps) {
  const needed = step.needs && results.find((result) => result.name === step.needs);
  if (interrupted || (needed && needed.outcome !== 'passed')) {
    const why = interrupted ? 'not run' : `not run (${step.needs} failed)`;
    results.push({ ...step, outcome: why, ms: 0 });
    continue;
  }
  const begin = Date.now();
  const { code, signal } = await run(step.args);
  const outcome = code === 0 ? 'passed' : signal ? `stopped (${signal})` : `failed (exit ${code})`;
  results.push({ ...step, outcome, ms: Date.now() - begin });
}

const failed = results.some((result) => result.outcome !== 'passed');
const width = Math.max(...results.map((result) => result.name.length));
console.log('\n──── npm test summary ────');
for (const result of results) {
  const mark = result.outcome === 'passed' ? 'PASS' : 'FAIL';
  const time = result.outcome.startsWith('not run') ? '' : `  ${duration(result.ms)}`;
  console.log(
    `${mark}  ${result.name.padEnd(width)}  ${result.outcome}${time}  (npm ${result.args.join(' ')})`,
  );
}
console.log(`${failed ? 'FAIL' : 'PASS'}  total ${duration(Date.now() - started)}`);
process.exit(failed ? 1 : 0);
