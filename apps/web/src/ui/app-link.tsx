import type { AnchorHTMLAttributes, MouseEvent } from 'react';

/**
 * Navigation handed down by the route (router.tsx): the chunks that use it (riders, survey, support)
 * import nothing of react-router, so a phone opening one of them loads no router code it does not need.
 */
export type Go = (path: string, options?: { replace?: boolean }) => void;

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
