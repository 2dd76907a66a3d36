import type { Plate } from '@comanda/core/contract';

/** The plate's image URL, or null when it has none to show. */
export function plateImageUrl(plate: Plate): string | null {
  return plate.withImage && plate.imageUrl ? plate.imageUrl : null;
}

/** A dish picture in a card: decorative (the name is beside it), sized to avoid layout shift, lazy. */
export function PlateImage({
  plate,
  className,
  width,
  height,
  fetchPriority,
}: {
  plate: Plate;
  className: string;
  width: number;
  height: number;
  /** 'low' for a picture that must not take bandwidth from the screen's code and data (suggestions). */
  fetchPriority?: 'low';
}) {
  const url = plateImageUrl(plate);
  if (!url) return null;
  return (
    <img
      className={className}
      src={url}
      alt=""
      width={width}
      height={height}
      loading="lazy"
      decoding="async"
      fetchPriority={fetchPriority}
    />
  );
}
