/**
 * `npm run business:import -- FILE.json` brings a business file in (all or nothing, one transaction);
 * `npm run business:export -- --alias ALIAS [--out FILE.json]` writes one out in the same format.
 * Both open the configured database as the server does (DATABASE_URL, else PGlite in DATA_DIR). Paths
 * are read from where npm was run (INIT_CWD). Every message is Spanish; a failure exits with 1.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../platform/config.ts';
import { type Database, type Db, migrateDatabase, openDatabase } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { exportBusiness } from './export-business.ts';
import { importBusiness } from './import-business.ts';
import { type BusinessImport, BusinessImportSchema } from './import-format.ts';
import { issueLines, parseInSpanish } from './import-problems.ts';
import { addMissingCountries } from './reference-countries.ts';

export interface CliIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
}

const USAGE = [
  'Uso:',
  '  npm run business:import -- ARCHIVO.json',
  '  npm run business:export -- --alias ALIAS [--out ARCHIVO.json]',
].join('\n');

/**
 * The command line: `import FILE` or `export --alias ALIAS [--out FILE]`. Answers the exit code. Tests
 * pass an open `database` (left open); otherwise the environment's is opened, migrated and closed.
 */
export async function businessCli(
  argv: string[],
  env: NodeJS.ProcessEnv,
  io: CliIo,
  database?: Database,
): Promise<number> {
  const [command, ...args] = argv;
  const run = { env, io, database };
  if (command === 'import') return importCommand(args, run);
  if (command === 'export') return exportCommand(args, run);
  return fail(io, ['Indicá el comando: import o export.', USAGE]);
}

interface Run {
  env: NodeJS.ProcessEnv;
  io: CliIo;
  database?: Database | undefined;
}

function fail(io: CliIo, lines: string[]): number {
  io.stderr.write(`${lines.join('\n')}\n`);
  return 1;
}

/** Where npm was run: a path on the command line is read from there. */
function pathFrom(env: NodeJS.ProcessEnv, path: string): string {
  return resolve(env.INIT_CWD ?? process.cwd(), path);
}

async function importCommand(args: string[], { env, io, database }: Run): Promise<number> {
  if (args.length !== 1 || !args[0] || args[0].startsWith('-'))
    return fail(io, ['Indicá un archivo JSON para importar.', USAGE]);
  const path = pathFrom(env, args[0]);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return fail(io, [`No se pudo leer el archivo ${path}. Revisá la ruta.`]);
  }
  const json = parseJsonText(text);
  if (!json.ok) return fail(io, [json.problem]);
  // the file is checked before the database is opened
  const parsed = parseInSpanish(BusinessImportSchema, json.value);
  if (!parsed.success) return fail(io, [NOTHING_IMPORTED, ...issueLines(parsed.error.issues)]);
  const now = env.NOW ? new Date(env.NOW) : new Date();
  try {
    await withDatabase(env, database, (db) =>
      db.transaction(async (tx) => {
        await addMissingCountries(tx);
        await importBusiness(tx, json.value, now);
      }),
    );
  } catch (error) {
    return fail(io, [NOTHING_IMPORTED, ...problemLines(error)]);
  }
  io.stdout.write(`${importSummary(parsed.data).join('\n')}\n`);
  return 0;
}

const NOTHING_IMPORTED = 'No se importó nada. Revisá estos problemas del archivo y probá de nuevo:';

function problemLines(error: unknown): string[] {
  if (error instanceof AppError) return error.errors?.length ? error.errors.map(String) : [error.message];
  return [`No se pudo importar: ${error instanceof Error ? error.message : String(error)}`];
}

function importSummary(file: BusinessImport): string[] {
  const aliases = [
    ...(file.company ? [file.company.alias] : []),
    ...file.branches.flatMap((b) => [b.alias, ...b.contacts.map((c) => c.alias)]),
  ];
  const menus = file.branches.flatMap((b) => b.menus);
  const plates = menus.flatMap((m) => m.categories.flatMap((c) => c.plates));
  const contacts = file.branches.flatMap((b) => b.contacts);
  return [
    'Importación lista.',
    `Alias creados: ${aliases.join(', ')}.`,
    `Marcas: ${file.branches.length} · Locales: ${contacts.length} · Menús: ${menus.length} · Platos: ${plates.length}`,
  ];
}

/** The JSON of a file, or where its syntax breaks (line, column and position). */
export function parseJsonText(text: string): { ok: true; value: unknown } | { ok: false; problem: string } {
  const body = text.replace(/^\uFEFF/, '');
  try {
    return { ok: true, value: JSON.parse(body) };
  } catch (error) {
    const match = /position (\d+)/.exec((error as Error).message);
    const position = match ? Number(match[1]) : body.length;
    const lines = body.slice(0, position).split('\n');
    const column = (lines.at(-1)?.length ?? 0) + 1;
    return {
      ok: false,
      problem:
        `El archivo no es un JSON válido: error de sintaxis en la línea ${lines.length}, columna ${column} ` +
        `(posición ${position}). Revisá comas, comillas y llaves cerca de ahí.`,
    };
  }
}

async function exportCommand(args: string[], { env, io, database }: Run): Promise<number> {
  let values: { alias?: string | undefined; out?: string | undefined };
  try {
    ({ values } = parseArgs({
      args,
      options: { alias: { type: 'string' }, out: { type: 'string' } },
      allowPositionals: false,
    }));
  } catch {
    return fail(io, ['No entendí los parámetros.', USAGE]);
  }
  if (!values.alias) return fail(io, ['Indicá el alias a exportar con --alias.', USAGE]);
  const alias = values.alias;
  let file: BusinessImport;
  try {
    file = await withDatabase(env, database, (db) => exportBusiness(db, alias));
  } catch (error) {
    const lines = error instanceof AppError ? [error.message, ...(error.errors ?? []).map(String)] : [];
    return fail(io, lines.length ? lines : [`No se pudo exportar: ${(error as Error).message}`]);
  }
  const text = `${JSON.stringify(file, null, 2)}\n`;
  if (!values.out) {
    io.stdout.write(text);
    return 0;
  }
  const out = pathFrom(env, values.out);
  try {
    writeFileSync(out, text);
  } catch {
    return fail(io, [`No se pudo escribir ${out}. Revisá la ruta y los permisos.`]);
  }
  io.stdout.write(`Exportado ${alias} en ${out}.\n`);
  return 0;
}

async function withDatabase<T>(
  env: NodeJS.ProcessEnv,
  given: Database | undefined,
  work: (db: Db) => Promise<T>,
): Promise<T> {
  if (given) return work(given.db);
  const config = loadConfig(env);
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: pathFrom(env, config.DATA_DIR),
  });
  try {
    await migrateDatabase(database);
    return await work(database.db);
  } finally {
    await database.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await businessCli(process.argv.slice(2), process.env, process);
}
