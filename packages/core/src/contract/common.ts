import { z } from 'zod';

/** The JSON error answer of every API call (DESIGN.md). */
export const ApiErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  errors: z.array(z.unknown()).optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

export const DayOfWeekSchema = z.enum([
  'MONDAY',
  'TUESDAY',
  'WEDNESDAY',
  'THURSDAY',
  'FRIDAY',
  'SATURDAY',
  'SUNDAY',
]);
export const WorkingDaySchema = z.object({
  dayOfWeek: DayOfWeekSchema,
  workingHours: z.array(z.object({ startAt: z.string(), endAt: z.string() })),
});

/** Path ids: positive integers written in decimal. */
export const IdParamSchema = z.coerce
  .number({ error: 'El identificador no es válido.' })
  .int({ error: 'El identificador no es válido.' })
  .positive({ error: 'El identificador no es válido.' })
  .max(2_147_483_647, { error: 'El identificador no es válido.' });

/** A paging offset in a query string: 0 by default. */
export const OffsetQuerySchema = z.coerce
  .number({ error: 'El desplazamiento no es válido.' })
  .int({ error: 'El desplazamiento no es válido.' })
  .min(0, { error: 'El desplazamiento no es válido.' })
  .max(1_000_000, { error: 'El desplazamiento no es válido.' })
  .default(0);

/** A page size in a query string, from 1 to `max`. */
export function pageSizeQuerySchema(max: number, fallback: number) {
  return z.coerce
    .number({ error: 'El tamaño de página no es válido.' })
    .int({ error: 'El tamaño de página no es válido.' })
    .min(1, { error: 'El tamaño de página no es válido.' })
    .max(max, { error: `El tamaño de página no puede superar ${max}.` })
    .default(fallback);
}

export const PagingQuerySchema = z.object({
  offset: OffsetQuerySchema,
  pageSize: pageSizeQuerySchema(99, 99),
});
