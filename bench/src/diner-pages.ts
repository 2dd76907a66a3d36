/**
 * The diner's pages, each with DESIGN.md's budgets (issue 16: "budgets on every diner page, not just
 * the menu"): initial JS at most 150 KB gzip and a Lighthouse mobile score of at least 95. The paths
 * need no server (the order codes come from the seed file), so `npm test`'s bundle check uses them too.
 */
import { readFileSync } from 'node:fs';
import { DEMO, ROOT } from './config.ts';

export interface DinerPage {
  /** `menu` → scenarios `bundle:menu` and `page:menu`. */
  key: string;
  title: string;
  /** The route as the budget names it, e.g. `/menu/{alias}/preview`. */
  pattern: string;
  /** A concrete path of the demo; null when the seed has no order to show. */
  path: string | null;
}

interface SeedOrder {
  code: string;
  status?: string;
  shipment?: object;
}

/** The demo contact's orders in the seed file (apps/server/src/db/demo/sabores.json). */
function seedOrders(): SeedOrder[] {
  try {
    const demo = JSON.parse(readFileSync(`${ROOT}apps/server/src/db/demo/sabores.json`, 'utf8')) as {
      branches: { contacts: { alias: string; orders?: SeedOrder[] }[] }[];
    };
    const contact = demo.branches.flatMap((b) => b.contacts).find((c) => c.alias === DEMO.contactAlias);
    return contact?.orders ?? [];
  } catch {
    return [];
  }
}

/** The first demo order with a shipment (it has a tracking page), else the first order. */
export function demoOrderCode(): string | null {
  const orders = seedOrders();
  return (orders.find((o) => o.shipment) ?? orders[0])?.code ?? null;
}

/** The first delivered demo order: its survey ('Califica tu pedido') is open. */
export function deliveredOrderCode(): string | null {
  return seedOrders().find((o) => o.status === 'DELIVERED')?.code ?? null;
}

const alias = DEMO.contactAlias;

export function dinerPages(): DinerPage[] {
  const order = demoOrderCode();
  const delivered = deliveredOrderCode();
  return [
    {
      key: 'menu',
      title: `Menu (/menu/${alias}/${DEMO.modeSegment})`,
      pattern: '/menu/{alias}/{mode}',
      path: `/menu/${alias}/${DEMO.modeSegment}`,
    },
    {
      key: 'cart',
      title: 'Cart preview with 4 items (/menu/{alias}/preview)',
      pattern: '/menu/{alias}/preview',
      path: `/menu/${alias}/preview`,
    },
    {
      key: 'checkout',
      title: 'Checkout with the same cart (/menu/{alias}/checkout)',
      pattern: '/menu/{alias}/checkout',
      path: `/menu/${alias}/checkout`,
    },
    {
      key: 'follow-up',
      title: 'Order follow-up (/menu/{alias}/order/{code})',
      pattern: '/menu/{alias}/order/{code}',
      path: order ? `/menu/${alias}/order/${order}` : null,
    },
    {
      key: 'tracking',
      title: 'Tracking (/logistics/tracking/order/{alias}/{code})',
      pattern: '/logistics/tracking/order/{alias}/{code}',
      path: order ? `/logistics/tracking/order/${alias}/${order}` : null,
    },
    { key: 'guide', title: 'Guide of shops (/menu)', pattern: '/menu', path: '/menu' },
    {
      key: 'survey',
      title: 'Survey of a delivered order (/encuesta/{alias}/{code})',
      pattern: '/encuesta/{alias}/{code}',
      path: delivered ? `/encuesta/${alias}/${delivered}` : null,
    },
  ];
}
