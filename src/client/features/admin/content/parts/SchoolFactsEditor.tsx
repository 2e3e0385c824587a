import { Fragment, useId, useRef, type ReactNode } from 'react';
import { useFocusAfterRender } from '#client/features/admin/common/useFocusAfterRender.ts';
import { weekdays, type Weekday } from '#content/schoolFacts.ts';
import {
  labelledHours,
  officeHoursRowSchema,
  phoneRoles,
  schoolFactsHints,
  schoolFactsLabels,
} from '#shared/content/schoolFacts.ts';
import { withKey } from '#shared/content/parts/part.ts';
import type { HoursEntry, SchoolFactsForm } from '#shared/content/parts/schoolFacts.ts';
import { siteContentParts } from '#shared/content/siteContent.ts';
import { FieldError } from '#client/ui/FieldError.tsx';
import type { PartEditorProps } from '../ContentItemControls';

type AddressPart = Exclude<keyof SchoolFactsForm['address'], 'lines'>;
const addressParts: AddressPart[] = ['streetAddress', 'locality', 'city', 'region', 'postalCode'];

/**
 * The school facts in the Site content form (decision 0032): the two phones with what each is
 * for, the email, the postal address as printed and in parts, and the office hours as rows of
 * days and times, each row showing the label the site will print.
 */
