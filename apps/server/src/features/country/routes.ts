import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import * as t from '../../db/schema.ts';
import { notFound } from '../../platform/errors.ts';
import { parseInput } from '../../platform/validation.ts';

const CountryCodeSchema = z.string().regex(/^[a-zA-Z]{2}$/, { error: 'El código de país no es válido.' });

export async function countryRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;
  app.get<{ Params: { country: string } }>('/api/country/:country', async (request) => {
    const code = parseInput(CountryCodeSchema, request.params.country).toLowerCase();
    const [row] = await db.select().from(t.countries).where(eq(t.countries.code, code));
    if (!row) throw notFound('No encontramos este país.');
    return {
      code: row.code,
      name: row.name,
      currency: { code: row.currencyCode, symbol: row.currencySymbol, decimals: row.currencyDecimals },
      phonePrefix: row.phonePrefix,
      mantissaLength: row.mantissaLength,
    };
  });
}
