/**
 * The keys an export gives what the database knows by id: the slug of the name ('Pizza Napolitana' →
 * 'pizza-napolitana'), with -2, -3... when a name repeats. The same rows in the same order always get
 * the same keys, so exporting an imported export gives the same file.
 */
export class KeyMaker {
  private readonly taken = new Set<string>();

  /** `fallback` keys a name with no letter or digit ('plato', 'plato-2'...). */
  constructor(private readonly fallback: string) {}

  next(name: string): string {
    const base = slug(name) || this.fallback;
    let key = base;
    for (let n = 2; this.taken.has(key); n++) key = `${base}-${n}`;
    this.taken.add(key);
    return key;
  }
}

export function slug(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** A stored text column read back as the format's enum (the export's parse checks it). */
export function stored<T extends string>(value: string): T {
  return value as T;
}

/** A nullable column as an optional field of the file. */
export function optional<T>(value: T | null): T | undefined {
  return value ?? undefined;
}
