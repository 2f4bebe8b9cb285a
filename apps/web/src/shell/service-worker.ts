/** Once the app has started, how long its first page has before the offline shell starts downloading. */
const AFTER_START_MS = 3_000;

/**
 * The offline shell (public/sw.js) serves the signed-in app without a network. Its install downloads every built file,
 * so it is registered by the app, not by the sign-in page (nobody signs in offline), and only once the app's first page
 * has loaded: the window's load event, or a few seconds after a sign-in handed over to the app, then an idle moment.
 * Registered at the sign-in page's own load, its downloads took the network and the processor from the app's start
 * right after signing in (decision 034).
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  const whenIdle = () => (window.requestIdleCallback ? window.requestIdleCallback(register, { timeout: AFTER_START_MS }) : register());
  if (document.readyState === 'complete') window.setTimeout(whenIdle, AFTER_START_MS);
  else window.addEventListener('load', whenIdle, { once: true });
}
