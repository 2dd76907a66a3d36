import type { Go } from '../../ui/app-link.tsx';

export { AppLink, type Go } from '../../ui/app-link.tsx';

/** Route params as the route hands them to a rider screen. */
export type RouteParams = Readonly<Record<string, string | undefined>>;

export interface RiderScreenProps {
  params: RouteParams;
  go: Go;
}
