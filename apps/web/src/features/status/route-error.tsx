import { isRouteErrorResponse, useRouteError } from 'react-router';
import { StatusScreen } from './status-screen.tsx';

/** Route-level error boundary: an unknown path is a missing shop; anything else can be retried. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <StatusScreen kind="notFound" />;
  return <StatusScreen kind="error" onRetry={() => window.location.reload()} />;
}

export function NotFoundRoute() {
  return <StatusScreen kind="notFound" />;
}
