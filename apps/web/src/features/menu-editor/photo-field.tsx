import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { IconImage } from './editor-icons.tsx';
import { fieldId } from './editor-problems.ts';
import { PHOTO_TEXTS, PhotoUploadError, uploadPhoto } from './upload-photo.ts';

/**
 * A plate's photo: 'Agregar foto' or 'Cambiar foto' opens the phone's camera roll or a file picker,
 * the chosen image shows at once while it uploads, and the answered URL becomes the plate's imageUrl.
 * The upload finishes even if the editor closes meanwhile (onUploaded edits the draft by plate key).
 */
export function PhotoField({
  imageUrl,
  path,
  problem,
  plateName,
  onUploaded,
  onRemove,
}: {
  imageUrl: string | null | undefined;
  path: string;
  problem?: string;
  plateName: string;
  onUploaded: (url: string) => void;
  onRemove: () => void;
}) {
  const inputId = fieldId(path);
  const statusId = useId();
  const [preview, setPreview] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setError(null);
    if (file.type && !file.type.startsWith('image/')) {
      setError(PHOTO_TEXTS.notAnImage);
      return;
    }
    setPreview(URL.createObjectURL(file));
    setUploading(true);
    try {
      const photo = await uploadPhoto(file);
      onUploaded(photo.url);
    } catch (reason) {
      if (mounted.current) setError(reason instanceof PhotoUploadError ? reason.message : PHOTO_TEXTS.failed);
    } finally {
      if (mounted.current) {
        setUploading(false);
        setPreview(null);
      }
    }
  }

  const shown = preview ?? imageUrl ?? null;
  const message = error ?? problem;
  return (
    <div className="menu-editor__photo">
      <div className={`menu-editor__photo-frame${uploading ? ' is-uploading' : ''}`}>
        {shown ? (
          <img src={shown} alt={`Foto de ${plateName || 'el plato'}`} />
        ) : (
          <span className="menu-editor__photo-empty">
            <IconImage size={32} />
            <span>Sin foto</span>
          </span>
        )}
        {uploading ? (
          <span className="menu-editor__photo-progress" aria-hidden="true">
            <span className="menu-editor__spinner" />
          </span>
        ) : null}
      </div>
      <div className="menu-editor__photo-side">
        <span className="back-office__label">Foto</span>
        <span id={statusId} className="back-office__hint" role="status">
          {uploading ? 'Subiendo foto…' : 'Una foto cuadrada o apaisada, bien iluminada, vende más.'}
        </span>
        <div className="menu-editor__photo-actions">
          <label className={`menu-editor__file-button${uploading ? ' is-disabled' : ''}`} htmlFor={inputId}>
            {imageUrl ? 'Cambiar foto' : 'Agregar foto'}
            <input
              id={inputId}
              className="sr-only"
              type="file"
              accept="image/*"
              disabled={uploading}
              aria-describedby={message ? `${inputId}-error ${statusId}` : statusId}
              onChange={(event) => void choose(event)}
            />
          </label>
          {imageUrl && !uploading ? (
            <button type="button" className="menu-editor__text-button" onClick={onRemove}>
              Quitar foto
            </button>
          ) : null}
        </div>
        {message ? (
          <span id={`${inputId}-error`} className="back-office__error" role="alert">
            {message}
          </span>
        ) : null}
      </div>
    </div>
  );
}
