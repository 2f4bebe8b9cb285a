import { useEffect } from 'react';
import { readLocal, writeLocal } from './session';

/** Document title and favicon from the design; the title is remembered for the next start. */
export function useDocumentHead(name: string | undefined, favicon: string | null | undefined): void {
  useEffect(() => {
    const title = name ?? readLocal('pageTitle');
    if (title) document.title = title;
    if (name) writeLocal('pageTitle', name);
  }, [name]);
  useEffect(() => {
    if (!favicon) return;
    let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.appendChild(link);
    }
    link.href = favicon;
  }, [favicon]);
}
