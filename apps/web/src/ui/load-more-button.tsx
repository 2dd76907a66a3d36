import { Button } from './button.tsx';

/** 'Ver más' under a paged list, disabled while the next page loads. */
export function LoadMoreButton({
  label,
  loading,
  onClick,
}: {
  label: string;
  loading: boolean;
  onClick: () => void;
}) {
  return (
    <Button variant="secondary" block className="load-more" disabled={loading} onClick={onClick}>
      {loading ? 'Cargando…' : label}
    </Button>
  );
}
