import { type DraftProblem, type MenuDraft, menuDraftProblems } from '@comanda/core/back-office';
import { DRAFT_LIMITS } from './draft-edits.ts';

/**
 * What the editor marks beside each field: core's menuDraftProblems (the same rules the server checks
 * on save and publish) plus the few limits of the save's contract that core leaves to the schema
 * (whole numbers, a group without options, the featured lists' length), so the owner sees every
 * refusal before pressing 'Guardar' instead of after.
 */
export const EDITOR_MESSAGES = {
  groupWithoutOptions: 'Cada grupo de opciones necesita al menos una opción.',
  groupMin: 'Ingresá un mínimo entero de 0 a 99.',
  groupMax: 'Ingresá un máximo entero de 1 a 99.',
  maxQuantity: 'Ingresá un número entero de 1 a 999, o dejalo vacío para no poner límite.',
  nameTooLong: `Usá hasta ${DRAFT_LIMITS.nameLength} caracteres.`,
  descriptionTooLong: `Usá hasta ${DRAFT_LIMITS.descriptionLength} caracteres.`,
  tooManyFeatured: `Podés marcar hasta ${DRAFT_LIMITS.featured} platos.`,
  wholeNumber: 'Ingresá un número entero.',
} as const;

const isInt = (value: unknown, min: number, max: number) =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

export function editorProblems(draft: MenuDraft): DraftProblem[] {
  const problems = menuDraftProblems(draft);
  const add = (path: string, message: string) => problems.push({ path, message });
  const longName = (name: string, path: string) => {
    if (name.trim().length > DRAFT_LIMITS.nameLength) add(path, EDITOR_MESSAGES.nameTooLong);
  };
  const longText = (text: string | null | undefined, path: string) => {
    if ((text?.trim().length ?? 0) > DRAFT_LIMITS.descriptionLength)
      add(path, EDITOR_MESSAGES.descriptionTooLong);
  };
  draft.menus.forEach((menu, m) => {
    for (const list of ['remarked', 'upsold'] as const) {
      if (menu[list].length > DRAFT_LIMITS.featured)
        add(`menus.${m}.${list}`, EDITOR_MESSAGES.tooManyFeatured);
    }
    menu.categories.forEach((category, c) => {
      const catAt = `menus.${m}.categories.${c}`;
      longName(category.name, `${catAt}.name`);
      longText(category.description, `${catAt}.description`);
      category.plates.forEach((plate, p) => {
        const at = `${catAt}.plates.${p}`;
        longName(plate.name, `${at}.name`);
        longText(plate.description, `${at}.description`);
        if (plate.maxQuantity != null && !isInt(plate.maxQuantity, 1, 999))
          add(`${at}.maxQuantity`, EDITOR_MESSAGES.maxQuantity);
        plate.sizes.forEach((size, s) => {
          longName(size.name, `${at}.sizes.${s}.name`);
        });
        plate.garnishGroups.forEach((group, g) => {
          const groupAt = `${at}.garnishGroups.${g}`;
          longName(group.name, `${groupAt}.name`);
          if (!isInt(group.minGarnishAmount, 0, 99))
            add(`${groupAt}.minGarnishAmount`, EDITOR_MESSAGES.groupMin);
          if (!isInt(group.maxGarnishAmount, 1, 99))
            add(`${groupAt}.maxGarnishAmount`, EDITOR_MESSAGES.groupMax);
          if (group.garnishes.length === 0) add(`${groupAt}.garnishes`, EDITOR_MESSAGES.groupWithoutOptions);
          group.garnishes.forEach((garnish, x) => {
            longName(garnish.name, `${groupAt}.garnishes.${x}.name`);
          });
        });
      });
    });
  });
  draft.menuDiscounts.forEach((discount, d) => {
    longName(discount.name, `menuDiscounts.${d}.name`);
    if (discount.type === 'MULTIPLE') {
      for (const field of ['buy', 'pay'] as const) {
        const value = discount[field];
        if (value != null && !Number.isInteger(value))
          add(`menuDiscounts.${d}.${field}`, EDITOR_MESSAGES.wholeNumber);
      }
    }
  });
  return problems;
}