export function SchoolFactsEditor({ value, errors, onChange }: PartEditorProps<'schoolFacts'>) {
  const id = useId();
  const addButton = useRef<HTMLButtonElement>(null);
  const focusAfterRender = useFocusAfterRender();

  const domId = (path: string) => `${id}-${path.replaceAll('.', '-')}`;
  const errorOf = (path: string) => errors[`schoolFacts.${path}`];
  /** aria-describedby for a control: its hint, then its message. */
  const describedBy = (path: string, hint: boolean) =>
    [hint ? `${domId(path)}-hint` : '', errorOf(path) ? `${domId(path)}-error` : ''].filter(Boolean).join(' ') ||
    undefined;

  const field = (
    path: string,
    label: string,
    control: (props: {
      id: string;
      className: string;
      'aria-invalid'?: true;
      'aria-describedby'?: string;
    }) => ReactNode,
    hint?: string,
  ) => (
    <div className="field">
      <label className="field__label" htmlFor={domId(path)}>
        {label}
      </label>
      {hint ? (
        <p className="field__hint" id={`${domId(path)}-hint`}>
          {hint}
        </p>
      ) : null}
      {control({
        id: domId(path),
        className: 'field__input',
        'aria-invalid': errorOf(path) ? true : undefined,
        'aria-describedby': describedBy(path, Boolean(hint)),
      })}
      {errorOf(path) ? <FieldError id={`${domId(path)}-error`} message={errorOf(path) ?? ''} /> : null}
    </div>
  );

  const setPhone = (index: 0 | 1, part: 'label' | 'display', text: string) => {
    const phones: SchoolFactsForm['phones'] = [{ ...value.phones[0] }, { ...value.phones[1] }];
    phones[index][part] = text;
    onChange({ ...value, phones });
  };
  const setAddress = (part: keyof SchoolFactsForm['address'], text: string) =>
    onChange({ ...value, address: { ...value.address, [part]: text } });
  const setHours = (key: number, change: Partial<HoursEntry>) =>
    onChange({
      ...value,
      officeHours: value.officeHours.map((row) => (row.key === key ? { ...row, ...change } : row)),
    });
  const toggleDay = (row: HoursEntry, day: Weekday, ticked: boolean) =>
    setHours(row.key, {
      days: ticked
        ? weekdays.filter((candidate) => candidate === day || row.days.includes(candidate))
        : row.days.filter((candidate) => candidate !== day),
    });
  const removeHours = (key: number) => {
    onChange({ ...value, officeHours: value.officeHours.filter((row) => row.key !== key) });
    addButton.current?.focus();
  };
  const addHours = () => {
    const row: HoursEntry = withKey({ days: [], opens: '', closes: '' });
    onChange({ ...value, officeHours: [...value.officeHours, row] });
    focusAfterRender(`${id}-${row.key}-${weekdays[0]}`);
  };

  /** What the site will print for a row, once the row reads. */
  const shownAs = (row: HoursEntry) => {
    const parsed = officeHoursRowSchema.safeParse(row);
    return parsed.success ? labelledHours(parsed.data).label : undefined;
  };

  const hoursRow = (row: HoursEntry, index: number) => {
    const daysPath = `officeHours.${index}.days`;
    const label = shownAs(row);
    return (
      <fieldset key={row.key} className="site-content__item">
        <legend>
          {schoolFactsLabels.hoursRow} {index + 1}
        </legend>
        <fieldset
          className="school-facts__days"
          aria-describedby={errorOf(daysPath) ? `${domId(daysPath)}-error` : undefined}
        >
          <legend className="field__label">
            {schoolFactsLabels.days}
            {/* Each group's name its own: "Days, hours 2". */}
            <span className="visually-hidden">
              , {schoolFactsLabels.hoursRow.toLowerCase()} {index + 1}
            </span>
          </legend>
          {weekdays.map((day) => (
            <div key={day} className="field__check">
              <input
                id={`${id}-${row.key}-${day}`}
                type="checkbox"
                className="field__checkbox"
                checked={row.days.includes(day)}
                aria-invalid={errorOf(daysPath) ? true : undefined}
                onChange={(event) => toggleDay(row, day, event.target.checked)}
              />
              <label htmlFor={`${id}-${row.key}-${day}`}>{day}</label>
            </div>
          ))}
        </fieldset>
        {errorOf(daysPath) ? <FieldError id={`${domId(daysPath)}-error`} message={errorOf(daysPath) ?? ''} /> : null}
        <div className="site-content__dates">
          {field(`officeHours.${index}.opens`, schoolFactsLabels.opens, (props) => (
            <input
              {...props}
              type="time"
              value={row.opens}
              onChange={(event) => setHours(row.key, { opens: event.target.value })}
            />
          ))}
          {field(`officeHours.${index}.closes`, schoolFactsLabels.closes, (props) => (
            <input
              {...props}
              type="time"
              value={row.closes}
              onChange={(event) => setHours(row.key, { closes: event.target.value })}
            />
          ))}
        </div>
        {label ? (
          <p className="field__hint">
            {schoolFactsLabels.shownAs} {label}
          </p>
        ) : null}
        <button
          type="button"
          className="button button--outline admin-small-button"
          onClick={() => removeHours(row.key)}
        >
          Remove
          <span className="visually-hidden">
            {' '}
            {label ?? `${schoolFactsLabels.hoursRow.toLowerCase()} ${index + 1}`}
          </span>
        </button>
      </fieldset>
    );
  };

  const hoursError = errorOf('officeHours');
  return (
    <fieldset className="site-content__group" aria-describedby={`${id}-intro`}>
      <legend>{siteContentParts.schoolFacts}</legend>
      <p className="field__hint" id={`${id}-intro`}>
        {schoolFactsLabels.intro}
      </p>
      {([0, 1] as const).map((index) => (
        <fieldset key={index} className="site-content__item" aria-describedby={`${id}-phone-${index}-role`}>
          <legend>{phoneRoles[index].legend}</legend>
          <p className="field__hint" id={`${id}-phone-${index}-role`}>
            {phoneRoles[index].hint}
          </p>
          {field(`phones.${index}.label`, schoolFactsLabels.phoneLabel, (props) => (
            <input
              {...props}
              value={value.phones[index].label}
              onChange={(event) => setPhone(index, 'label', event.target.value)}
            />
          ))}
          {field(
            `phones.${index}.display`,
            schoolFactsLabels.phoneDisplay,
            (props) => (
              <input
                {...props}
                type="tel"
                autoComplete="off"
                value={value.phones[index].display}
                onChange={(event) => setPhone(index, 'display', event.target.value)}
              />
            ),
            schoolFactsHints.phoneDisplay,
          )}
        </fieldset>
      ))}
      <div className="site-content__item">
        {field('email', schoolFactsLabels.email, (props) => (
          <input
            {...props}
            type="email"
            autoComplete="off"
            value={value.email}
            onChange={(event) => onChange({ ...value, email: event.target.value })}
          />
        ))}
      </div>
      <fieldset className="site-content__item">
        <legend>{schoolFactsLabels.address}</legend>
        {field(
          'address.lines',
          schoolFactsLabels.addressLines,
          (props) => (
            <textarea
              {...props}
              rows={4}
              value={value.address.lines}
              onChange={(event) => setAddress('lines', event.target.value)}
            />
          ),
          schoolFactsHints.addressLines,
        )}
        <p className="field__hint">{schoolFactsHints.addressParts}</p>
        {addressParts.map((part) => (
          <Fragment key={part}>
            {field(`address.${part}`, schoolFactsLabels[part], (props) => (
              <input
                {...props}
                inputMode={part === 'postalCode' ? 'numeric' : undefined}
                value={value.address[part]}
                onChange={(event) => setAddress(part, event.target.value)}
              />
            ))}
          </Fragment>
        ))}
      </fieldset>
      <fieldset className="site-content__item" aria-describedby={`${id}-hours-hint`}>
        <legend>{schoolFactsLabels.officeHours}</legend>
        <p className="field__hint" id={`${id}-hours-hint`}>
          {schoolFactsHints.officeHours}
        </p>
        {value.officeHours.map(hoursRow)}
        {hoursError ? <FieldError id={`${id}-hours-error`} message={hoursError} /> : null}
        <button
          ref={addButton}
          type="button"
          className="button button--outline"
          onClick={addHours}
          aria-describedby={hoursError ? `${id}-hours-error` : undefined}
        >
          {schoolFactsLabels.addHours}
        </button>
      </fieldset>
    </fieldset>
  );
}
