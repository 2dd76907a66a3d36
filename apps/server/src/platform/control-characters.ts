/**
 * Text a person types never holds control characters (NUL, escape, backspace…): refused at the boundary
 * with a 400, for every route's body, query and path, before any handler sees them. PostgreSQL cannot
 * store a NUL in text, so without this a NUL in a name or a note answered 500. Tabs and line breaks stay
 * (notes have lines).
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export const CONTROL_CHARACTER_MESSAGE =
  'El texto tiene caracteres no permitidos. Revisalo y volvé a intentar.';

/** The path of the first string (or key) in `value` holding a control character; null when none does. */
export function controlCharacterPath(value: unknown, path: string[] = [], depth = 0): string | null {
  if (typeof value === 'string') return CONTROL.test(value) ? path.join('.') || '(texto)' : null;
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    if (CONTROL.test(key)) return [...path, key].join('.');
    const found = controlCharacterPath(inner, [...path, key], depth + 1);
    if (found !== null) return found;
  }
  return null;
}

export function refuseControlCharacters(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    const path =
      controlCharacterPath(request.body) ??
      controlCharacterPath(request.query) ??
      controlCharacterPath(request.params);
    if (path !== null)
      throw new AppError('BAD_REQUEST', 400, CONTROL_CHARACTER_MESSAGE, [
        { path, message: CONTROL_CHARACTER_MESSAGE },
      ]);
  });
}
