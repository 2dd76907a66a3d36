/** Shape of results/latest.json (read back by `npm run bench:check`). */

export type Status = 'ok' | 'not-available' | 'error';
export type SectionName =
  | 'bundle'
  | 'pages'
  | 'api'
  | 'orders'
  | 'tracking'
  | 'console'
  | 'riders'
  | 'payments'
  | 'multihost';

export type Metric = number | boolean | null;

export interface ScenarioResult {
  /** Stable id, e.g. `page:menu`, `api:menu-warm`, `bundle:menu`, `orders:distinct`. */
  id: string;
  section: SectionName;
  title: string;
  status: Status;
  /** Why a scenario is not available or failed. */
  reason?: string;
  /** Figures the budgets read (ms, bytes, req/s, ratios, flags). */
  metrics: Record<string, Metric>;
  /** Anything else worth keeping (URLs, status-code counts, per-run scores). */
  details?: Record<string, unknown>;
}

export interface BudgetOutcome {
  id: string;
  description: string;
  scenario: string;
  status: 'pass' | 'fail' | 'missing';
  actual?: number | boolean | null;
  limit: number | boolean;
  message: string;
}

export interface Report {
  generatedAt: string;
  durationSeconds: number;
  git: { commit: string | null; dirty: boolean | null };
  machine: { cpus: number; node: string; chromium: string | null; platform: string };
  settings: Record<string, unknown>;
  /** Initial JS of every route of the router (gzip -9). */
  routes: { path: string; lazy: string[]; gzipBytes: number; rawBytes: number }[];
  scenarios: ScenarioResult[];
  budgets: BudgetOutcome[];
  /** Things that make figures doubtful (e.g. the server died during the run). */
  warnings: string[];
}

export function scenario(
  partial: Omit<ScenarioResult, 'metrics' | 'status'> & Partial<Pick<ScenarioResult, 'metrics' | 'status'>>,
): ScenarioResult {
  return { status: 'ok', metrics: {}, ...partial };
}

export function errorText(error: unknown): string {
  if (error instanceof Error) {
    const text = error.message.split('\n')[0] ?? error.name;
    // undici's 'fetch failed' says why only in its cause (a reset, a refused connection, a timeout)
    return error.cause === undefined ? text : `${text} (${errorText(error.cause)})`;
  }
  return String(error);
}
