import type { CSSProperties, ReactNode } from 'react';
import './skeleton.css';

export interface SkeletonProps {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  radius?: CSSProperties['borderRadius'];
  className?: string;
}

/** A grey placeholder shaped like the content that is loading. */
export function Skeleton({ width = '100%', height = 16, radius, className }: SkeletonProps) {
  return (
    <span
      aria-hidden="true"
      className={`skeleton ${className ?? ''}`}
      style={{ width, height, borderRadius: radius }}
    />
  );
}

/** Wraps skeletons: one announcement for assistive technology instead of many empty shapes. */
export function LoadingRegion({ label = 'Cargando…', children }: { label?: string; children: ReactNode }) {
  return (
    <div aria-busy="true">
      <span className="sr-only" role="status">
        {label}
      </span>
      {children}
    </div>
  );
}

/** The skeleton of a list of cards (branches, branch contacts). */
export function CardListSkeleton({ count = 4 }: { count?: number }) {
  return (
    <LoadingRegion>
      <ul className="skeleton-list">
        {Array.from({ length: count }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
          <li key={index} className="skeleton-card">
            <Skeleton width={48} height={48} radius="50%" />
            <span className="skeleton-card__lines">
              <Skeleton width="60%" height={18} />
              <Skeleton width="85%" height={14} />
            </span>
          </li>
        ))}
      </ul>
    </LoadingRegion>
  );
}
