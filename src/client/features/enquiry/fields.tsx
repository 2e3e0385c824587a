import { useId, type ReactNode } from 'react';
import { countryCodes } from '#content/countryCodes.ts';
import { callTimes, HONEYPOT_FIELD } from '#shared/enquiries/formFields.ts';
import { FieldError } from '#client/ui/FieldError.tsx';

/**
 * The id of the control that takes a field's answer: the target of the error summary's link to
 * it, so the same in the page the server renders and in the browser. One form per page.
 */
export const controlId = (field: string) => `field-${field}`;

/** What a control needs to be tied to its label, hint and message. */
export type ControlProps = {
  id: string;
  name: string;
  'data-field': string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  'aria-required': true | undefined;
};

type FieldFrameProps = {
  name: string;
  label: string;
  error: string | undefined;
  hint?: ReactNode;
  /** A hint that comes and goes with the person's choices, so it is announced when it appears. */
  liveHint?: boolean;
  optional?: boolean;
  children: (control: ControlProps) => ReactNode;
};

/** A labelled field: label, control, optional hint, and the message tied to the control. */
export function FieldFrame({
  name,
  label,
  error,
  hint,
  liveHint = false,
  optional = false,
  children,
}: FieldFrameProps) {
  const id = controlId(name);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  const hintText = hint ? (
    <p className="field__hint" id={hintId}>
      {hint}
    </p>
  ) : null;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
        {optional ? <span className="field__optional"> (optional)</span> : null}
      </label>
      {children({
        id,
        name,
        'data-field': name,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
        'aria-required': optional ? undefined : true,
      })}
      {liveHint ? <div aria-live="polite">{hintText}</div> : hintText}
      {error ? <FieldError id={errorId} message={error} /> : null}
    </div>
  );
}

type TextFieldProps = {
  name: string;
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  type?: 'text' | 'email';
  autoComplete: string;
  maxLength?: number;
  optional?: boolean;
};

export function TextField({
  name,
  label,
  value,
  error,
  onChange,
  type = 'text',
  autoComplete,
  maxLength,
  optional,
}: TextFieldProps) {
  return (
    <FieldFrame name={name} label={label} error={error} optional={optional ?? false}>
      {(control) => (
        <input
          {...control}
          className="field__input"
          type={type}
          value={value}
          autoComplete={autoComplete}
          maxLength={maxLength}
          onChange={(event) => onChange(event.target.value)}
          {...(type === 'email' ? { inputMode: 'email' as const, autoCapitalize: 'off', spellCheck: false } : {})}
        />
      )}
    </FieldFrame>
  );
}

type TextAreaFieldProps = {
  name: string;
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  maxLength: number;
  optional?: boolean;
  rows?: number;
};

export function TextAreaField({
  name,
  label,
  value,
  error,
  onChange,
  maxLength,
  optional,
  rows = 5,
}: TextAreaFieldProps) {
  return (
    <FieldFrame name={name} label={label} error={error} optional={optional ?? false}>
      {(control) => (
        <textarea
          {...control}
          className="field__input"
          rows={rows}
          value={value}
          maxLength={maxLength}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FieldFrame>
  );
}

type CheckboxFieldProps = {
  name: string;
  label: string;
  /** What the box sends when ticked (a form post sends nothing when it is not). */
  checkedValue: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
};

/** A required box to tick, its label beside it and its message below; the browser holds '' or checkedValue. */
export function CheckboxField({ name, label, checkedValue, value, error, onChange }: CheckboxFieldProps) {
  const id = controlId(name);
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="field field--checkbox">
      <div className="field__check">
        <input
          id={id}
          name={name}
          data-field={name}
          type="checkbox"
          className="field__checkbox"
          value={checkedValue}
          checked={value === checkedValue}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          aria-required
          onChange={(event) => onChange(event.target.checked ? checkedValue : '')}
        />
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
      </div>
      {error ? <FieldError id={errorId} message={error} /> : null}
    </div>
  );
}

type SelectFieldProps = {
  name: string;
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  /** A first, empty choice such as 'Select a program'. */
  placeholder?: string;
  optional?: boolean;
  /** Advice on the choice made, announced when it appears. */
  hint?: string | undefined;
};

export function SelectField({
  name,
  label,
  value,
  error,
  onChange,
  options,
  placeholder,
  optional,
  hint,
}: SelectFieldProps) {
  return (
    <FieldFrame name={name} label={label} error={error} optional={optional ?? false} hint={hint} liveHint>
      {(control) => (
        <select {...control} className="field__input" value={value} onChange={(event) => onChange(event.target.value)}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

type PhoneFieldProps = {
  countryCode: string;
  phone: string;
  countryCodeError: string | undefined;
  phoneError: string | undefined;
  onCountryCodeChange: (value: string) => void;
  onPhoneChange: (value: string) => void;
};

/** The country-code choice and the digits, under one label, as the spec's phone number. */
export function PhoneField({
  countryCode,
  phone,
  countryCodeError,
  phoneError,
  onCountryCodeChange,
  onPhoneChange,
}: PhoneFieldProps) {
  const codeId = controlId('countryCode');
  const codeErrorId = `${codeId}-error`;
  return (
    <FieldFrame
      name="phone"
      label="Phone Number"
      error={phoneError}
      hint="Digits only, without the country code or a 0 in front"
    >
      {(control) => (
        <div className="phone-input">
          <select
            id={codeId}
            name="countryCode"
            data-field="countryCode"
            className="field__input phone-input__code"
            aria-label="Country code"
            aria-invalid={countryCodeError ? true : undefined}
            aria-describedby={countryCodeError ? codeErrorId : undefined}
            value={countryCode}
            onChange={(event) => onCountryCodeChange(event.target.value)}
          >
            {countryCodes.map((option) => (
              <option key={option.code} value={option.code}>
                {option.code} {option.label}
              </option>
            ))}
          </select>
          {/* The number without its country code is autofill's tel-national, which HTML allows on a
              text input only (type="tel" takes the whole number); inputMode keeps the digit keypad. */}
          <input
            {...control}
            className="field__input phone-input__digits"
            type="text"
            inputMode="numeric"
            autoComplete="tel-national"
            maxLength={14}
            value={phone}
            onChange={(event) => onPhoneChange(event.target.value)}
          />
          {countryCodeError ? <FieldError id={codeErrorId} message={countryCodeError} /> : null}
        </div>
      )}
    </FieldFrame>
  );
}

/**
 * The hidden parts of every enquiry: the honeypot (people never see or reach it; bots fill it)
 * and, once the browser has made it, the idempotency key for a post without the script's help.
 */
export function EnvelopeInputs({ idempotencyKey }: { idempotencyKey: string | undefined }) {
  const honeypotId = `${useId()}${HONEYPOT_FIELD}`;
  return (
    <>
      <div className="enquiry-honeypot" aria-hidden="true">
        <label htmlFor={honeypotId}>Leave this field empty</label>
        <input id={honeypotId} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      {idempotencyKey ? <input type="hidden" name="idempotencyKey" value={idempotencyKey} /> : null}
    </>
  );
}

/** The parent's preferred time to be called back, asked the same way on both forms; optional. */
export function PreferredCallTimeField({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <SelectField
      name="preferredCallTime"
      label="Best Time to Call You"
      optional
      placeholder="No preference"
      options={callTimes}
      value={value}
      error={error}
      onChange={onChange}
    />
  );
}
