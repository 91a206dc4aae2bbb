/**
 * "Leave without keeping your edits?": Stay first, then Leave (UNKEPT_EDITS' words). `words` asks
 * the same of another move that would lose them (showing another scenario).
 */
import { Dialog } from './Dialog';
import { UNKEPT_EDITS } from './text';

export function LeaveQuestion({
  open,
  onStay,
  onLeave,
  words = UNKEPT_EDITS,
}: {
  open: boolean;
  onStay: () => void;
  onLeave: () => void;
  words?: { title: string; body: string; leave: string };
}) {
  return (
    <Dialog
      open={open}
      title={words.title}
      onClose={onStay}
      actions={
        <>
          <button type="button" className="button button-primary" onClick={onStay}>
            {UNKEPT_EDITS.stay}
          </button>
          <button type="button" className="button button-outline" onClick={onLeave}>
            {words.leave}
          </button>
        </>
      }
    >
      <p>{words.body}</p>
    </Dialog>
  );
}
