import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy*/waitFor wait up to 5 s: on a loaded 2-core machine a lazy dialog can take more than the default 1 s.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks the layout APIs Mantine reads; these stand-ins keep components rendering.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = function scrollIntoView() {};
// jsdom has no FontFaceSet; Mantine's autosize textarea listens to document.fonts.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { configurable: true, value: new EventTarget() });

afterEach(() => {
  cleanup();
});

// Importing the i18n module starts fetching the shown language's texts (decision 034); a test file that imports it
// only through a helper would end before that import settles, and vitest reports the pending import as an error.
// Every file starts with all the texts loaded instead.
const { i18nReady, loadAllTexts } = await import('../i18n');
await i18nReady;
await loadAllTexts();
