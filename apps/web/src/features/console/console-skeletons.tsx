import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';
import './console.css';

function CardSkeleton() {
  return (
    <div className="order-card order-card--skeleton">
      <Skeleton width="40%" height={22} />
      <Skeleton width="70%" height={16} />
      <Skeleton width="90%" height={16} />
      <Skeleton width="100%" height={48} />
    </div>
  );
}

/** The board's shape while it loads: never a blank wait. `bare`: the columns only (the header is up). */
export function BoardSkeleton({ bare = false }: { bare?: boolean }) {
  const columns = (
    <div className="console-columns">
      {[0, 1, 2].map((column) => (
        <div key={column} className="console-column">
          <Skeleton width="50%" height={20} />
          <CardSkeleton />
          {column < 2 ? <CardSkeleton /> : null}
        </div>
      ))}
    </div>
  );
  if (bare)
    return (
      <LoadingRegion label="Cargando pedidos…">
        <div className="console-board">{columns}</div>
      </LoadingRegion>
    );
  return (
    <div className="console">
      <LoadingRegion label="Cargando pedidos…">
        <div className="console-header">
          <div className="console-header__brand">
            <Skeleton width={180} height={22} />
            <Skeleton width={120} height={14} />
          </div>
        </div>
        <main className="console-main">
          <div className="console-board">{columns}</div>
        </main>
      </LoadingRegion>
    </div>
  );
}
