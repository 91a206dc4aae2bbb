/**
 * Renames the scenario on screen (QA: a typo in a name meant deleting the scenario and building it
 * again): a dialog with the name, kept with the scenario's stored figures, not the edits on screen.
 */
import { type FormEvent, useId, useState } from 'react';
import { Dialog } from '../../ui/Dialog';
import { TextField } from '../../ui/forms/FormField';
import { SCENARIO_TEXT } from './scenario-text';

export interface RenameScenarioProps {
  name: string;
  busy: boolean;
  /** resolves with what is wrong with the name, or null once it is kept */
  onRename: (name: string) => Promise<string | null>;
}

export function RenameScenario({ name, busy, onRename }: RenameScenarioProps) {
  const formId = useId();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState(name);
  const [error, setError] = useState<string>();

  function start() {
    setTyped(name);
    setError(undefined);
    setOpen(true);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const refused = await onRename(typed);
    if (refused !== null) {
      setError(refused);
      return;
    }
    // the dialog hands the focus back to the Rename button, which stays
    setOpen(false);
  }

  return (
    <>
      <button type="button" className="button-link scenario-rename" disabled={busy} onClick={start}>
        {SCENARIO_TEXT.rename}
      </button>
      <Dialog
        open={open}
        title={SCENARIO_TEXT.renameTitle}
        onClose={() => setOpen(false)}
        actions={
          <>
            <button type="button" className="button button-outline" onClick={() => setOpen(false)}>
              {SCENARIO_TEXT.cancel}
            </button>
            <button type="submit" form={formId} className="button" aria-disabled={busy || undefined}>
              {SCENARIO_TEXT.renameConfirm}
            </button>
          </>
        }
      >
        <form id={formId} noValidate onSubmit={submit}>
          <TextField
            id={`${formId}-name`}
            label={SCENARIO_TEXT.nameLabel}
            name="scenario-name"
            autoComplete="off"
            value={typed}
            error={error}
            onChange={(event) => setTyped(event.target.value)}
          />
        </form>
      </Dialog>
    </>
  );
}
