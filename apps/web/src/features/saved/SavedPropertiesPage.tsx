/**
 * /savedproperties (product spec §2): the signed-in user's saved analyses, newest first, each with
 * its rating and monthly cash flow as saved, a page of summaries at a time (Show more). An item reopens in the analyzer at /?saved=<id>;
 * Delete asks first, then removes it (failures are only logged, spec §8). There is no route guard:
 * a guest is asked to log in instead.
 */
import { METRIC_LABELS } from '@sfr/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { Dialog } from '../../ui/Dialog';
import { formatLongDate } from '../../ui/format-date';
import { UI_TEXT } from '../../ui/text';
import { useDocumentTitle } from '../../ui/use-document-title';
import { currentUserQuery } from '../account/session';
import { RatingBadge } from '../rating/RatingBadge';
import { SavedPropertyActions } from '../share/SavedPropertyActions';
import { useDeleteSavedProperty, useSavedProperties } from './queries';
import { type SavedCard, savedCard } from './saved-property-text';
import '../../ui/page.css';
import './saved-properties.css';

const TITLE = 'Saved Properties';

export function SavedPropertiesPage() {
  useDocumentTitle(TITLE);
  const { data: user } = useQuery(currentUserQuery());
  return (
    <section className="page saved-page" aria-labelledby="saved-heading">
      {user ? (
        <SavedList />
      ) : (
        <>
          <h1 id="saved-heading">{TITLE}</h1>
          <div className="card guest-prompt">
            <p>Log in to see the properties you have saved.</p>
            <div className="form-actions">
              <Link to="/login" className="button button-primary">
                {UI_TEXT.login}
              </Link>
              <Link to="/signup" className="button button-outline">
                {UI_TEXT.signUp}
              </Link>
            </div>
          </div>
        </>
      )}
    </section>
  );
}

function SavedList() {
  const saved = useSavedProperties();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [announcement, setAnnouncement] = useState('');
  // the property whose Delete was pressed, until the user confirms or cancels
  const [confirming, setConfirming] = useState<SavedCard | null>(null);

  const remove = useDeleteSavedProperty({
    onDeleted: () => {
      // the focused Delete button is gone: continue from the list's heading
      headingRef.current?.focus();
    },
  });

  function confirmDelete() {
    if (!confirming) return;
    const item = confirming;
    setConfirming(null);
    remove.mutate(item.id, { onSuccess: () => setAnnouncement(`Deleted ${item.address}.`) });
  }

  const { properties } = saved;
  return (
    <>
      <h1 id="saved-heading" ref={headingRef} tabIndex={-1}>
        {TITLE}
      </h1>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      {saved.isPending ? <p>{UI_TEXT.loading}</p> : null}
      {saved.isError ? (
        <div className="alert" role="alert">
          Your saved properties could not be loaded.{' '}
          <button type="button" className="link-button" onClick={() => void saved.refetch()}>
            Try again
          </button>
        </div>
      ) : null}
      {saved.isSuccess && properties.length === 0 ? (
        <p className="empty-note">{UI_TEXT.noSavedProperties}</p>
      ) : null}
      {properties.length > 0 ? (
        <ul className="saved-list">
          {properties.map((property) => {
            const item = savedCard(property);
            const deleting = remove.isPending && remove.variables === item.id;
            return (
              <SavedItem key={item.id} item={item} deleting={deleting} onDelete={() => setConfirming(item)} />
            );
          })}
        </ul>
      ) : null}
      {saved.hasNextPage ? (
        <button
          type="button"
          className="button button-outline saved-more"
          disabled={saved.isFetchingNextPage}
          aria-busy={saved.isFetchingNextPage || undefined}
          onClick={() => void saved.fetchNextPage()}
        >
          {saved.isFetchingNextPage ? UI_TEXT.loading : 'Show more'}
        </button>
      ) : null}
      <Dialog
        open={confirming !== null}
        title="Delete this saved property?"
        onClose={() => setConfirming(null)}
        actions={
          <>
            <button type="button" className="button button-outline" onClick={() => setConfirming(null)}>
              Cancel
            </button>
            <button type="button" className="button button-danger" onClick={confirmDelete}>
              Delete
            </button>
          </>
        }
      >
        <p>
          <strong>{confirming?.address}</strong> and its analysis will be removed from your saved properties.
          This cannot be undone.
        </p>
      </Dialog>
    </>
  );
}

interface SavedItemProps {
  item: SavedCard;
  deleting: boolean;
  onDelete: () => void;
}

function SavedItem({ item, deleting, onDelete }: SavedItemProps) {
  const savedOn = formatLongDate(item.savedAt);
  return (
    <li className="card saved-item">
      <div className="saved-body">
        <h2 className="saved-address">
          {/* the whole card is the link's target area (CSS), its name stays the address */}
          <Link to="/" search={{ saved: item.id }} className="saved-link">
            {item.address}
          </Link>
        </h2>
        <div className="saved-verdict">
          <RatingBadge points={item.rating.points} color={item.rating.color} />
          <dl className="saved-cash-flow">
            <dt>{METRIC_LABELS.monthly_levered_cash_flow}</dt>
            <dd>{item.monthlyCashFlow}</dd>
          </dl>
        </div>
        <dl className="saved-facts">
          <div>
            <dt>House type</dt>
            <dd>{item.houseType}</dd>
          </div>
          <div>
            <dt>Rooms</dt>
            <dd>{item.rooms}</dd>
          </div>
          <div>
            <dt>County</dt>
            <dd>{item.county}</dd>
          </div>
          <div>
            <dt>Purchase price</dt>
            <dd>{item.purchasePrice}</dd>
          </div>
        </dl>
        {savedOn ? <p className="saved-date">Saved {savedOn}</p> : null}
        <SavedPropertyActions savedId={item.id} address={item.address} shared={item.shared} />
      </div>
      <button
        type="button"
        className="button button-danger saved-delete"
        aria-label={`Delete ${item.address}`}
        disabled={deleting}
        onClick={onDelete}
      >
        {deleting ? 'Deleting…' : 'Delete'}
      </button>
    </li>
  );
}
