import { format, getDaysInMonth } from 'date-fns';
import { useEffect, useId, useState } from 'react';
import { birthDateWindow, childAgeText, parseCalendarDate } from '../../../shared/enquiries/birthDate';
import { FieldError, FieldFrame } from '../enquiry/fields';

type Parts = { year: string; month: string; day: string };
type DateWindow = { earliest: string; latest: string };

const emptyParts: Parts = { year: '', month: '', day: '' };
const LABEL = 'Date of Birth';
const FIELD = 'birthDate';
const monthNames = Array.from({ length: 12 }, (_, index) => format(new Date(2000, index, 1), 'MMMM'));

const pad = (value: number) => String(value).padStart(2, '0');
const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from + 1) }, (_, index) => from + index);

function partsOf(value: string): Parts {
  if (!parseCalendarDate(value)) return emptyParts;
  const [year = '', month = '', day = ''] = value.split('-');
  return { year, month: String(Number(month)), day: String(Number(day)) };
}

function dateOf({ year, month, day }: Parts): string {
  if (!year || !month || !day) return '';
  const value = `${year}-${pad(Number(month))}-${pad(Number(day))}`;
  return parseCalendarDate(value) ? value : '';
}

/** The choices left open by the 16-year window: months of the chosen year, days of the chosen month. */
function choices(parts: Parts, allowed: DateWindow) {
  const [earliestYear, earliestMonth, earliestDay] = allowed.earliest.split('-').map(Number) as [number, number, number];
  const [latestYear, latestMonth, latestDay] = allowed.latest.split('-').map(Number) as [number, number, number];
  const year = Number(parts.year) || undefined;
  const month = Number(parts.month) || undefined;
  const years = range(earliestYear, latestYear).reverse();
  const months = range(year === earliestYear ? earliestMonth : 1, year === latestYear ? latestMonth : 12);
  // Before a year is chosen, February may have 29 days.
  const daysInMonth = month ? getDaysInMonth(new Date(year ?? 2024, month - 1, 1)) : 31;
  const days = range(
    year === earliestYear && month === earliestMonth ? earliestDay : 1,
    year === latestYear && month === latestMonth ? Math.min(latestDay, daysInMonth) : daysInMonth,
  );
  return { years, months, days };
}

/** Drops a month or day that the newly chosen year or month no longer allows. */
function fitted(parts: Parts, allowed: DateWindow): Parts {
  const month = parts.month && choices(parts, allowed).months.includes(Number(parts.month)) ? parts.month : '';
  const day = parts.day && choices({ ...parts, month }, allowed).days.includes(Number(parts.day)) ? parts.day : '';
  return { year: parts.year, month, day };
}

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
  const [parts, setParts] = useState<Parts>(() => partsOf(value));
  const allowed = birthDateWindow(new Date());
  const age = childAgeText(value);
  const ageText = age ? `Age today: ${age}` : undefined;
  const id = useId();

  useEffect(() => setEnhanced(true), []);

  // A value set from outside (a restored draft, a blank form) replaces the choices; a half-made choice stays.
  useEffect(() => {
    if (value !== dateOf(parts) && (value !== '' || dateOf(parts) !== '')) setParts(partsOf(value));
  }, [value]);

  if (!enhanced) {
    return (
      <FieldFrame name={FIELD} label={LABEL} error={error} hint={ageText}>
        {(control) => (
          <input {...control} className="field__input" type="date" min={allowed.earliest} max={allowed.latest} value={value} onChange={(event) => onChange(event.target.value)} />
        )}
      </FieldFrame>
    );
  }

  const { years, months, days } = choices(parts, allowed);
  const hintId = ageText ? `${id}-age` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;

  const choose = (part: keyof Parts, chosen: string) => {
    const next = fitted({ ...parts, [part]: chosen }, allowed);
    setParts(next);
    onChange(dateOf(next));
  };

  const select = (part: keyof Parts, label: string, options: { value: string; label: string }[], first: boolean) => (
    <div className="date-picker__part">
      <label className="date-picker__label" htmlFor={`${id}-${part}`}>
        {label}
      </label>
      <select
        id={`${id}-${part}`}
        className={`field__input date-picker__select date-picker__select--${part}`}
        value={parts[part]}
        onChange={(event) => choose(part, event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        aria-required
        {...(first ? { 'data-field': FIELD } : {})}
      >
        <option value="">Select</option>
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
        {select('year', 'Year', years.map((year) => ({ value: String(year), label: String(year) })), true)}
        {select('month', 'Month', months.map((month) => ({ value: String(month), label: monthNames[month - 1] ?? String(month) })), false)}
        {select('day', 'Day', days.map((day) => ({ value: String(day), label: String(day) })), false)}
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
