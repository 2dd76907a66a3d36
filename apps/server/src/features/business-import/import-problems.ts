import { z } from 'zod';
import { AppError } from '../../platform/errors.ts';

/**
 * The import's problems, each written `path: problem` with the JSON path of the offending field
 * (`branches.0.contacts.0.orderModes.1.menu: No existe menú con la clave x`), in Spanish.
 */
export const INVALID_FILE = 'El archivo de importación no es válido.';

/** zod's Spanish messages, for the import's own parse only: other code keeps its messages. */
const spanishErrors = z.locales.es().localeError;

export function parseInSpanish<S extends z.ZodType>(schema: S, input: unknown) {
  return schema.safeParse(input, { error: spanishErrors });
}

/** Several problems of the file at once. */
export function invalidFile(errors: string[]): AppError<'INVALID_IMPORT'> {
  return new AppError('INVALID_IMPORT', 400, INVALID_FILE, errors);
}

/** One problem found while inserting: the message says it, `errors` says where. */
export function problemAt(path: string, problem: string): AppError<'INVALID_IMPORT'> {
  return new AppError('INVALID_IMPORT', 400, `${problem}.`, [`${path}: ${problem}`]);
}

/** The id a key of the file was given, or the problem at `path`. */
export function mustGet<K, V>(map: Map<K, V>, key: K, what: string, path: string): V {
  const value = map.get(key);
  if (value === undefined) throw problemAt(path, `No existe ${what} con la clave ${String(key)}`);
  return value;
}

/** One line per zod issue; an unknown field is named in its path. */
export function issueLines(issues: readonly z.core.$ZodIssue[]): string[] {
  return issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((k) => `${pathText([...issue.path, k])}: campo desconocido`)
      : [`${pathText(issue.path)}: ${issue.message}`],
  );
}

function pathText(path: readonly PropertyKey[]): string {
  return path.length ? path.map(String).join('.') : '(archivo)';
}
