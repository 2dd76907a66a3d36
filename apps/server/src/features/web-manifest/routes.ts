import { resolveTheme } from '@comanda/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../platform/errors.ts';
import { parseInput } from '../../platform/validation.ts';
import { findBranch, findContact, logoUrlsOf } from '../diner/queries.ts';

const AliasSchema = z
  .string()
  .max(120)
  .regex(/^[a-z0-9-]+$/i, { error: 'El alias no es válido.' });

/**
 * A web app manifest per branch or branch contact, so a diner can install the business's storefront
 * as an app (the install-app prompt). Colours come from the branch theme.
 */
export async function webManifestRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;
  app.get<{ Params: { alias: string } }>('/api/diner/:alias/manifest.webmanifest', async (request, reply) => {
    const alias = parseInput(AliasSchema, request.params.alias).toLowerCase();
    const contact = await findContact(db, { alias });
    const branch = contact ? await findBranch(db, { id: contact.branchId }) : await findBranch(db, { alias });
    if (!branch) throw notFound('No encontramos este local.');
    const theme = resolveTheme(branch.generalConfig.colorConfig);
    const logo = (await logoUrlsOf(db, [branch.id])).get(branch.id)?.get('LOGO');
    const name = contact ? `${branch.name} · ${contact.name}` : branch.name;
    reply.type('application/manifest+json; charset=utf-8');
    reply.header('Cache-Control', 'public, max-age=3600');
    return {
      id: `/menu/${alias}`,
      name,
      short_name: branch.name.length > 12 ? branch.name.slice(0, 12).trim() : branch.name,
      lang: 'es',
      start_url: `/menu/${alias}?utm_source=pwa`,
      scope: '/menu/',
      display: 'standalone',
      theme_color: theme.mainColor,
      background_color: theme.mainBackground,
      icons: logo
        ? [
            {
              src: logo,
              sizes: 'any',
              type: logo.endsWith('.svg') ? 'image/svg+xml' : 'image/png',
              purpose: 'any',
            },
          ]
        : [],
    };
  });
}
