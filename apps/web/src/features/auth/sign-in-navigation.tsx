import type { AnchorHTMLAttributes, MouseEvent } from 'react';

/**
 * How the sign-in page moves to another page (decision 034). Opened first, the login draws without the app's router:
 * a link then starts the app at its address (sign-in-start.tsx). Inside the app, the router moves (router.tsx).
 */
type Navigate = (to: string) => void;

let navigate: Navigate = (to) => window.location.assign(to);

export function setSignInNavigation(next: Navigate): void {
  navigate = next;
}

export function signInNavigate(to: string): void {
  navigate(to);
}

/** A link of the sign-in page: a real `<a href>`, followed in place on a plain click. */
export function SignInLink({ to, ...anchor }: { to: string } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'onClick'>) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return <a {...anchor} href={to} onClick={follow} />;
}
