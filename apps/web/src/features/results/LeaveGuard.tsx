/**
 * Asks before an edit is lost: while the results hold something typed that Update Metrics or Save
 * has not kept, leaving the workspace (another page, another analysis, Back, closing the tab)
 * waits for the user's answer, and so does Sign Out (`markUnkeptWork`). The app's own moves that
 * mean to replace the workspace (a new analysis from Analyze) pass by with `ignoreBlocker`.
 */
import { useBlocker } from '@tanstack/react-router';
import { memo, useEffect } from 'react';
import { LeaveQuestion } from '../../ui/LeaveQuestion';
import { markUnkeptWork } from '../../ui/unkept-work';
import { leavesWorkspace } from '../analyzer/workspace-memory';

export const LeaveGuard = memo(function LeaveGuard({ unkept }: { unkept: boolean }) {
  const blocker = useBlocker({ shouldBlockFn: leavesWorkspace, disabled: !unkept, withResolver: true });
  useEffect(() => {
    markUnkeptWork(unkept);
    return () => markUnkeptWork(false);
  }, [unkept]);
  return (
    <LeaveQuestion
      open={blocker.status === 'blocked'}
      onStay={() => blocker.reset?.()}
      onLeave={() => blocker.proceed?.()}
    />
  );
});
