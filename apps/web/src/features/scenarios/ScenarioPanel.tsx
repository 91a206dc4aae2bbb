/**
 * The deal's scenarios (issue 28 §6): a table with one column per scenario, the base case first,
 * the best value of each row marked; "Show" puts a scenario's metrics on screen to edit; the
 * figures on screen can be kept as a new named scenario; the one on screen can be deleted. Showing
 * another scenario over edits not kept asks first, as leaving the page does.
 */
import {
  type AnalysisResponse,
  BASE_SCENARIO_NAME,
  compareScenarios,
  type Metrics,
  type RangeWidths,
  SCENARIO_MESSAGES,
  SCENARIO_NAME_MAX,
} from '@sfr/contracts';
import { type FormEvent, useCallback, useId, useMemo, useRef, useState } from 'react';
import { Dialog } from '../../ui/Dialog';
import { LeaveQuestion } from '../../ui/LeaveQuestion';
import { UNKEPT_EDITS } from '../../ui/text';
import { RenameScenario } from './RenameScenario';
import { ScenarioTable } from './ScenarioTable';
import { Section8Form } from './Section8Form';
import { scenarioColumns } from './scenario-columns';
import { SCENARIO_TEXT } from './scenario-text';
import './scenarios.css';

interface ScenarioPanelProps {
  /** the analysis as the server last answered (its metrics are the base case) */
  base: AnalysisResponse;
  /** the figures on screen */
  live: AnalysisResponse;
  /** which scenario is on screen: null for the base case */
  onScreenId: string | null;
  busy: boolean;
  /** the screen holds edits Update Metrics has not kept: Show asks before it replaces them */
  unkept: boolean;
  onShow: (scenarioId: string | null) => void;
  /** resolves true when the scenario was kept (the name field then empties) */
  onSaveAs: (name: string) => Promise<boolean>;
  onDelete: (scenarioId: string) => void;
  /** renames a scenario, its figures as kept; resolves with what is wrong with the name, or null */
  onRename: (scenarioId: string, name: string) => Promise<string | null>;
  /** keeps these metrics as the scenario of this name (a new one, or the one so named) */
  onKeep: (name: string, metrics: Metrics, rangeWidths: RangeWidths) => void;
  /** a form message about the name from the server (a name taken) */
  nameError: string | undefined;
}

