/**
 * 'Share' on a saved property (issue 14 §5): creates a read-only link, shows it with a Copy button,
 * and turns every link to the property off. The API shows a link once (it keeps only a hash), so
 * the page shows it until the user leaves; 'Stop sharing' shows while a link is on, on screen or not.
 */
import { useId, useState } from 'react';
import { toast } from '../../ui/toast';
import { useCreateShareLink, useRevokeShareLinks } from './queries';

/**
 * `label` (the address) names the buttons when a page has several properties; `shared` says whether
 * a link made earlier is still on.
 */
export function ShareControl({
  savedId,
  label,
  shared,
}: {
  savedId: string;
  label?: string;
  shared: boolean;
}) {
  const named = label ? <span className="visually-hidden"> {label}</span> : null;
  const id = useId();
  const [url, setUrl] = useState<string | null>(null);
  // on when the list said so or a link was made here, off once stopped here
  const [on, setOn] = useState(shared);
  const [status, setStatus] = useState('');
  const create = useCreateShareLink();
  const revoke = useRevokeShareLinks();

  function onShare() {
    create.mutate(savedId, {
      onSuccess: (link) => {
        setUrl(link);
        setOn(true);
        setStatus('Anyone with this link can read the analysis, without signing in.');
      },
      onError: (error) => toast.error(error.message || 'The link could not be created. Please try again.'),
    });
  }

  function onRevoke() {
    revoke.mutate(savedId, {
      onSuccess: () => {
        setUrl(null);
        setOn(false);
        setStatus('Sharing stopped: every link to this property is now turned off.');
      },
      onError: (error) => toast.error(error.message || 'Sharing could not be stopped. Please try again.'),
    });
  }

  async function onCopy() {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setStatus('Link copied.');
    } catch {
      // no clipboard permission (an http page, a refusing browser): the field is selected to copy by hand
      (document.getElementById(`${id}-url`) as HTMLInputElement | null)?.select();
      setStatus('Copy the selected link with Ctrl+C (⌘C on a Mac).');
    }
  }

  return (
    <div className="share-control">
      <div className="share-actions">
        <button
          type="button"
          className="button button-outline"
          onClick={onShare}
          disabled={create.isPending}
          aria-busy={create.isPending || undefined}
        >
          {url ? 'New link' : 'Share'}
          {named}
        </button>
        {on ? (
          <button
            type="button"
            className="button button-danger"
            onClick={onRevoke}
            disabled={revoke.isPending}
            aria-busy={revoke.isPending || undefined}
          >
            Stop sharing
            {named}
          </button>
        ) : null}
      </div>
      {url ? (
        <div className="share-link">
          <label htmlFor={`${id}-url`}>Read-only link</label>
          <div className="share-link-row">
            <input id={`${id}-url`} readOnly value={url} onFocus={(event) => event.target.select()} />
            <button type="button" className="button button-outline" onClick={onCopy}>
              Copy link
              {named}
            </button>
          </div>
        </div>
      ) : null}
      <p className="share-status" role="status">
        {status}
      </p>
    </div>
  );
}
