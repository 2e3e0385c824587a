import { useEffect, useId, useState } from 'react';
import {
  admissionStages,
  isClosingStage,
  STAGE_REASON_MAX,
  stageHints,
  stageLabels,
  stageMoveSchema,
  type AdmissionStage,
} from '#shared/admissions/stages.ts';
import type { EnquiryView } from '#client/features/admin/common/enquiryView.ts';
import { useStageMove } from './useStageMove';

type StageMoverProps = {
  view: EnquiryView & { stage: AdmissionStage };
  /** After a move is saved and shown (the board moves focus to the card's new column). */
  onMoved?: (stage: AdmissionStage) => void;
};

const optionText = (stage: AdmissionStage) =>
  stageHints[stage] ? `${stageLabels[stage]} (${stageHints[stage]})` : stageLabels[stage];

/**
 * Moves one admission enquiry to another stage, with the keyboard as with a pointer: choose the
 * stage, then "Move to ..." (choosing alone moves nothing, so arrowing through the list is safe).
 * A closing stage asks why, and the reason is checked with the server's own schema.
 */
export function StageMover({ view, onMoved }: StageMoverProps) {
  const id = useId();
  const [chosen, setChosen] = useState<AdmissionStage>(view.stage);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const move = useStageMove(view.name, onMoved);
  useEffect(() => setChosen(view.stage), [view.stage]);
  const changed = chosen !== view.stage;
  const asksWhy = changed && isClosingStage(chosen);

  function submit() {
    if (move.isPending) return;
    const parsed = stageMoveSchema.safeParse({ id: view.id, stage: chosen, reason: asksWhy ? reason : undefined });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    move.mutate(parsed.data, { onSuccess: () => setReason('') });
  }

  return (
    // A group, not a form: a board holds many, and a named form is a landmark each.
    <div className="stage-mover">
      <label className="stage-mover__label" htmlFor={`${id}-stage`}>
        Stage<span className="visually-hidden"> of {view.name}</span>
      </label>
      <select
        id={`${id}-stage`}
        className="field__input stage-mover__select"
        value={chosen}
        onChange={(event) => setChosen(event.target.value as AdmissionStage)}
      >
        {admissionStages.map((stage) => (
          <option key={stage} value={stage}>
            {optionText(stage)}
          </option>
        ))}
      </select>
      {!changed && view.stageReason && <p className="stage-mover__reason">Reason: {view.stageReason}</p>}
      {asksWhy && (
        <>
          <label className="stage-mover__label" htmlFor={`${id}-reason`}>
            Why is {view.name} {stageLabels[chosen].toLowerCase()}?
          </label>
          <textarea
            id={`${id}-reason`}
            className="field__input stage-mover__reason-input"
            rows={2}
            maxLength={STAGE_REASON_MAX}
            value={reason}
            aria-invalid={error !== undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => setReason(event.target.value)}
          />
        </>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
      {changed && (
        <button
          type="button"
          className="button button--primary admin-small-button"
          aria-disabled={move.isPending || undefined}
          onClick={submit}
        >
          {move.isPending ? 'Moving...' : `Move to ${stageLabels[chosen]}`}
        </button>
      )}
    </div>
  );
}

/** The stage control of an enquiry card or opened row: admission enquiries only. */
export function EnquiryStage({ view }: { view: EnquiryView }) {
  return view.stage ? <StageMover view={{ ...view, stage: view.stage }} /> : null;
}
