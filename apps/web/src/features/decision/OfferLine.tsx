/**
 * 'Offer up to $X' (issue 14 §1): the highest whole-dollar price meeting the investor's targets
 * (cash-on-cash ≥ 8 %, DSCR ≥ 1.25 unless edited), solved in the browser with `maxOffer` on the
 * assumptions on screen, the target that stops a higher price named.
 */
import { formatWholeDollars } from '@sfr/contracts';
import {
  type ConfidentOffer,
  confidentOffer,
  type DealInput,
  type MaxOffer,
  maxOffer,
  type OfferTargets,
  type OptionalInputs,
  type Spreads,
} from '@sfr/underwriting';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  formatTarget,
  keptTargetTexts,
  OFFER_TARGET_FIELDS,
  OFFER_TARGET_KEYS,
  OFFER_TARGETS_STORAGE_KEY,
  type OfferTargetTexts,
  parseTarget,
  rehabYearNote,
  seventyPercentNote,
  TARGET_NAMES,
} from './decision-model';

/** The targets typed, or the messages of the fields that cannot be read. */
function readTargets(texts: OfferTargetTexts): { targets: OfferTargets; errors: Partial<OfferTargetTexts> } {
  const targets: OfferTargets = {};
  const errors: Partial<OfferTargetTexts> = {};
  for (const key of OFFER_TARGET_KEYS) {
    const parsed = parseTarget(key, texts[key]);
    if (!parsed.ok) errors[key] = parsed.message;
    else if (parsed.value !== undefined) targets[key] = parsed.value;
  }
  return { targets, errors };
}

/** The sentence under the targets. */
export function offerSentence(offer: MaxOffer, targets: OfferTargets): string {
  const binding = offer.binding;
  const bindingText =
    binding && targets[binding] !== undefined
      ? `${TARGET_NAMES[binding]} ≥ ${formatTarget(binding, targets[binding])} is the limit`
      : null;
  if (offer.purchase_price === null) {
    return `No price from $10,000 up meets these targets${bindingText ? ` (${bindingText})` : ''}.`;
  }
  const price = formatWholeDollars(offer.purchase_price);
  return bindingText
    ? `Offer up to ${price}: ${bindingText}.`
    : `Offer up to ${price}: every target holds up to the highest price searched.`;
}

/** The sentence of the offer at which the targets hold in 9 of 10 simulated outcomes. */
export function confidentSentence(offer: ConfidentOffer): string {
  if (offer.purchase_price === null)
    return 'No price from $10,000 up meets these targets in 9 of 10 outcomes.';
  return `In 9 of 10 simulated outcomes the targets hold up to ${formatWholeDollars(offer.purchase_price)}.`;
}

export function OfferLine({ deal, spreads }: { deal: DealInput & OptionalInputs; spreads: Spreads }) {
  const [texts, setTexts] = useState<OfferTargetTexts>(() => keptTargetTexts(storedTargets()));
  useEffect(() => keepTargets(texts), [texts]);
  const idBase = useId();
  const { targets, errors } = useMemo(() => readTargets(texts), [texts]);
  const noTarget = Object.keys(targets).length === 0;
  // a target that does not read is not dropped from the search: no offer until it is mended
  const unread = Object.keys(errors).length > 0;
  const offer = useMemo(
    () => (noTarget || unread ? null : maxOffer(deal, targets)),
    [deal, targets, noTarget, unread],
  );
  // asked for with a click (about a tenth of a second of simulations), and kept while its inputs are on screen
  const [confident, setConfident] = useState<{ of: unknown[]; offer: ConfidentOffer } | null>(null);
  const current = confident?.of.every((part, i) => part === [deal, spreads, targets][i])
    ? confident.offer
    : null;
  // the offer is announced when the user's targets move it, not on every edit of the deal (a
  // screen reader would read it after each keystroke in an assumption)
  const dealAtTargetEdit = useRef(deal);
  const announce = dealAtTargetEdit.current === deal;
  // the answer takes the button's place: the keyboard's focus moves to it rather than to the page's start
  const confidentLine = useRef<HTMLParagraphElement>(null);
  const rehabNote = rehabYearNote(deal);
  const ruleNote = seventyPercentNote(deal, offer?.purchase_price ?? null);
  // targets kept with one that does not read open where it is marked
  const targetsBox = useRef<HTMLDetailsElement>(null);
  const unreadAtStart = useRef(unread);
  useEffect(() => {
    if (unreadAtStart.current && targetsBox.current) targetsBox.current.open = true;
  }, []);

  return (
    <section className="card decision-offer" aria-labelledby={`${idBase}-title`}>
      <h3 id={`${idBase}-title`}>What can I offer?</h3>
      <p className="decision-offer-line" aria-live={announce ? 'polite' : 'off'} data-testid="offer-line">
        {offer
          ? offerSentence(offer, targets)
          : unread
            ? 'Correct the target marked under Your targets to see the offer.'
            : 'Set at least one target to see the highest price that meets it.'}
      </p>
      {offer && rehabNote ? <p className="decision-hint">{rehabNote}</p> : null}
      {ruleNote ? <p className="decision-hint">{ruleNote}</p> : null}
      {offer ? (
        <p className="decision-offer-confident" aria-live="polite" ref={confidentLine} tabIndex={-1}>
          {current ? (
            confidentSentence(current)
          ) : (
            <button
              type="button"
              className="button-link"
              onClick={() => {
                setConfident({ of: [deal, spreads, targets], offer: confidentOffer(deal, spreads, targets) });
                confidentLine.current?.focus();
              }}
            >
              What can I offer for the targets to hold in 9 of 10 outcomes?
            </button>
          )}
        </p>
      ) : null}
      <details className="decision-targets" ref={targetsBox}>
        <summary>Your targets</summary>
        <p className="decision-hint">
          The highest whole-dollar price at which every target holds, with closing cost, fees, insurance (less
          its part that does not follow the price) and taxes moving with the price and the loan following the
          loan to value. Leave a field empty for no target.
        </p>
        <div className="decision-target-fields">
          {OFFER_TARGET_KEYS.map((key) => {
            const id = `${idBase}-${key}`;
            const field = OFFER_TARGET_FIELDS[key];
            const error = errors[key];
            return (
              <div key={key} className="decision-field">
                <label htmlFor={id}>
                  {field.label}
                  {field.unit === 'percent' ? ' (%)' : field.unit === 'money' ? ' ($)' : ''}
                </label>
                <input
                  id={id}
                  inputMode="decimal"
                  value={texts[key]}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-error` : undefined}
                  onChange={(event) => {
                    dealAtTargetEdit.current = deal;
                    setTexts((current) => ({ ...current, [key]: event.target.value }));
                  }}
                />
                {error ? (
                  <p id={`${id}-error`} className="field-error">
                    {error}
                  </p>
                ) : null}
              </div>
            );
          })}
        </div>
      </details>
    </section>
  );
}

/** The targets this browser kept, or null (none yet, or storage refused: private modes, quotas). */
function storedTargets(): string | null {
  try {
    return window.localStorage.getItem(OFFER_TARGETS_STORAGE_KEY);
  } catch {
    return null;
  }
}

function keepTargets(texts: OfferTargetTexts): void {
  try {
    window.localStorage.setItem(OFFER_TARGETS_STORAGE_KEY, JSON.stringify(texts));
  } catch {
    // not kept: the targets still hold on this page
  }
}
