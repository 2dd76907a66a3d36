import { SUPPORT_CHAT_PROVIDER_IDS, SUPPORT_CHAT_PROVIDERS, type SupportChatProvider } from '@comanda/core';
import {
  BRAND_FONT_FAMILIES,
  BRAND_FONT_LABELS,
  BRAND_MESSAGE_MAX,
  type BrandColorKey,
  brandContrastChecks,
  normalizeSocialAccount,
  resolveBrandColors,
} from '@comanda/core/back-office';
import type { BrandSettings } from '@comanda/core/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { isApiError } from '../../api/api.ts';
import { useBottomOffset } from '../../ui/bottom-offset.ts';
import { useToast } from '../../ui/toast.tsx';
import { brandApi, brandQueries } from './brand-api.ts';
import { ColorField, ContrastBadge, ImageField } from './brand-fields.tsx';
import {
  type BrandForm,
  type BrandMode,
  changesOf,
  chatOfForm,
  type FieldProblem,
  fontStackOf,
  formOf,
  formProblems,
} from './brand-form.ts';
import { BrandPreview } from './brand-preview.tsx';

export const BRAND_SAVED = 'Guardamos la marca. Tu tienda ya la muestra.';

const MODE_TITLES: Record<BrandMode, string> = {
  light: 'Colores del modo claro',
  dark: 'Colores del modo oscuro',
};
const COLOR_LABELS: Record<BrandColorKey, string> = {
  mainBackground: 'Fondo',
  mainText: 'Texto principal',
  descriptionText: 'Texto de las descripciones',
  mainColor: 'Color principal (botones)',
  buttonBorderedColor: 'Borde de los botones secundarios',
  promotionalBannerColor: 'Banner de promociones',
};

interface ServerError {
  message: string;
  errors: FieldProblem[];
}

function serverErrorOf(error: unknown): ServerError {
  if (!isApiError(error)) return { message: 'No pudimos guardar la marca. Probá de nuevo.', errors: [] };
  const errors = (error.errors ?? []).flatMap((item) => {
    const { path, message } = (item ?? {}) as Partial<FieldProblem>;
    return typeof path === 'string' && typeof message === 'string' ? [{ path, message }] : [];
  });
  return { message: error.message, errors };
}

