import { useState } from 'react';
import './logo.css';

export interface LogoProps {
  url: string | null | undefined;
  /** The business name, for the alt text. */
  name: string;
  size?: number;
  className?: string;
  /** Decorative when the name is printed right beside it. */
  decorative?: boolean;
}

/**
 * The branch logo. Without one, or when it fails to load, the spec's default placeholder: a transparent
 * one (storefront.md section 8), which keeps the logo's place and shows nothing.
 */
export function Logo({ url, name, size = 40, className = '', decorative = false }: LogoProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const style = { width: size, height: size };
  const alt = decorative ? '' : `Logo de ${name}`;
  return url && failedUrl !== url ? (
    <img
      className={`logo ${className}`}
      src={url}
      alt={alt}
      width={size}
      height={size}
      style={style}
      onError={() => setFailedUrl(url)}
    />
  ) : (
    <span
      className={`logo logo--placeholder ${className}`}
      style={style}
      {...(alt ? { role: 'img', 'aria-label': alt } : {})}
    />
  );
}

/**
 * The branch's horizontal logo. When it fails to load it steps aside for the spec's default behind it
 * (logo.css): the horizontal logo in white on a dark theme, in black on a light one (storefront.md 8).
 */
export function HorizontalLogo({ url, name }: { url: string; name: string }) {
  return (
    <span className="logo-horizontal">
      <img src={url} alt={name} height={32} onError={(event) => (event.currentTarget.hidden = true)} />
    </span>
  );
}
