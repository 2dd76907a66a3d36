/**
 * Entry links (storefront.md section 2): campaignId, utm_source, name, phone, menu and abandoned are read
 * when the storefront opens on /menu/{alias}..., kept for the session (sessionStorage 'comanda:entry') and
 * left in the URL (routes keep the query string). The handling code is a lazy chunk: a plain visit,
 * without any of these parameters, never downloads it.
 */
import type { DinerAlias } from '@comanda/core/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useParams } from 'react-router';
import { useStableNavigate } from '../../app/navigate.ts';
import { useToast } from '../../ui/toast.tsx';
import { cartActions } from '../cart/cart-store.ts';

const ENTRY_PARAM = /[?&](campaignId|utm_source|utm_campaign|name|phone|menu|abandoned)=/;

export function useEntryLinks(entity: DinerAlias | undefined): void {
  const { alias, mode } = useParams();
  const { search } = useLocation();
  const navigate = useStableNavigate();
  const showToast = useToast();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!alias || !ENTRY_PARAM.test(search)) return;
    void import('./handle-entry-link.ts')
      .then(({ handleEntryLink }) => handleEntryLink({ search, entity, modeSegment: mode, queryClient }))
      .then((outcome) => {
        if (!outcome) return;
        const restore = outcome.restore;
        if (restore) {
          // the mode first, with its menu hash, so the menu it opens keeps the restored lines
          cartActions.setMode(restore.alias, restore.orderModeId, restore.menuHash, false);
          cartActions.replaceLines(restore.alias, restore.lines);
        }
        navigate(outcome.to, { replace: true });
        if (outcome.toast) showToast(outcome.toast);
      })
      .catch(() => {
        // a chunk that fails to load leaves the visit as a plain one
      });
  }, [alias, entity, search, mode, navigate, showToast, queryClient]);
}
