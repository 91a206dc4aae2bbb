/**
 * The explanation beside a label: a small button that shows its tooltip on hover, on keyboard
 * focus and on tap, and hides it on Escape (WCAG 1.4.13). The tooltip text is the button's
 * description, so screen readers read it on focus. It is drawn in <body> (a portal) with
 * position: fixed, so a scrolling table, a card's edge or a contained block never clips or
 * offsets it; hover still counts it as part of its trigger (React events follow the portal).
 * Its name says what it explains ('Explain Monthly Rent'): a page holds dozens of them, and a list
 * of buttons all named 'Explain' tells a screen-reader user nothing.
 */
import { memo, useCallback, useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import './InfoTip.css';

interface Position {
  top: number;
  left: number;
}

const MARGIN_PX = 8;
const TOOLTIP_WIDTH_PX = 288;

/**
 * Right below the trigger (the tooltip's transparent top border is the gap, so the pointer can
 * move onto the text), kept inside the viewport's width.
 */
function positionBelow(trigger: HTMLElement): Position {
  const box = trigger.getBoundingClientRect();
  const width = Math.min(TOOLTIP_WIDTH_PX, window.innerWidth - 2 * MARGIN_PX);
  const left = Math.min(Math.max(MARGIN_PX, box.left), window.innerWidth - width - MARGIN_PX);
  return { top: box.bottom, left };
}

/**
 * `subject` is what it explains, as its label reads ('Monthly Rent'). Memoised: its text is fixed,
 * so the results' live redraws pass it by.
 */
export const InfoTip = memo(function InfoTip({ text, subject }: { text: string; subject: string }) {
  const id = useId();
  const trigger = useRef<HTMLButtonElement>(null);
  const [position, setPosition] = useState<Position | null>(null);

  const show = useCallback(() => {
    if (trigger.current) setPosition(positionBelow(trigger.current));
  }, []);
  const hide = useCallback(() => setPosition(null), []);

  // follow the trigger while open; Escape anywhere dismisses it
  useEffect(() => {
    if (!position) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && hide();
    window.addEventListener('scroll', show, true);
    window.addEventListener('resize', show);
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('scroll', show, true);
      window.removeEventListener('resize', show);
      window.removeEventListener('keydown', onKey);
    };
  }, [position, show, hide]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover only widens the target; keyboards use the button's focus
    <span className="infotip" onMouseEnter={show} onMouseLeave={hide}>
      <button
        ref={trigger}
        type="button"
        className="infotip-trigger"
        aria-describedby={id}
        onFocus={show}
        onBlur={hide}
        // not a toggle: a tap fires mouseenter and focus first, which already opened it
        onClick={show}
      >
        <span aria-hidden="true">i</span>
        <span className="visually-hidden">Explain {subject}</span>
      </button>
      {createPortal(
        <span
          id={id}
          role="tooltip"
          className="infotip-text"
          hidden={position === null}
          style={position ? { top: position.top, left: position.left } : undefined}
        >
          {text}
        </span>,
        document.body,
      )}
    </span>
  );
});
