import { StatusScreen } from './status-screen.tsx';

/**
 * A route's error screen (its error boundary, app/app-router.tsx): a render error or a failed download
 * of the screen's code, which a reload can fix. An unknown path is a missing shop (NotFoundRoute).
 */
export function RouteError() {
  return <StatusScreen kind="error" onRetry={() => window.location.reload()} />;
}

export function NotFoundRoute() {
  return <StatusScreen kind="notFound" />;
}