/** The brand form beside its live preview; it saves only what changed. */
export function BrandEditor({ initial }: { initial: BrandSettings }) {
  const queryClient = useQueryClient();
  const showToast = useToast();
  const [saved, setSaved] = useState(initial);
  const [form, setForm] = useState<BrandForm>(() => formOf(initial));
  const [previewMode, setPreviewMode] = useState<BrandMode>(
    initial.colorModeType === 'DARK' ? 'dark' : 'light',
  );
  const [previewOpen, setPreviewOpen] = useState(false);
  const [serverError, setServerError] = useState<ServerError | null>(null);
  // toasts rise above the save bar instead of covering it
  const saveBar = useRef<HTMLDivElement>(null);
  useBottomOffset(saveBar);

  const problems = useMemo(() => formProblems(form), [form]);
  const checks = useMemo(
    () => brandContrastChecks({ light: form.light, dark: form.dark }),
    [form.light, form.dark],
  );
  const changes = useMemo(() => changesOf(form, saved), [form, saved]);
  const dirty = Object.keys(changes).length > 0;
  const fallbackColors = useMemo(
    () => resolveBrandColors({ light: form.light, dark: form.dark }),
    [form.light, form.dark],
  );

  const save = useMutation({
    mutationFn: () => brandApi.save(changes),
    onSuccess: (brand) => {
      queryClient.setQueryData(brandQueries.brand().queryKey, brand);
      // a storefront opened in this tab later fetches the new brand
      void queryClient.invalidateQueries({ queryKey: ['diner'] });
      setSaved(brand);
      setForm(formOf(brand));
      setServerError(null);
      showToast(BRAND_SAVED);
    },
    onError: (error) => setServerError(serverErrorOf(error)),
  });

  // leaving with unsaved changes asks first (closing the tab, reloading)
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  function change(next: Partial<BrandForm>) {
    setForm((current) => ({ ...current, ...next }));
    setServerError(null);
  }
  function changeColor(mode: BrandMode, key: BrandColorKey, value: string) {
    setForm((current) => ({ ...current, [mode]: { ...current[mode], [key]: value } }));
    setPreviewMode(mode);
    setServerError(null);
  }

  // a pair that reads badly is told beside the pair (ContrastBadge), not under each of its colours
  const contrastMessages = new Set(checks.map((check) => check.message));
  const problemAt = (path: string) =>
    serverError?.errors.find((error) => error.path === path)?.message ??
    problems.find((problem) => problem.path === path && !contrastMessages.has(problem.message))?.message ??
    null;
  const canSave = dirty && problems.length === 0 && !save.isPending;
  const status =
    problems.length > 0
      ? `Corregí ${problems.length === 1 ? 'un problema' : `${problems.length} problemas`} para guardar.`
      : dirty
        ? 'Tenés cambios sin guardar.'
        : 'Todo guardado.';

  const customFont =
    form.fontFamily !== '' && !(BRAND_FONT_FAMILIES as readonly string[]).includes(form.fontFamily);
  const instagram = normalizeSocialAccount('instagram', form.instagram);
  const facebook = normalizeSocialAccount('facebook', form.facebook);
  const firstShop = saved.shops[0];

  function colorField(mode: BrandMode, key: BrandColorKey, describedBy?: string) {
    return (
      <ColorField
        id={`brand-${mode}-${key}`}
        label={COLOR_LABELS[key]}
        value={form[mode][key]}
        fallback={fallbackColors[mode][key]}
        onChange={(value) => changeColor(mode, key, value)}
        problem={problemAt(`${mode}.${key}`)}
        describedBy={describedBy}
      />
    );
  }

  function contrastOf(mode: BrandMode, pair: 'mainText' | 'descriptionText' | 'buttonText') {
    const check = checks.find((candidate) => candidate.mode === mode && candidate.pair === pair);
    return check ? <ContrastBadge id={`brand-${mode}-${pair}-contrast`} check={check} /> : null;
  }

  const preview = (
    <section className="brand-preview-panel" aria-labelledby="brand-preview-title">
      <div className="brand-preview-panel__head">
        <h2 id="brand-preview-title" className="back-office__card-title">
          Vista previa
        </h2>
        <fieldset className="brand-segmented">
          <legend className="sr-only">Modo de la vista previa</legend>
          {(['light', 'dark'] as const).map((mode) => (
            <button
              key={mode}
              type="button"
              className="brand-segmented__option"
              aria-pressed={previewMode === mode}
              onClick={() => setPreviewMode(mode)}
            >
              {mode === 'light' ? 'Claro' : 'Oscuro'}
            </button>
          ))}
        </fieldset>
      </div>
      <p className="back-office__hint">
        {`Así se ve el menú de tu tienda en modo ${previewMode === 'light' ? 'claro' : 'oscuro'}`}
        {form.colorModeType === (previewMode === 'light' ? 'LIGHT' : 'DARK')
          ? ', el que ven tus clientes.'
          : '.'}
      </p>
      <BrandPreview
        form={form}
        mode={previewMode}
        branchName={saved.branchName}
        shopName={firstShop?.name ?? ''}
      />
      {firstShop ? (
        <a
          className="brand-preview-panel__link"
          href={`/menu/${firstShop.alias}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          Ver tu tienda (se abre en otra pestaña)
        </a>
      ) : null}
    </section>
  );

  return (
    <form
      className="brand-editor"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (canSave) save.mutate();
      }}
    >
      <div className="brand-editor__form">
        <p className="back-office__hint">
          Elegí cómo se ve tu tienda: colores, letra, logo y redes. La vista previa cambia al instante; tus
          clientes ven los cambios cuando guardás.
        </p>

        <fieldset className="back-office__card">
          <legend className="back-office__card-title">Modo de color</legend>
          <p className="back-office__hint">
            Tu tienda se muestra en este modo. Cargá igual los colores de los dos.
          </p>
          <div className="brand-choices">
            {(['LIGHT', 'DARK'] as const).map((type) => (
              <label key={type} className="back-office__check brand-choice">
                <input
                  type="radio"
                  name="colorModeType"
                  value={type}
                  checked={form.colorModeType === type}
                  onChange={() => {
                    change({ colorModeType: type });
                    setPreviewMode(type === 'LIGHT' ? 'light' : 'dark');
                  }}
                />
                {type === 'LIGHT'
                  ? 'Claro (fondo claro, texto oscuro)'
                  : 'Oscuro (fondo oscuro, texto claro)'}
              </label>
            ))}
          </div>
        </fieldset>

        {(['light', 'dark'] as const).map((mode) => (
          <fieldset key={mode} className="back-office__card brand-mode" onFocus={() => setPreviewMode(mode)}>
            <legend className="back-office__card-title">{MODE_TITLES[mode]}</legend>
            <div className="brand-pair">
              <div className="brand-pair__fields">
                {colorField(
                  mode,
                  'mainBackground',
                  `brand-${mode}-mainText-contrast brand-${mode}-descriptionText-contrast`,
                )}
                {colorField(mode, 'mainText', `brand-${mode}-mainText-contrast`)}
              </div>
              {contrastOf(mode, 'mainText')}
            </div>
            <div className="brand-pair">
              <div className="brand-pair__fields">
                {colorField(mode, 'descriptionText', `brand-${mode}-descriptionText-contrast`)}
              </div>
              {contrastOf(mode, 'descriptionText')}
            </div>
            <div className="brand-pair">
              <div className="brand-pair__fields">
                {colorField(mode, 'mainColor', `brand-${mode}-buttonText-contrast`)}
              </div>
              {contrastOf(mode, 'buttonText')}
            </div>
            <div className="brand-pair__fields brand-pair__fields--two">
              {colorField(mode, 'buttonBorderedColor')}
              {colorField(mode, 'promotionalBannerColor')}
            </div>
          </fieldset>
        ))}

        <fieldset className="back-office__card">
          <legend className="back-office__card-title">Letra</legend>
          <div className="back-office__field">
            <label className="back-office__label" htmlFor="brand-font">
              Letra de tu tienda
            </label>
            <select
              id="brand-font"
              className="back-office__select"
              value={form.fontFamily}
              onChange={(event) => change({ fontFamily: event.target.value })}
              aria-describedby="brand-font-hint"
            >
              <option value="">La del teléfono de cada cliente</option>
              {BRAND_FONT_FAMILIES.map((family) => (
                <option key={family} value={family}>
                  {BRAND_FONT_LABELS[family]}
                </option>
              ))}
              {customFont ? (
                <option value={form.fontFamily}>{`${form.fontFamily} (la actual)`}</option>
              ) : null}
            </select>
            <p id="brand-font-hint" className="back-office__hint">
              Son letras que ya traen los equipos: no se descargan. Si un teléfono no la tiene, muestra la
              suya.
            </p>
            <p className="brand-font-sample" style={{ fontFamily: fontStackOf(form.fontFamily) }}>
              {saved.branchName}: así se lee tu menú.
            </p>
          </div>
        </fieldset>

        <fieldset className="back-office__card">
          <legend className="back-office__card-title">Logo y banner</legend>
          <ImageField
            label="Logo"
            hint="Cuadrado, de al menos 200 x 200. Se ve redondo arriba del menú cuando no hay banner."
            url={form.logoUrl}
            onChange={(logoUrl) => change({ logoUrl })}
          />
          <ImageField
            label="Logo horizontal"
            hint="La versión ancha de tu logo: con ella, la barra de arriba de tu tienda la muestra en lugar del logo y el nombre."
            url={form.horizontalLogoUrl}
            onChange={(horizontalLogoUrl) => change({ horizontalLogoUrl })}
            wide
          />
          <ImageField
            label="Banner"
            hint="Una foto ancha (3 a 1) para la portada del menú. Con banner, el logo no se muestra arriba."
            url={form.bannerUrl}
            onChange={(bannerUrl) => change({ bannerUrl })}
            wide
          />
        </fieldset>

        <fieldset className="back-office__card">
          <legend className="back-office__card-title">Redes y mensaje</legend>
          <div className="back-office__row">
            <div className="back-office__field">
              <label className="back-office__label" htmlFor="brand-instagram">
                Instagram
              </label>
              <input
                id="brand-instagram"
                className="back-office__input"
                value={form.instagram}
                onChange={(event) => change({ instagram: event.target.value })}
                placeholder="@tulocal"
                autoComplete="off"
                spellCheck={false}
                aria-invalid={problemAt('social.instagram') ? true : undefined}
                aria-describedby="brand-instagram-note"
              />
              <p
                id="brand-instagram-note"
                className={problemAt('social.instagram') ? 'back-office__error' : 'back-office__hint'}
              >
                {problemAt('social.instagram') ??
                  (instagram ? `Enlaza a instagram.com/${instagram}` : 'Tu usuario o el enlace a tu perfil.')}
              </p>
            </div>
            <div className="back-office__field">
              <label className="back-office__label" htmlFor="brand-facebook">
                Facebook
              </label>
              <input
                id="brand-facebook"
                className="back-office__input"
                value={form.facebook}
                onChange={(event) => change({ facebook: event.target.value })}
                placeholder="tulocal"
                autoComplete="off"
                spellCheck={false}
                aria-invalid={problemAt('social.facebook') ? true : undefined}
                aria-describedby="brand-facebook-note"
              />
              <p
                id="brand-facebook-note"
                className={problemAt('social.facebook') ? 'back-office__error' : 'back-office__hint'}
              >
                {problemAt('social.facebook') ??
                  (facebook
                    ? `Enlaza a ${facebook.startsWith('https://') ? facebook : `facebook.com/${facebook}`}`
                    : 'Tu página o el enlace a ella.')}
              </p>
            </div>
          </div>
          <div className="back-office__field">
            <label className="back-office__label" htmlFor="brand-message">
              Mensaje debajo del nombre
            </label>
            <textarea
              id="brand-message"
              className="back-office__input brand-textarea"
              value={form.customMessage}
              onChange={(event) => change({ customMessage: event.target.value })}
              rows={3}
              aria-invalid={problemAt('customMessage') ? true : undefined}
              aria-describedby="brand-message-count"
            />
            <p
              id="brand-message-count"
              className={problemAt('customMessage') ? 'back-office__error' : 'back-office__hint'}
            >
              {problemAt('customMessage') ??
                `${form.customMessage.trim().length} de ${BRAND_MESSAGE_MAX} caracteres.`}
            </p>
          </div>
          <label className="back-office__check brand-switch">
            <input
              type="checkbox"
              role="switch"
              aria-checked={form.showPoweredBy}
              checked={form.showPoweredBy}
              onChange={(event) => change({ showPoweredBy: event.target.checked })}
            />
            Mostrar "Hecho con Comanda" al pie del menú
          </label>
        </fieldset>

        <fieldset className="back-office__card">
          <legend className="back-office__card-title">Chat de ayuda</legend>
          <p className="back-office__hint">
            Si atendés consultas con Crisp o Tawk.to, tus clientes abren ese chat desde el ícono del
            encabezado de tu tienda (en lugar del de WhatsApp) y desde el seguimiento de su pedido, con el
            número de pedido ya escrito. El chat se carga solo cuando lo abren.
          </p>
          <div className="back-office__field">
            <label className="back-office__label" htmlFor="brand-chat-provider">
              Chat
            </label>
            <select
              id="brand-chat-provider"
              className="back-office__select"
              value={form.chatProvider}
              onChange={(event) => change({ chatProvider: event.target.value as SupportChatProvider | '' })}
            >
              <option value="">Sin chat</option>
              {SUPPORT_CHAT_PROVIDER_IDS.map((provider) => (
                <option key={provider} value={provider}>
                  {SUPPORT_CHAT_PROVIDERS[provider].name}
                </option>
              ))}
            </select>
          </div>
          {form.chatProvider === '' ? null : (
            <div className="back-office__field">
              <label className="back-office__label" htmlFor="brand-chat-id">
                {SUPPORT_CHAT_PROVIDERS[form.chatProvider].idLabel}
              </label>
              <input
                id="brand-chat-id"
                className="back-office__input"
                value={form.chatId}
                onChange={(event) => change({ chatId: event.target.value })}
                autoComplete="off"
                spellCheck={false}
                aria-invalid={form.chatId.trim() && problemAt('supportChat.siteId') ? true : undefined}
                aria-describedby="brand-chat-id-note"
              />
              <p
                id="brand-chat-id-note"
                className={
                  form.chatId.trim() && problemAt('supportChat.siteId')
                    ? 'back-office__error'
                    : 'back-office__hint'
                }
              >
                {form.chatId.trim()
                  ? (problemAt('supportChat.siteId') ?? `Se guarda el ID ${chatOfForm(form)?.siteId ?? ''}.`)
                  : SUPPORT_CHAT_PROVIDERS[form.chatProvider].idHint}
              </p>
            </div>
          )}
        </fieldset>
      </div>

      <aside
        className={`brand-editor__preview${previewOpen ? ' brand-editor__preview--open' : ''}`}
        id="brand-preview"
      >
        {preview}
      </aside>

      <div className="brand-savebar" ref={saveBar}>
        {serverError ? (
          <div className="brand-savebar__error" role="alert">
            <p>{serverError.message}</p>
            {serverError.errors.length > 1 ? (
              <ul>
                {serverError.errors.slice(1).map((error) => (
                  <li key={`${error.path}-${error.message}`}>{error.message}</li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
        <div className="brand-savebar__row">
          <p id="brand-save-status" className="brand-savebar__status" role="status">
            {save.isPending ? 'Guardando…' : status}
          </p>
          <button
            type="button"
            className="brand-button brand-savebar__preview-toggle"
            aria-expanded={previewOpen}
            aria-controls="brand-preview"
            onClick={() => setPreviewOpen((open) => !open)}
          >
            Vista previa
          </button>
          <button
            type="submit"
            className="brand-button brand-button--primary"
            disabled={!canSave}
            aria-describedby="brand-save-status"
          >
            {save.isPending ? 'Guardando…' : 'Guardar'}
          </button>
        </div>
      </div>
    </form>
  );
}
