/**
 * `runLifecycle`: the moves of one request in one transaction, then what they queued, in order: the
 * refunds with the provider (refunds.ts), then the live pages' news (publish.ts). A failure after commit
 * never undoes the moves (they are saved): it is logged, a refund is retried by the sweep, and every page
 * also refreshes by itself.
 */
import { AfterCommit, type LifecycleDeps, type MoveContext } from './engine.ts';
import { publishAfterCommit } from './publish.ts';
import { makeRefunds } from './refunds.ts';

export async function runLifecycle<T>(
  deps: LifecycleDeps,
  work: (ctx: MoveContext) => Promise<T>,
  after: AfterCommit = new AfterCommit(),
): Promise<T> {
  const result = await deps.db.transaction((tx) => work({ tx, now: deps.now, after }));
  await carryOut(deps, after);
  return result;
}

export async function carryOut(deps: LifecycleDeps, after: AfterCommit): Promise<void> {
  try {
    await makeRefunds(deps, after);
  } catch (error) {
    deps.log.error({ err: error }, 'refunds after a lifecycle move failed; the sweep retries them');
  }
  await publishAfterCommit(deps, after);
}
