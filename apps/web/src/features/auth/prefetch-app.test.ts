import { afterEach, describe, expect, it } from 'vitest';
import { prefetchApp, prefetchAppOnFirstFocus } from './prefetch-app';

const prefetched = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')].map((link) => link.getAttribute('href'));

describe('the app prefetched from the sign-in page', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    document.body.innerHTML = '';
    delete window.leaFirstPages;
  });

  it("asks for the landing page's files that the page has not loaded yet, once, at the first focus", () => {
    window.leaFirstPages = [
      ['^/(login/?)?$', ['/assets/sign-in.js']],
      ['^/dashboard(/home)?/?$', ['/assets/app.js', '/assets/sign-in.js', '/assets/home-page.js']],
      ['', ['/assets/app.js']],
    ];
    const loaded = document.createElement('link');
    loaded.rel = 'modulepreload';
    loaded.href = '/assets/sign-in.js';
    document.head.appendChild(loaded);
    const form = document.createElement('form');
    form.appendChild(document.createElement('input'));
    document.body.appendChild(form);

    prefetchAppOnFirstFocus(form);
    expect(prefetched()).toEqual([]);
    form.querySelector('input')!.focus();
    expect(prefetched()).toEqual(['/assets/app.js', '/assets/home-page.js']);
    form.querySelector('input')!.blur();
    form.querySelector('input')!.focus();
    expect(prefetched()).toHaveLength(2);
  });

  it('does nothing without the first-page script (a development server)', () => {
    prefetchApp();
    expect(prefetched()).toEqual([]);
  });
});
