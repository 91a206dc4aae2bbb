/**
 * Brand, then the member links and Sign Out, or Sign Up and Login for guests (product spec §2).
 * Below md the links fold into a menu (☰). It closes when the page actually changes, not on a
 * link's click: a move the results' leave question holds back leaves it open, so the link that
 * asked gets the focus back on Stay. Escape closes it, returning the focus to ☰.
 */
import { useQuery } from '@tanstack/react-query';
import { Link, useRouter } from '@tanstack/react-router';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { LeaveQuestion } from '../../ui/LeaveQuestion';
import { UI_TEXT } from '../../ui/text';
import { hasUnkeptWork } from '../../ui/unkept-work';
import { currentUserQuery } from '../account/session';
import { useSignOut } from '../account/sign-out';
import './Navbar.css';

const MEMBER_LINKS = [
  { to: '/aboutus', label: 'About Us' },
  { to: '/profile', label: 'Profile' },
  { to: '/howtouse', label: 'How to Use' },
  { to: '/analyses', label: 'Recent Analyses' },
  { to: '/savedproperties', label: 'Saved Properties' },
  { to: '/compare', label: 'Compare' },
  { to: '/feedback', label: 'Feedback' },
] as const;

export function Navbar() {
  // until the session is known the account links wait: neither Login for a member nor Sign Out for a guest
  const { data: user, isPending: sessionUnknown } = useQuery(currentUserQuery());
  const [open, setOpen] = useState(false);
  // Sign Out over edits not kept asks first, as a move away from them does
  const [askingSignOut, setAskingSignOut] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const router = useRouter();
  const signOut = useSignOut('this-browser');
  // a blocked move never reaches the router's navigation (the history holds it back), so this
  // fires only once the location does change, or a link to the page shown reloads it
  useEffect(() => router.subscribe('onBeforeNavigate', () => setOpen(false)), [router]);

  function closeOnEscape(event: KeyboardEvent) {
    if (event.key !== 'Escape' || !open) return;
    setOpen(false);
    toggle.current?.focus();
  }

  return (
    <header className="navbar">
      <nav aria-label="Main" className="navbar-inner" onKeyDown={closeOnEscape}>
        <Link to="/" className="brand">
          SFR Analyst
        </Link>
        <button
          ref={toggle}
          type="button"
          className="navbar-toggle"
          aria-expanded={open}
          aria-controls="navbar-links"
          onClick={() => setOpen((value) => !value)}
        >
          <span className="visually-hidden">Menu</span>
          <span aria-hidden="true">☰</span>
        </button>
        <div id="navbar-links" className={open ? 'navbar-links open' : 'navbar-links'}>
          {sessionUnknown ? null : user ? (
            <>
              {MEMBER_LINKS.map((link) => (
                <Link
                  key={link.to}
                  to={link.to}
                  className="nav-link"
                  activeProps={{ 'aria-current': 'page' }}
                >
                  {link.label}
                </Link>
              ))}
              <button
                type="button"
                className="button button-outline"
                // not `disabled`: the focus would drop to the page's start while it signs out
                aria-disabled={signOut.isPending || undefined}
                onClick={() => {
                  if (signOut.isPending) return;
                  if (hasUnkeptWork()) setAskingSignOut(true);
                  else signOut.mutate();
                }}
              >
                {UI_TEXT.signOut}
              </button>
            </>
          ) : (
            <>
              <Link to="/signup" className="button button-primary">
                {UI_TEXT.signUp}
              </Link>
              <Link to="/login" className="button button-outline">
                {UI_TEXT.login}
              </Link>
            </>
          )}
        </div>
      </nav>
      <LeaveQuestion
        open={askingSignOut}
        onStay={() => setAskingSignOut(false)}
        onLeave={() => {
          setAskingSignOut(false);
          signOut.mutate();
        }}
      />
    </header>
  );
}
