declare global {
  interface Window {
    /** The first-page script's list (vite.config.ts, `FIRST_PAGES`): an address pattern and the files its page loads. */
    leaFirstPages?: [pattern: string, files: string[]][];
  }
}

/** Where most sessions land: the apprentice's dashboard, whose files hold the app's start and the signed-in shell. */
const LANDING = '/dashboard/home';

/**
 * The app's files for after the sign-in, fetched into the browser's cache (not run) as soon as someone starts filling
 * the sign-in form (its first focus): the time spent typing hides their download, and the sign-in page's own load and
 * first drawing are left alone (decision 034). Without the first-page script (a development server), nothing.
 */
export function prefetchAppOnFirstFocus(form: HTMLElement): void {
  form.addEventListener('focusin', prefetchApp, { once: true });
}

export function prefetchApp(): void {
  const files = window.leaFirstPages?.find(([pattern]) => new RegExp(pattern).test(LANDING))?.[1] ?? [];
  const present = new Set([...document.querySelectorAll<HTMLLinkElement>('link[href]')].map((link) => link.getAttribute('href')));
  for (const file of files) {
    if (present.has(file)) continue;
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.href = file;
    document.head.appendChild(link);
  }
}
