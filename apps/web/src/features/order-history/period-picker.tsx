import { useId } from 'react';
import { PERIOD_PRESETS, type PeriodChoice, type PeriodPreset } from './history-text.ts';

/**
 * The period of the history and the reports: quick choices as a row of toggle buttons, and two date
 * fields when the owner picks 'Elegir fechas'. A problem with the dates shows under them.
 */
export function PeriodPicker({
  value,
  onChange,
  problem,
  label = 'Período',
}: {
  value: PeriodChoice;
  onChange: (next: PeriodChoice) => void;
  problem: string | null;
  label?: string;
}) {
  const id = useId();
  const problemId = `${id}-problem`;
  const pick = (preset: PeriodPreset) => onChange({ ...value, preset });
  return (
    <fieldset className="period-picker">
      <legend className="back-office__label">{label}</legend>
      <div className="period-picker__presets">
        {PERIOD_PRESETS.map((preset) => (
          <button
            key={preset.id}
            type="button"
            className="period-picker__preset"
            aria-pressed={value.preset === preset.id}
            onClick={() => pick(preset.id)}
          >
            {preset.label}
          </button>
        ))}
      </div>
      {value.preset === 'custom' ? (
        <div className="period-picker__dates">
          <label className="back-office__field" htmlFor={`${id}-from`}>
            <span className="back-office__label">Desde</span>
            <input
              id={`${id}-from`}
              type="date"
              className="back-office__input"
              value={value.from}
              max={value.to || undefined}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? problemId : undefined}
              onChange={(event) => onChange({ ...value, from: event.target.value })}
            />
          </label>
          <label className="back-office__field" htmlFor={`${id}-to`}>
            <span className="back-office__label">Hasta</span>
            <input
              id={`${id}-to`}
              type="date"
              className="back-office__input"
              value={value.to}
              min={value.from || undefined}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? problemId : undefined}
              onChange={(event) => onChange({ ...value, to: event.target.value })}
            />
          </label>
        </div>
      ) : null}
      {problem ? (
        <p id={problemId} className="back-office__error" role="alert">
          {problem}
        </p>
      ) : null}
    </fieldset>
  );
}