/** The problems by path, for the fields beside which they show and the counts on rows and buttons. */
export interface ProblemIndex {
  all: readonly DraftProblem[];
  /** the first message exactly at this path */
  at(path: string): string | undefined;
  /** every message at this path or under it (a plate's row counts its sizes' and groups' problems) */
  under(path: string): DraftProblem[];
}

export function indexProblems(problems: readonly DraftProblem[]): ProblemIndex {
  const byPath = new Map<string, string>();
  for (const problem of problems) if (!byPath.has(problem.path)) byPath.set(problem.path, problem.message);
  return {
    all: problems,
    at: (path) => byPath.get(path),
    under: (path) =>
      problems.filter((problem) => problem.path === path || problem.path.startsWith(`${path}.`)),
  };
}

/**
 * The problems of fields the owner has already typed in, for a plate or discount just added: an empty
 * form does not open covered in red, and each message appears once its field was changed (the bar
 * still counts them all). Changed, not left: a message appearing on blur would move the page under
 * the click that caused the blur.
 */
export function onlyTouched(index: ProblemIndex, touchedIds: ReadonlySet<string>): ProblemIndex {
  return indexProblems(index.all.filter((problem) => touchedIds.has(fieldId(problem.path))));
}

/**
 * A save's 400 as the editor's problems. The schema's paths start at the request body (`draft.menus.0…`),
 * core's at the draft (`menus.0…`): both end up at the draft.
 */
export function problemsOfError(errors: readonly unknown[] | undefined): DraftProblem[] {
  return (errors ?? []).flatMap((error) => {
    if (!error || typeof error !== 'object') return [];
    const { path, message } = error as { path?: unknown; message?: unknown };
    if (typeof path !== 'string' || typeof message !== 'string') return [];
    return [{ path: path.replace(/^draft\.?/, ''), message }];
  });
}

/** What a problem's path is about, to open the right editor from the summary. */
export type ProblemTarget =
  | { kind: 'plate'; menu: number; category: number; plate: number }
  | { kind: 'category'; menu: number; category: number }
  | { kind: 'discount'; discount: number }
  | { kind: 'other' };

export function problemTarget(path: string): ProblemTarget {
  const plate = /^menus\.(\d+)\.categories\.(\d+)\.plates\.(\d+)(\.|$)/.exec(path);
  if (plate)
    return { kind: 'plate', menu: Number(plate[1]), category: Number(plate[2]), plate: Number(plate[3]) };
  const category = /^menus\.(\d+)\.categories\.(\d+)(\.|$)/.exec(path);
  if (category) return { kind: 'category', menu: Number(category[1]), category: Number(category[2]) };
  const discount = /^menuDiscounts\.(\d+)(\.|$)/.exec(path);
  if (discount) return { kind: 'discount', discount: Number(discount[1]) };
  return { kind: 'other' };
}

/** Where a problem is, in the owner's words: 'Pizzas › Muzzarella', 'Descuento 2x1 de los martes'. */
export function problemPlace(draft: MenuDraft, path: string): string {
  const target = problemTarget(path);
  const unnamed = (name: string | undefined, fallback: string) => name?.trim() || fallback;
  switch (target.kind) {
    case 'plate': {
      const category = draft.menus[target.menu]?.categories[target.category];
      const plate = category?.plates[target.plate];
      return `${unnamed(category?.name, 'Categoría sin nombre')} › ${unnamed(plate?.name, 'Plato sin nombre')}`;
    }
    case 'category':
      return unnamed(draft.menus[target.menu]?.categories[target.category]?.name, 'Categoría sin nombre');
    case 'discount':
      return `Descuento ${unnamed(draft.menuDiscounts[target.discount]?.name, 'sin nombre')}`;
    case 'other': {
      const indicator = /^indicators\.(\d+)/.exec(path);
      if (indicator)
        return `Indicador ${unnamed(draft.indicators[Number(indicator[1])]?.showName, 'sin nombre')}`;
      const menu = /^menus\.(\d+)/.exec(path);
      if (menu) return unnamed(draft.menus[Number(menu[1])]?.name, 'Menú');
      return 'Menú';
    }
  }
}

/** The id of the input for a draft path, so a summary link and a label find the same field. */
export const fieldId = (path: string) => `menu-field-${path.replace(/\./g, '-')}`;
