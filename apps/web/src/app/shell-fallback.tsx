import { Skeleton } from '../ui/skeleton.tsx';
import './app-shell.css';

/** Shown for the instant the first route's code is loading: the header's shape, never a blank page. */
export function ShellFallback() {
  return (
    <header className="app-header" aria-busy="true">
      <div className="app-header__inner">
        <span className="app-header__brand">
          <Skeleton width={36} height={36} radius="50%" />
          <Skeleton width={140} height={18} />
        </span>
      </div>
    </header>
  );
}
