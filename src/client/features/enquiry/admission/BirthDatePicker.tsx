import { useEffect, useState } from 'react';
import { birthDateWindow, exactAgeText } from '#shared/enquiries/birthDate.ts';
import { FieldError } from '#client/ui/FieldError.tsx';
import { controlId, FieldFrame } from '../fields';
import { MONTH_NAMES } from '#shared/time.ts';
import { choices, dateOf, fitted, partsOf, type DateParts } from './birthDateParts';

const LABEL = 'Date of Birth';
const FIELD = 'birthDate';

type BirthDatePickerProps = {
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
};

/**
 * The child's birth date: year, month and day choices limited to the last 16 years up to today,
 * with the child's age shown under them. Before the script runs (or without it) a plain date
 * input does the same job.
 */
export function BirthDatePicker({ value, error, onChange }: BirthDatePickerProps) {
  const [enhanced, setEnhanced] = useState(false);
  const [parts, setParts] = useState<DateParts>(() => partsOf(value));
  const allowed = birthDateWindow(new Date());
  const age = exactAgeText(value);
  const ageText = age ? `Age today: ${age}` : undefined;
  const id = controlId(FIELD);

  useEffect(() => setEnhanced(true), []);

  // A value set from outside (a restored draft, a blank form) replaces the choices; a half-made choice stays.
  useEffect(() => {
    if (value !== dateOf(parts) && (value !== '' || dateOf(parts) !== '')) setParts(partsOf(value));
  }, [value]);

  if (!enhanced) {
    return (
      <FieldFrame name={FIELD} label={LABEL} error={error} hint={ageText}>
        {(control) => (
          <input
            {...control}
            className="field__input"
            type="date"
            min={allowed.earliest}
            max={allowed.latest}
            value={value}
            onChange={(event) => onChange(event.target.value)}
          />
        )}
      </FieldFrame>
    );
  }

  const { years, months, days } = choices(parts, allowed);
  const hintId = ageText ? `${id}-age` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;

  // The year comes first, so it is the field's control: the one the error summary links to.
  const partId = (part: keyof DateParts) => (part === 'year' ? id : `${id}-${part}`);

  const choose = (part: keyof DateParts, chosen: string) => {
    const next = fitted({ ...parts, [part]: chosen }, allowed);
    setParts(next);
    onChange(dateOf(next));
  };

  const select = (
    part: keyof DateParts,
    label: string,
    options: { value: string; label: string }[],
    first: boolean,
  ) => (
    <div>
      <label className="visually-hidden" htmlFor={partId(part)}>
        {label}
      </label>
      <select
        id={partId(part)}
        className={`field__input date-picker__select date-picker__select--${part}`}
        value={parts[part]}
        onChange={(event) => choose(part, event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        aria-required
        {...(first ? { 'data-field': FIELD } : {})}
      >
        <option value="">{label}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <fieldset className="field date-picker">
      <legend className="field__label">{LABEL}</legend>
      <div className="date-picker__parts">
        {select(
          'year',
          'Year',
          years.map((year) => ({ value: String(year), label: String(year) })),
          true,
        )}
        {select(
          'month',
          'Month',
          months.map((month) => ({ value: String(month), label: MONTH_NAMES[month - 1] ?? String(month) })),
          false,
        )}
        {select(
          'day',
          'Day',
          days.map((day) => ({ value: String(day), label: String(day) })),
          false,
        )}
      </div>
      <input type="hidden" name={FIELD} value={value} />
      {ageText ? (
        <p className="field__hint date-picker__age" id={hintId}>
          {ageText}
        </p>
      ) : null}
      {error ? <FieldError id={errorId} message={error} /> : null}
    </fieldset>
  );
}
