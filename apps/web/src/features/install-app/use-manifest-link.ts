import { useEffect } from 'react';

/** The per-branch web app manifest (GET /api/diner/{alias}/manifest.webmanifest). */
export function manifestHref(alias: string): string {
  return `/api/diner/${encodeURIComponent(alias)}/manifest.webmanifest`;
}

/**
 * Points <link rel="manifest"> at the current branch or branch contact's manifest, so the browser can
 * offer to install that storefront. (The theme-color meta follows the branch theme in useBranchTheme.)
 */
export function useManifestLink(alias: string | null): void {
  useEffect(() => {
    if (!alias) return;
    let link = document.head.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'manifest';
      document.head.append(link);
    }
    const href = manifestHref(alias);
    if (link.getAttribute('href') !== href) link.setAttribute('href', href);
  }, [alias]);
}
