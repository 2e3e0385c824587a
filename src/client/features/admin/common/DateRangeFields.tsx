type DateRangeFieldsProps = {
  /** Prefix of the inputs' ids; the error message, when there is one, is `${id}-error`. */
  id: string;
  labels: { from: string; to: string };
  from: string;
  to: string;
  onFrom: (value: string) => void;
  onTo: (value: string) => void;
  /** Set when the range cannot be applied: the end field is marked and described by the message. */
  invalid: boolean;
};

/** Two date inputs of a filter bar, each limiting the other so the start cannot pass the end. */
export function DateRangeFields({ id, labels, from, to, onFrom, onTo, invalid }: DateRangeFieldsProps) {
  return (
    <>
      <div className="filters__field">
        <label htmlFor={`${id}-from`}>{labels.from}</label>
        <input
          id={`${id}-from`}
          className="field__input"
          type="date"
          value={from}
          max={to || undefined}
          onChange={(event) => onFrom(event.target.value)}
        />
      </div>
      <div className="filters__field">
        <label htmlFor={`${id}-to`}>{labels.to}</label>
        <input
          id={`${id}-to`}
          className="field__input"
          type="date"
          value={to}
          min={from || undefined}
          onChange={(event) => onTo(event.target.value)}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={invalid ? `${id}-error` : undefined}
        />
      </div>
    </>
  );
}
