import type { z } from 'zod';
import { AppError } from './errors.ts';

/** Parses request input with a zod schema; a failure is a 400 with the first Spanish message and the list. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors = result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  throw new AppError('BAD_REQUEST', 400, errors[0]?.message ?? 'La solicitud no es válida.', errors);
}
