import type { DraftPlate } from '@comanda/core/back-office';
import { IconButton } from '../../ui/button.tsx';
import { IconPlus, IconTrash } from '../../ui/icons.tsx';
import {
  addGarnish,
  addGarnishGroup,
  addSize,
  DRAFT_LIMITS,
  removeGarnish,
  removeGarnishGroup,
  removeSize,
  updateGarnish,
  updateGarnishGroup,
  updateSize,
} from './draft-edits.ts';
import type { ProblemIndex } from './editor-problems.ts';
import { AmountField, CheckField, GroupProblem, TextField, WholeField } from './fields.tsx';

interface OptionsProps {
  plate: DraftPlate;
  /** the plate's draft path */
  path: string;
  problems: ProblemIndex;
  decimals: number;
  change: (next: (plate: DraftPlate) => DraftPlate) => void;
}

/** A plate's sizes: each a name and its own price ('Chica', 'Grande'). */
export function SizesSection({ plate, path, problems, decimals, change }: OptionsProps) {
  return (
    <section className="menu-editor__section" aria-labelledby={`${path}-sizes-title`}>
      <div className="menu-editor__section-head">
        <h3 id={`${path}-sizes-title`} className="menu-editor__section-title">
          Tamaños
        </h3>
        <p className="back-office__hint">
          {plate.sizes.length
            ? 'Tus clientes eligen un tamaño y pagan su precio.'
            : 'Opcional: por ejemplo Chica y Grande, cada uno con su precio.'}
        </p>
      </div>
      {plate.sizes.length ? (
        <ul className="menu-editor__rows">
          {plate.sizes.map((size, s) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: sizes have no key; the fields follow the draft's values
            <li key={s} className="menu-editor__option-row">
              <TextField
                label={`Tamaño ${s + 1}`}
                path={`${path}.sizes.${s}.name`}
                value={size.name}
                maxLength={DRAFT_LIMITS.nameLength}
                placeholder="Grande"
                problem={problems.at(`${path}.sizes.${s}.name`)}
                onChange={(name) => change((p) => updateSize(p, s, { name }))}
              />
              <AmountField
                label={
                  <>
                    Precio<span className="sr-only"> del tamaño {s + 1}</span>
                  </>
                }
                path={`${path}.sizes.${s}.price`}
                value={size.price}
                decimals={decimals}
                problem={problems.at(`${path}.sizes.${s}.price`)}
                onChange={(price) => change((p) => updateSize(p, s, { price }))}
              />
              <IconButton
                label={`Quitar el tamaño ${size.name || s + 1}`}
                className="menu-editor__icon-button menu-editor__remove"
                onClick={() => change((p) => removeSize(p, s))}
              >
                <IconTrash size={20} />
              </IconButton>
            </li>
          ))}
        </ul>
      ) : null}
      <button
        type="button"
        className="menu-editor__add-row"
        disabled={plate.sizes.length >= DRAFT_LIMITS.sizes}
        onClick={() => change(addSize)}
      >
        <IconPlus size={20} /> Agregar tamaño
      </button>
    </section>
  );
}

