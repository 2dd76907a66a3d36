import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';

export function DishListSkeleton({ count = 4 }: { count?: number }) {
  return (
    <ul className="dish-list">
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <li key={index} className="dish-card">
          <span className="dish-card__body">
            <Skeleton width="55%" height={18} />
            <Skeleton width="95%" height={14} />
            <Skeleton width="70%" height={14} />
            <Skeleton width={72} height={18} />
          </span>
          <Skeleton width={96} height={96} radius={12} />
        </li>
      ))}
    </ul>
  );
}

export function MenuSectionsSkeleton() {
  return (
    <LoadingRegion label="Cargando el menú…">
      <div className="category-nav">
        <div className="category-nav__track">
          {[96, 120, 88, 104].map((width) => (
            <Skeleton key={width} width={width} height={40} radius={999} />
          ))}
        </div>
      </div>
      <div className="menu-content">
        <Skeleton width={180} height={22} />
        <DishListSkeleton />
      </div>
    </LoadingRegion>
  );
}

/** The whole menu screen's shape while the shop and its modes load. */
export function MenuSkeleton() {
  return (
    <LoadingRegion label="Cargando el menú…">
      <div className="menu-layout">
        <div className="menu-layout__main">
          <div className="store-header">
            <div className="store-header__cover store-header__cover--loading" />
            <div className="store-header__body">
              <Skeleton className="store-header__logo" width={84} height={84} radius="50%" />
              <div className="store-header__titles">
                <Skeleton width="60%" height={26} />
                <Skeleton width="35%" height={16} />
              </div>
              <Skeleton width="80%" height={16} />
            </div>
          </div>
          <div className="menu-content">
            <Skeleton width={180} height={22} />
            <DishListSkeleton />
          </div>
        </div>
        {/* where 'Mi pedido' goes on a wide screen (hidden by the CSS on a phone) */}
        <div className="menu-layout__aside-placeholder" />
      </div>
    </LoadingRegion>
  );
}
