/**
 * The analyzer's two popups (product spec §2): 'Analyzer Access' for a guest who submits, and
 * 'Out of Free Searches' (with the API's message) for a user with none left.
 */

import { Link } from '@tanstack/react-router';
import { Dialog } from '../../ui/Dialog';
import { POPUPS } from '../../ui/text';

export type AnalyzerPopup = { kind: 'access' } | { kind: 'out-of-searches'; message: string } | null;

export function AnalyzerPopups({ popup, onClose }: { popup: AnalyzerPopup; onClose: () => void }) {
  const access = POPUPS.analyzerAccess;
  const outOfSearches = POPUPS.outOfFreeSearches;
  return (
    <>
      <Dialog
        open={popup?.kind === 'access'}
        title={access.title}
        onClose={onClose}
        actions={
          <>
            <Link to="/login" className="button button-primary" onClick={onClose}>
              {access.login}
            </Link>
            <Link to="/signup" className="button button-outline" onClick={onClose}>
              {access.signUp}
            </Link>
          </>
        }
      >
        <p>{access.body}</p>
      </Dialog>
      <Dialog
        open={popup?.kind === 'out-of-searches'}
        title={outOfSearches.title}
        onClose={onClose}
        actions={
          <Link to="/profile" className="button button-primary" onClick={onClose}>
            {outOfSearches.subscribeNow}
          </Link>
        }
      >
        <p>{popup?.kind === 'out-of-searches' ? popup.message : null}</p>
      </Dialog>
    </>
  );
}
