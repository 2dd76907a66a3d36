import type { ComponentType } from 'react';

export type BackOfficePageName =
  | 'sign-up'
  | 'shop'
  | 'menu'
  | 'brand'
  | 'payments'
  | 'hours'
  | 'delivery'
  | 'team'
  | 'team-invite'
  | 'history'
  | 'reports';
export type BackOfficePage = ComponentType<{ go: (path: string) => void }>;

/**
 * The owner's pages, each in a chunk of its own. The router loads this one small module for every back
 * office path, so the diner pages' first JS carries a single import of the back office, not one per
 * page with its list of files to preload.
 */
export async function loadBackOfficePage(name: BackOfficePageName): Promise<BackOfficePage> {
  switch (name) {
    case 'sign-up':
      return (await import('./sign-up-page.tsx')).SignUpPage;
    case 'shop':
      return (await import('./shop-page.tsx')).ShopPage;
    case 'menu':
      return (await import('../menu-editor/menu-editor-page.tsx')).MenuEditorPage;
    case 'brand':
      return (await import('../brand-editor/brand-page.tsx')).BrandPage;
    case 'payments':
      return (await import('../payment-accounts/payments-page.tsx')).PaymentsPage;
    case 'hours':
      return (await import('../hours/hours-page.tsx')).HoursPage;
    case 'delivery':
      return (await import('../delivery-zones/delivery-page.tsx')).DeliveryPage;
    case 'team':
      return (await import('../team/team-page.tsx')).TeamPage;
    case 'team-invite':
      return (await import('../team/invite-page.tsx')).TeamInvitePage;
    case 'history':
      return (await import('../order-history/history-page.tsx')).HistoryPage;
    case 'reports':
      return (await import('../reports/reports-page.tsx')).ReportsPage;
  }
}
