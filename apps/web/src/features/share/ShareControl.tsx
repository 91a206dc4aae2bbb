/**
 * 'Share' on a saved property (issue 14 §5): creates a read-only link, shows it with a Copy button,
 * and turns every link to the property off. The API shows a link once (it keeps only a hash), so
 * the page shows it until the user leaves; 'Stop sharing' shows while a link is on, on screen or not.
 */
import { useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
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
  // the list's card says whether a link is on; making or stopping one here updates it (queries.ts)
  const on = shared || url !== null;
  const shareButton = useRef<HTMLButtonElement>(null);
  const linkField = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState('');
  const create = useCreateShareLink();
  const revoke = useRevokeShareLinks();

  function onShare() {
    create.mutate(savedId, {
      onSuccess: (link) => {
        flushSync(() => {
          setUrl(link);
          setStatus('Anyone with this link can read the analysis, without signing in.');
        });
        // Share disabled itself while the link was made, which dropped the focus to the page's start:
        // the new link takes it, selected, ready to copy (QA)
        linkField.current?.focus();
      },
      onError: (error) => toast.error(error.message || 'The link could not be created. Please try again.'),
    });
  }

  function onRevoke() {
    revoke.mutate(savedId, {
      onSuccess: () => {
        setUrl(null);
        setStatus('Sharing stopped: every link to this property is now turned off.');
        // the button goes with the link: keyboard users carry on from Share, not from the page's top
        shareButton.current?.focus();
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
          ref={shareButton}
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
            <input
              ref={linkField}
              id={`${id}-url`}
              readOnly
              value={url}
              onFocus={(event) => event.target.select()}
            />
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
