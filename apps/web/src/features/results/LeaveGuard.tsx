/**
 * Asks before an edit is lost: while the results hold something typed that Update Metrics or Save
 * has not kept, leaving the workspace (another page, another analysis, Back, closing the tab)
 * waits for the user's answer. The app's own moves that mean to replace the workspace (a new
 * analysis from Analyze) pass by with `ignoreBlocker`.
 */
import { useBlocker } from '@tanstack/react-router';
import { memo } from 'react';
import { Dialog } from '../../ui/Dialog';
import { UNKEPT_EDITS } from '../../ui/text';
import { leavesWorkspace } from '../analyzer/workspace-memory';

export const LeaveGuard = memo(function LeaveGuard({ unkept }: { unkept: boolean }) {
  const blocker = useBlocker({ shouldBlockFn: leavesWorkspace, disabled: !unkept, withResolver: true });
  const blocked = blocker.status === 'blocked';
  return (
    <Dialog
      open={blocked}
      title={UNKEPT_EDITS.title}
      onClose={() => blocker.reset?.()}
      actions={
        <>
          <button type="button" className="button button-primary" onClick={() => blocker.reset?.()}>
            {UNKEPT_EDITS.stay}
          </button>
          <button type="button" className="button button-outline" onClick={() => blocker.proceed?.()}>
            {UNKEPT_EDITS.leave}
          </button>
        </>
      }
    >
      <p>{UNKEPT_EDITS.body}</p>
    </Dialog>
  );
});