export function ScenarioPanel({
  base,
  live,
  onScreenId,
  busy,
  unkept,
  onShow,
  onSaveAs,
  onDelete,
  onRename,
  onKeep,
  nameError,
}: ScenarioPanelProps) {
  const titleId = useId();
  const nameId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [name, setName] = useState('');
  // said as it is typed, not cut: a pasted name that lost its end unseen misnames the scenario (QA)
  const shownNameError = name.trim().length > SCENARIO_NAME_MAX ? SCENARIO_MESSAGES.nameTooLong : nameError;
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  // the scenario Show was pressed for while edits were not kept, until the user answers
  const [asking, setAsking] = useState<{ scenarioId: string | null } | null>(null);
  const columns = useMemo(() => scenarioColumns(base, live, onScreenId), [base, live, onScreenId]);
  // a scenario on screen (Section 8 once kept, say) is said plainly: what is typed next builds on it
  const onScreen = onScreenId === null ? null : (base.scenarios.find((s) => s.id === onScreenId) ?? null);

  // Show and Delete replace the button pressed (a shown scenario's column says "On screen"): the
  // keyboard's focus goes to the card's heading, not to the page's start
  const focusHeading = () => heading.current?.focus();
  const show = (scenarioId: string | null) => {
    if (unkept) {
      setAsking({ scenarioId });
      return;
    }
    onShow(scenarioId);
    focusHeading();
  };

  function showAnyway() {
    if (!asking) return;
    setAsking(null);
    onShow(asking.scenarioId);
    // after the dialog has handed the focus back to the Show button that is about to go
    requestAnimationFrame(focusHeading);
  }

  function confirmDelete() {
    setConfirmingDelete(false);
    if (onScreenId !== null) onDelete(onScreenId);
    // after the dialog has closed and handed the focus back to the button that is about to go
    requestAnimationFrame(focusHeading);
  }

  // Keep disables itself while the scenario is saved, which drops the focus to the page's start:
  // the heading takes it, and the status line below says the scenario is on screen (QA)
  const keep = useCallback<typeof onKeep>(
    (...args) => {
      onKeep(...args);
      heading.current?.focus();
    },
    [onKeep],
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (await onSaveAs(name)) setName('');
  }

  return (
    <section className="card results-block scenarios" aria-labelledby={titleId}>
      <h3 id={titleId} ref={heading} tabIndex={-1}>
        {SCENARIO_TEXT.title}
      </h3>
      <p className="scenarios-intro">{SCENARIO_TEXT.intro}</p>
      {columns.length > 1 ? (
        <>
          <ScenarioTable columns={columns} busy={busy} onShow={show} />
          <ScenarioComparisons columns={columns} />
        </>
      ) : null}
      <Section8Form base={base} busy={busy} onKeep={keep} />
      <p className="scenarios-on-screen" role="status">
        {onScreen ? (
          <>
            {SCENARIO_TEXT.onScreenNow(onScreen.name)}{' '}
            <button type="button" className="button-link" disabled={busy} onClick={() => show(null)}>
              {SCENARIO_TEXT.showBase}
            </button>
          </>
        ) : null}
      </p>
      <form className="scenarios-save" noValidate onSubmit={submit}>
        <label htmlFor={nameId}>{SCENARIO_TEXT.nameLabel}</label>
        <input
          id={nameId}
          type="text"
          autoComplete="off"
          value={name}
          aria-invalid={shownNameError ? true : undefined}
          aria-describedby={shownNameError ? `${nameId}-error` : undefined}
          onChange={(event) => setName(event.target.value)}
        />
        <button type="submit" className="button" disabled={busy}>
          {SCENARIO_TEXT.saveAs}
        </button>
        {shownNameError ? (
          <span id={`${nameId}-error`} className="field-error">
            {shownNameError}
          </span>
        ) : null}
      </form>
      {onScreen !== null ? (
        <div className="scenario-actions">
          <RenameScenario
            // a new scenario on screen starts the dialog from its own name
            key={onScreen.id}
            name={onScreen.name}
            busy={busy}
            onRename={(name) => onRename(onScreen.id, name)}
          />
          <button
            type="button"
            className="button-link scenario-delete"
            disabled={busy}
            onClick={() => setConfirmingDelete(true)}
          >
            {SCENARIO_TEXT.delete}
          </button>
        </div>
      ) : null}
      <LeaveQuestion
        open={asking !== null}
        words={UNKEPT_EDITS.showScenario}
        onStay={() => setAsking(null)}
        onLeave={showAnyway}
      />
      <Dialog
        open={confirmingDelete && onScreen !== null}
        title={SCENARIO_TEXT.deleteTitle}
        onClose={() => setConfirmingDelete(false)}
        actions={
          <>
            <button
              type="button"
              className="button button-outline"
              onClick={() => setConfirmingDelete(false)}
            >
              {SCENARIO_TEXT.cancel}
            </button>
            <button type="button" className="button button-danger" onClick={confirmDelete}>
              {SCENARIO_TEXT.deleteConfirm}
            </button>
          </>
        }
      >
        <p>{onScreen ? SCENARIO_TEXT.deleteBody(onScreen.name) : null}</p>
      </Dialog>
    </section>
  );
}

/** Which wins, each scenario against the base case, and by how much, in a sentence. */
function ScenarioComparisons({ columns }: { columns: ReturnType<typeof scenarioColumns> }) {
  const [baseCase, ...others] = columns;
  if (!baseCase) return null;
  return (
    <>
      <h4 className="scenarios-compared-title">{SCENARIO_TEXT.comparedTitle}</h4>
      <ul className="scenarios-compared">
        {others.map((column) => (
          <li key={column.id}>
            {
              compareScenarios(
                { name: column.name, analysis: column.analysis },
                { name: BASE_SCENARIO_NAME, analysis: baseCase.analysis },
              ).sentence
            }
          </li>
        ))}
      </ul>
    </>
  );
}
