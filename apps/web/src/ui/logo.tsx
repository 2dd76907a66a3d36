import { useState } from 'react';
import './logo.css';

export interface LogoProps {
  url: string | null | undefined;
  /** The business name: alt text, and the initial of the placeholder. */
  name: string;
  size?: number;
  className?: string;
  /** Decorative when the name is printed right beside it. */
  decorative?: boolean;
}

function initialOf(name: string): string {
  const letter = /\p{L}|\p{N}/u.exec(name);
  return (letter?.[0] ?? '?').toLocaleUpperCase('es');
}

/** The branch logo, or its initial in a circle of the main colour when there is none or it fails to load. */
export function Logo({ url, name, size = 40, className, decorative = false }: LogoProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const style = { width: size, height: size, fontSize: Math.round(size * 0.45) };
  if (url && failedUrl !== url) {
    return (
      <img
        className={`logo ${className ?? ''}`}
        src={url}
        alt={decorative ? '' : `Logo de ${name}`}
        width={size}
        height={size}
        style={style}
        onError={() => setFailedUrl(url)}
      />
    );
  }
  const placeholderClass = `logo logo--placeholder ${className ?? ''}`;
  if (decorative) {
    return (
      <span className={placeholderClass} style={style} aria-hidden="true">
        {initialOf(name)}
      </span>
    );
  }
  return (
    <span className={placeholderClass} style={style} role="img" aria-label={`Logo de ${name}`}>
      {initialOf(name)}
    </span>
  );
}
