/** On a wide screen the Admission Form tab shows as the list or as the board by stage: two toggle buttons. */
export function StageViewSwitch({ byStage, onChange }: { byStage: boolean; onChange: (byStage: boolean) => void }) {
  return (
    <div className="stage-view-switch" role="group" aria-label="Show admission enquiries as">
      <button
        type="button"
        className="button button--outline admin-small-button"
        aria-pressed={!byStage}
        onClick={() => onChange(false)}
      >
        List
      </button>
      <button
        type="button"
        className="button button--outline admin-small-button"
        aria-pressed={byStage}
        onClick={() => onChange(true)}
      >
        Board by stage
      </button>
    </div>
  );
}
