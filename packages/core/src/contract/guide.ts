/**
 * The public guide (post-order-and-logistics.md: "Guide page", "Guide branch entry", `POST /api/menu/near`):
 * shops near a point, nearest first, a page at a time, each linking to its menu by alias.
 */
import { z } from 'zod';

/** The spec leaves the guide's page size out: ten cards a page, at most fifty. */
export const GUIDE_PAGE_SIZE = 10;
export const GUIDE_PAGE_SIZE_MAX = 50;

/**
 * The server's answers to bad guide input (not quoted by the spec). Apart from MESSAGES, which every
 * storefront screen loads: the guide's screen needs none of them.
 */
export const GUIDE_MESSAGES = {
  locationRequired: 'La ubicación necesita latitud y longitud.',
  latitudeInvalid: 'La latitud no es válida.',
  longitudeInvalid: 'La longitud no es válida.',
  countryInvalid: 'El país no es válido.',
  onlyBranchContacts: 'La guía solo lista locales (branch_contact: true).',
  searchTooLong: 'La búsqueda es demasiado larga.',
  pageSizeInvalid: 'El tamaño de página no es válido.',
  pageSizeTooLarge: `El tamaño de página no puede superar ${GUIDE_PAGE_SIZE_MAX}.`,
  offsetInvalid: 'El desplazamiento no es válido.',
  filtersInvalid: 'Los filtros no son válidos.',
  pagingInvalid: 'La paginación no es válida.',
  bodyInvalid: 'La solicitud no es válida.',
  unknownField: (names: string) => `El campo ${names} no es parte de la búsqueda.`,
} as const;

const M = GUIDE_MESSAGES;

/** An object's own problems: a field the call does not know is named, anything else gets `invalid`. */
function objectError(invalid: string) {
  return (issue: { code?: string; keys?: string[] }) =>
    issue.code === 'unrecognized_keys' && issue.keys?.length
      ? M.unknownField(issue.keys.join(', '))
      : invalid;
}

function coordinate(max: number, invalid: string) {
  return z
    .number({ error: (issue) => (issue.input === undefined ? M.locationRequired : invalid) })
    .min(-max, { error: invalid })
    .max(max, { error: invalid });
}

export const GuideFiltersSchema = z.strictObject(
  {
    /** Two-letter country code of the shops ('ar', 'cl'); any case. */
    country: z
      .string({ error: M.countryInvalid })
      .trim()
      .regex(/^[A-Za-z]{2}$/, { error: M.countryInvalid })
      .transform((code) => code.toLowerCase())
      .optional(),
    /** The spec's flag: the guide lists branch contacts, so only true (or nothing) is accepted. */
    branch_contact: z.literal(true, { error: M.onlyBranchContacts }).optional(),
    /** The page's search box (not in the spec's payload): name, alias (the shop's code) or address words. */
    search: z.string({ error: M.searchTooLong }).trim().max(100, { error: M.searchTooLong }).optional(),
  },
  { error: objectError(M.filtersInvalid) },
);
export type GuideFilters = z.infer<typeof GuideFiltersSchema>;

const pageSize = z
  .number({ error: M.pageSizeInvalid })
  .int({ error: M.pageSizeInvalid })
  .min(1, { error: M.pageSizeInvalid })
  .max(GUIDE_PAGE_SIZE_MAX, { error: M.pageSizeTooLarge });

const offset = z
  .number({ error: M.offsetInvalid })
  .int({ error: M.offsetInvalid })
  .min(0, { error: M.offsetInvalid })
  .max(1_000_000, { error: M.offsetInvalid });

export const GuidePagingSchema = z.strictObject(
  { pageSize: pageSize.default(GUIDE_PAGE_SIZE), offset: offset.default(0) },
  { error: objectError(M.pagingInvalid) },
);

/** `POST /api/menu/near`: lat and lng are required; filters and paging may be left out. */
export const GuideNearBodySchema = z.strictObject(
  {
    lat: coordinate(90, M.latitudeInvalid),
    lng: coordinate(180, M.longitudeInvalid),
    filters: GuideFiltersSchema.prefault({}),
    pagingOption: GuidePagingSchema.prefault({}),
  },
  { error: (issue) => (issue.input === undefined ? M.locationRequired : objectError(M.bodyInvalid)(issue)) },
);
export type GuideNearBody = z.input<typeof GuideNearBodySchema>;
export type GuideNearQuery = z.output<typeof GuideNearBodySchema>;

/**
 * The spec's guide branch entry, plus the address's `locality`: the shop's state or province (the
 * storefront spec's Address.locality), which the guide's title names.
 */
export const GuideBranchContactSchema = z.object({
  alias: z.string(),
  name: z.string(),
  address: z.object({
    street: z.string(),
    number: z.string(),
    city: z.string().nullable(),
    locality: z.string().nullable(),
  }),
  /** Whole metres from the body's lat and lng. */
  distanceInMeters: z.number().int(),
});
export type GuideBranchContact = z.infer<typeof GuideBranchContactSchema>;

export const GuideNearAnswerSchema = z.object({
  commerces: z.array(z.object({ branchContact: GuideBranchContactSchema })),
  offset: z.number(),
  pageSize: z.number(),
  /** Shops matching the filters, over all pages. */
  total: z.number(),
});
export type GuideNearAnswer = z.infer<typeof GuideNearAnswerSchema>;
