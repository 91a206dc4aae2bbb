/**
 * The report and share controls of one saved property's card (issue 14 §4–5). Above the card's
 * whole-card link (which covers the card to make it one target), so they stay clickable.
 */
import { ReportButtons } from './ReportButtons';
import { ShareControl } from './ShareControl';
import './share.css';

export function SavedPropertyActions({
  savedId,
  address,
  shared,
}: {
  savedId: string;
  address: string;
  /** whether a link to it is on */
  shared: boolean;
}) {
  return (
    <div className="saved-actions">
      <ReportButtons source={{ kind: 'saved', id: savedId }} label={address} />
      <ShareControl savedId={savedId} label={address} shared={shared} />
    </div>
  );
}
