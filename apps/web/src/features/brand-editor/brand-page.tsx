import { useQuery } from '@tanstack/react-query';
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';
import { type BackOfficePageProps, LoadFailed, OwnerShell } from '../back-office/owner-shell.tsx';
import { brandQueries } from './brand-api.ts';
import { BrandEditor } from './brand-editor.tsx';
import './brand-editor.css';

/** `/console/marca`: the owner's brand (colours, font, logos, banner, social, footer) with a live preview. */
export function BrandPage({ go }: BackOfficePageProps) {
  return (
    <OwnerShell go={go} current="/console/marca" title="Marca">
      {() => <BrandLoader />}
    </OwnerShell>
  );
}

function BrandLoader() {
  const brand = useQuery(brandQueries.brand());
  if (brand.isPending) return <BrandSkeleton />;
  if (brand.isError) return <LoadFailed error={brand.error} onRetry={() => void brand.refetch()} />;
  return <BrandEditor initial={brand.data} />;
}

function BrandSkeleton() {
  return (
    <LoadingRegion label="Cargando tu marca…">
      <div className="brand-editor brand-editor--skeleton">
        <div className="brand-editor__form">
          <Skeleton height={20} width="70%" />
          <Skeleton height={120} radius={12} />
          <Skeleton height={360} radius={12} />
          <Skeleton height={360} radius={12} />
        </div>
        <div className="brand-editor__preview brand-editor__preview--skeleton">
          <Skeleton height={520} radius={12} />
        </div>
      </div>
    </LoadingRegion>
  );
}
