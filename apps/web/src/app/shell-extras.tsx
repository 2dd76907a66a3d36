/**
 * What the storefront's shell does besides drawing the header: the abandoned-cart report, the shop's
 * tracking tags, the web-app manifest, the install offer and the loyalty reward link. None of it is
 * needed for the first paint, so it loads in a chunk of its own after the page (every diner page's
 * first JS is smaller by it).
 */
import type { Branch, BranchContact } from '@comanda/core/contract';
import { useAbandonedCart } from '../features/abandoned-cart/use-abandoned-cart.ts';
import { LoyaltyRewardLink } from '../features/diner-account/reward-link.tsx';
import { InstallAppPrompt } from '../features/install-app/install-app-prompt.tsx';
import { useManifestLink } from '../features/install-app/use-manifest-link.ts';
import { useMarketingTags } from '../features/marketing-tags/use-marketing-tags.ts';

export interface ShellExtrasProps {
  alias: string | undefined;
  /** The contact on screen (an abandoned cart belongs to one), or null. */
  contact: BranchContact | null;
  branch: Branch | null;
  /** The branch or contact alias the app installs for, or null. */
  installAlias: string | null;
  businessName: string | null;
}

export default function ShellExtras({
  alias,
  contact,
  branch,
  installAlias,
  businessName,
}: ShellExtrasProps) {
  useAbandonedCart(contact);
  useMarketingTags(branch, contact?.currency ?? null);
  useManifestLink(installAlias);
  return (
    <>
      <InstallAppPrompt alias={installAlias} businessName={businessName} />
      <LoyaltyRewardLink alias={alias} />
    </>
  );
}
