import { type BrandContrastCheck, formatContrastRatio, isBrandColor } from '@comanda/core/back-office';
import { type ChangeEvent, useId, useState } from 'react';
import { isApiError } from '../../api/api.ts';
import { brandApi } from './brand-api.ts';

/** A colour: the native picker and its #RRGGBB code, one label for both. */
export function ColorField({
  id,
  label,
  value,
  fallback,
  onChange,
  problem,
  describedBy,
}: {
  id: string;
  label: string;
  value: string;
  /** what the picker shows while the code is half typed */
  fallback: string;
  onChange: (value: string) => void;
  problem: string | null;
  /** the contrast checks this colour takes part in */
  describedBy?: string | undefined;
}) {
  const errorId = `${id}-error`;
  const described = [problem ? errorId : null, describedBy ?? null].filter(Boolean).join(' ') || undefined;
  const pickerValue = (isBrandColor(value) ? value : fallback).toLowerCase();
  return (
    <div className="brand-color">
      <label className="back-office__label" htmlFor={id}>
        {label}
      </label>
      <div className="brand-color__inputs">
        <input
          type="color"
          className="brand-color__picker"
          aria-label={`${label}: elegir en la paleta`}
          value={pickerValue}
          onChange={(event) => onChange(event.target.value.toUpperCase())}
        />
        <input
          id={id}
          className="back-office__input brand-color__code"
          value={value}
          onChange={(event) => onChange(event.target.value.trim())}
          maxLength={7}
          spellCheck={false}
          autoComplete="off"
          autoCapitalize="characters"
          aria-invalid={problem ? true : undefined}
          aria-describedby={described}
        />
      </div>
      {problem ? (
        <p id={errorId} className="back-office__error">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

const PAIR_LABELS: Record<BrandContrastCheck['pair'], string> = {
  mainText: 'Texto principal sobre el fondo',
  descriptionText: 'Descripciones sobre el fondo',
  buttonText: 'Texto de los botones sobre el color principal',
};

/**
 * One contrast check, beside its colours: a sample of the pair, the ratio, and the verdict in words
 * and a mark (never the colour alone).
 */
export function ContrastBadge({ id, check }: { id: string; check: BrandContrastCheck }) {
  return (
    <div id={id} className={`brand-contrast ${check.ok ? 'brand-contrast--ok' : 'brand-contrast--bad'}`}>
      <span
        className="brand-contrast__sample"
        style={{ color: check.foreground, background: check.background }}
        aria-hidden="true"
      >
        Aa
      </span>
      <span className="brand-contrast__text">
        <span className="brand-contrast__pair">{PAIR_LABELS[check.pair]}</span>
        <span className="brand-contrast__verdict">
          <span className="brand-contrast__mark" aria-hidden="true">
            {check.ok ? '✓' : '✕'}
          </span>{' '}
          {check.ok ? 'Se lee bien' : 'No se lee bien'} · contraste {formatContrastRatio(check.ratio)}:1
          {check.ok ? null : `; hace falta ${formatContrastRatio(check.required)}:1`}
        </span>
      </span>
    </div>
  );
}

/** A logo or banner: what it shows now, 'Subir foto' (the photos API) and 'Quitar'. */
export function ImageField({
  label,
  hint,
  url,
  onChange,
  wide = false,
}: {
  label: string;
  hint: string;
  url: string | null;
  onChange: (url: string | null) => void;
  /** a banner's preview is wide, a logo's square */
  wide?: boolean;
}) {
  const id = useId();
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    setError(null);
    setUploading(true);
    try {
      onChange((await brandApi.uploadPhoto(file)).url);
    } catch (caught) {
      setError(isApiError(caught) ? caught.message : 'No pudimos subir la foto. Probá de nuevo.');
    } finally {
      setUploading(false);
    }
  }

  return (
    <fieldset className="brand-image">
      <legend className="back-office__label">{label}</legend>
      <p id={`${id}-hint`} className="back-office__hint">
        {hint}
      </p>
      <div className="brand-image__row">
        <div className={`brand-image__frame${wide ? ' brand-image__frame--wide' : ''}`}>
          {url ? (
            <img className="brand-image__img" src={url} alt={`${label} actual`} />
          ) : (
            <span className="brand-image__empty">Sin {label.toLowerCase()}</span>
          )}
        </div>
        <div className="brand-image__actions">
          <label className="brand-button" aria-disabled={uploading || undefined}>
            <input
              type="file"
              accept="image/*"
              className="sr-only"
              onChange={(event) => void upload(event)}
              disabled={uploading}
              aria-label={`${url ? 'Cambiar' : 'Subir'} foto: ${label}`}
              aria-describedby={`${id}-hint`}
            />
            {uploading ? 'Subiendo…' : url ? 'Cambiar foto' : 'Subir foto'}
          </label>
          {url ? (
            <button
              type="button"
              className="brand-button brand-button--quiet"
              onClick={() => onChange(null)}
              disabled={uploading}
              aria-label={`Quitar: ${label}`}
            >
              Quitar
            </button>
          ) : null}
        </div>
      </div>
      {uploading ? (
        <p className="back-office__hint" role="status">
          Subiendo la foto…
        </p>
      ) : null}
      {error ? (
        <p className="back-office__error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