/** A plate's groups of options ('Elegí la salsa', 'Agregados'), each with its options and rules. */
export function GarnishGroupsSection({ plate, path, problems, decimals, change }: OptionsProps) {
  return (
    <section className="menu-editor__section" aria-labelledby={`${path}-groups-title`}>
      <div className="menu-editor__section-head">
        <h3 id={`${path}-groups-title`} className="menu-editor__section-title">
          Opciones y agregados
        </h3>
        <p className="back-office__hint">Por ejemplo: elegí la salsa, agregá queso extra.</p>
      </div>
      {plate.garnishGroups.map((group, g) => {
        const at = `${path}.garnishGroups.${g}`;
        const title = group.name.trim() || `Grupo ${g + 1}`;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: groups have no key; the fields follow the draft's values
          <fieldset key={g} className="menu-editor__group">
            <legend className="menu-editor__group-title user-text">{title}</legend>
            <TextField
              label="Nombre del grupo"
              path={`${at}.name`}
              value={group.name}
              maxLength={DRAFT_LIMITS.nameLength}
              placeholder="Elegí la salsa"
              problem={problems.at(`${at}.name`)}
              onChange={(name) => change((p) => updateGarnishGroup(p, g, { name }))}
            />
            <div className="menu-editor__pair">
              <WholeField
                label="Mínimo"
                path={`${at}.minGarnishAmount`}
                value={group.minGarnishAmount}
                problem={problems.at(`${at}.minGarnishAmount`)}
                onChange={(value) =>
                  change((p) => updateGarnishGroup(p, g, { minGarnishAmount: value ?? Number.NaN }))
                }
              />
              <WholeField
                label="Máximo"
                path={`${at}.maxGarnishAmount`}
                value={group.maxGarnishAmount}
                problem={problems.at(`${at}.maxGarnishAmount`)}
                onChange={(value) =>
                  change((p) => updateGarnishGroup(p, g, { maxGarnishAmount: value ?? Number.NaN }))
                }
              />
            </div>
            <CheckField
              label="Obligatorio"
              checked={group.mandatory}
              hint="El cliente tiene que elegir al menos el mínimo para agregar el plato."
              onChange={(mandatory) => change((p) => updateGarnishGroup(p, g, { mandatory }))}
            />
            <CheckField
              label="Se puede repetir una opción"
              checked={group.multipleSelection}
              hint="Por ejemplo, 2 porciones de papas."
              onChange={(multipleSelection) => change((p) => updateGarnishGroup(p, g, { multipleSelection }))}
            />
            <GroupProblem path={`${at}.garnishes`} problem={problems.at(`${at}.garnishes`)} />
            <ul className="menu-editor__rows" aria-label={`Opciones de ${title}`}>
              {group.garnishes.map((garnish, x) => {
                const garnishAt = `${at}.garnishes.${x}`;
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: options have no key; the fields follow the draft's values
                  <li key={x} className="menu-editor__option-row menu-editor__option-row--garnish">
                    <TextField
                      label={`Opción ${x + 1}`}
                      path={`${garnishAt}.name`}
                      value={garnish.name}
                      maxLength={DRAFT_LIMITS.nameLength}
                      placeholder="Salsa criolla"
                      problem={problems.at(`${garnishAt}.name`)}
                      onChange={(name) => change((p) => updateGarnish(p, g, x, { name }))}
                    />
                    <AmountField
                      label={
                        <>
                          Precio extra<span className="sr-only"> de la opción {x + 1}</span>
                        </>
                      }
                      path={`${garnishAt}.price`}
                      value={garnish.price}
                      decimals={decimals}
                      problem={problems.at(`${garnishAt}.price`)}
                      onChange={(price) => change((p) => updateGarnish(p, g, x, { price }))}
                    />
                    <CheckField
                      id={`${garnishAt}-visible`}
                      label={
                        <>
                          Visible<span className="sr-only"> la opción {x + 1}</span>
                        </>
                      }
                      checked={garnish.visible}
                      onChange={(visible) => change((p) => updateGarnish(p, g, x, { visible }))}
                    />
                    <IconButton
                      label={`Quitar la opción ${garnish.name || x + 1}`}
                      className="menu-editor__icon-button menu-editor__remove"
                      onClick={() => change((p) => removeGarnish(p, g, x))}
                    >
                      <IconTrash size={20} />
                    </IconButton>
                  </li>
                );
              })}
            </ul>
            <div className="menu-editor__group-actions">
              <button
                type="button"
                className="menu-editor__add-row"
                disabled={group.garnishes.length >= DRAFT_LIMITS.garnishes}
                onClick={() => change((p) => addGarnish(p, g))}
              >
                <IconPlus size={20} /> Agregar opción
              </button>
              <button
                type="button"
                className="menu-editor__text-button menu-editor__danger"
                onClick={() => change((p) => removeGarnishGroup(p, g))}
              >
                Quitar el grupo {title}
              </button>
            </div>
          </fieldset>
        );
      })}
      <button
        type="button"
        className="menu-editor__add-row"
        disabled={plate.garnishGroups.length >= DRAFT_LIMITS.garnishGroups}
        onClick={() => change(addGarnishGroup)}
      >
        <IconPlus size={20} /> Agregar grupo de opciones
      </button>
    </section>
  );
}
