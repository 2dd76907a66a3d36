import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useStableNavigate } from '../../app/navigate.ts';

/**
 * A partner's link (`externalToken` in the query) makes its member the session's external-benefit user
 * and takes the token out of the address bar; the code for it loads only for such a link.
 */
export function useExternalUserLink(): void {
  const { pathname, search, hash } = useLocation();
  const navigate = useStableNavigate();
  useEffect(() => {
    if (!/[?&]externalToken=/.test(search)) return;
    void import('./capture-external-user.ts')
      .then((m) => navigate({ pathname, search: m.captureExternalUser(search), hash }, { replace: true }))
      .catch(() => {});
  }, [pathname, search, hash, navigate]);
}
