import { useId, useState, type FormEvent } from 'react';
import { noticeMailChoices, noticeMailLabels, type NoticeMailChoice } from '#shared/parents/parentMessages.ts';
import { refusalText } from './parentRequests';
import { FormOutcome, type Outcome } from './FormOutcome';
import { portalRequests } from './portalRequests';
import { portalTexts } from './texts';

const texts = portalTexts.account;

/** The guardian's own choice of notice emails: one for each notice, or one on Friday afternoons. */
export function NoticeMailForm({
  noticeMail,
  onSaved,
  ended,
}: {
  noticeMail: NoticeMailChoice;
  onSaved: (choice: NoticeMailChoice) => void;
  /** Whether a refusal ended the session (then the page has gone back to the login form). */
  ended: (refused: unknown) => boolean;
}) {
  const id = useId();
  const [choice, setChoice] = useState(noticeMail);
  const [outcome, setOutcome] = useState<Outcome>(undefined);
  const [sending, setSending] = useState(false);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSending(true);
    setOutcome(undefined);
    try {
      const { message } = await portalRequests.chooseNoticeMail({ noticeMail: choice });
      onSaved(choice);
      setOutcome({ done: message });
    } catch (refused) {
      if (!ended(refused)) setOutcome({ error: refusalText(refused, portalTexts.unreachable) });
    } finally {
      setSending(false);
    }
  }

  return (
    <section className="portal__panel card" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>{texts.noticeMailHeading}</h3>
      <form aria-labelledby={`${id}-heading`} onSubmit={save}>
        <FormOutcome outcome={outcome} />
        <fieldset className="portal-account__choice">
          <legend className="field__label">{texts.noticeMailLegend}</legend>
          {noticeMailChoices.map((each) => (
            <label key={each} className="portal-account__radio">
              <input
                type="radio"
                name="noticeMail"
                value={each}
                checked={choice === each}
                onChange={() => setChoice(each)}
              />{' '}
              {noticeMailLabels[each]}
            </label>
          ))}
        </fieldset>
        <button type="submit" className="button button--primary" disabled={sending}>
          {texts.noticeMailSave}
        </button>
      </form>
    </section>
  );
}
