/** Keeps the member of a partner's link for the session; answers the query string without the link's keys. */
export function captureExternalUser(search: string): string {
  const params = new URLSearchParams(search);
  const user = {
    partner: params.get('partner')?.trim().toLowerCase() ?? '',
    externalUserId: params.get('externalUserId')?.trim() ?? '',
    token: params.get('externalToken')?.trim() ?? '',
  };
  try {
    if (user.partner && user.externalUserId && user.token)
      // external-user.ts's EXTERNAL_USER_KEY (not imported: this chunk stays apart from the checkout's)
      sessionStorage.setItem('comanda:external-user', JSON.stringify(user));
  } catch {
    // storage disabled: the diner orders without the partner's benefits
  }
  for (const key of ['partner', 'externalUserId', 'externalToken']) params.delete(key);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
