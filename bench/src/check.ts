/**
 * `npm run bench:check`: compares results/latest.json with DESIGN.md's budgets. Exits 1 when a scenario
 * that ran misses a budget (printing which and by how much); scenarios whose feature is not built yet
 * are listed as warnings.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { designDrift, evaluate } from './budgets.ts';
import { RESULTS_DIR } from './config.ts';
import type { Report } from './report.ts';

const file = join(RESULTS_DIR, 'latest.json');
if (!existsSync(file)) {
  console.error(`${file} not found: run "npm run bench" first`);
  process.exit(2);
}
const report = JSON.parse(readFileSync(file, 'utf8')) as Report;
// re-evaluated here, so a changed budget applies to an existing report
const outcomes = evaluate(report.scenarios);
const ageHours = (Date.now() - Date.parse(report.generatedAt)) / 3_600_000;

console.log(
  `bench:check — report of ${report.generatedAt} (commit ${report.git.commit?.slice(0, 10) ?? '?'}${report.git.dirty ? ', dirty' : ''})`,
);
if (ageHours > 24) console.log(`warning: the report is ${Math.round(ageHours)} hours old`);
for (const line of designDrift()) console.log(`warning: budget drift: ${line}`);
for (const o of outcomes) {
  const tag = o.status === 'pass' ? 'PASS   ' : o.status === 'fail' ? 'FAIL   ' : 'MISSING';
  console.log(`${tag} ${o.description}: ${o.message}`);
}
const failed = outcomes.filter((o) => o.status === 'fail');
const missing = outcomes.filter((o) => o.status === 'missing');
const errors = report.scenarios.filter(
  (s) => s.status === 'error' && !outcomes.some((o) => o.scenario === s.id),
);
for (const s of errors) console.log(`warning: scenario ${s.id} (no budget) failed: ${s.reason ?? ''}`);
console.log(
  `\n${outcomes.length - failed.length - missing.length} passed, ${failed.length} failed, ${missing.length} missing (not built yet: warnings only)`,
);
process.exit(failed.length ? 1 : 0);
