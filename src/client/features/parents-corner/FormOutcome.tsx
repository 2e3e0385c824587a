/** What a form's last try came to: a refusal, or what was done. */
export type Outcome = { error: string } | { done: string } | undefined;

/**
 * The two live regions an account form keeps from its first drawing (an alert made with its words
 * is not announced by every screen reader, decision 0013): the refusal, and what was done.
 */
export function FormOutcome({ outcome }: { outcome: Outcome }) {
  return (
    <>
      <div className="portal-login__error" role="alert">
        {outcome && 'error' in outcome ? <p>{outcome.error}</p> : null}
      </div>
      <div className="portal-account__done" role="status">
        {outcome && 'done' in outcome ? <p>{outcome.done}</p> : null}
      </div>
    </>
  );
}
