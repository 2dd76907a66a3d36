import type { AnchorHTMLAttributes, MouseEvent } from 'react';

/** Navigation handed down by the route (router.tsx): the riders' chunks import nothing of react-router. */
export type Go = (path: string, options?: { replace?: boolean }) => void;

/** Route params as the route hands them to a rider screen. */
export type RouteParams = Readonly<Record<string, string | undefined>>;

export interface RiderScreenProps {
  params: RouteParams;
  go: Go;
}

/** A real link (open in a new tab, copy) that navigates inside the app on a plain click. */
export function AppLink({
  href,
  go,
  onClick,
  ...props
}: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string; go: Go }) {
  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    go(href);
  }
  return <a href={href} onClick={handleClick} {...props} />;
}
