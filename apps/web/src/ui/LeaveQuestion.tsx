/** "Leave without keeping your edits?": Stay first, then Leave (UNKEPT_EDITS' words). */
import { Dialog } from './Dialog';
import { UNKEPT_EDITS } from './text';

export function LeaveQuestion({
  open,
  onStay,
  onLeave,
}: {
  open: boolean;
  onStay: () => void;
  onLeave: () => void;
}) {
  return (
    <Dialog
      open={open}
      title={UNKEPT_EDITS.title}
      onClose={onStay}
      actions={
        <>
          <button type="button" className="button button-primary" onClick={onStay}>
            {UNKEPT_EDITS.stay}
          </button>
          <button type="button" className="button button-outline" onClick={onLeave}>
            {UNKEPT_EDITS.leave}
          </button>
        </>
      }
    >
      <p>{UNKEPT_EDITS.body}</p>
    </Dialog>
  );
}
