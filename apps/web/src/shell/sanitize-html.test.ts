import { describe, expect, it } from 'vitest';
import { disallowedParts, XSS_PAYLOADS } from '@lea/shared/html-xss-cases';
import { sanitizeHtml } from './sanitize-html';

describe('sanitizeHtml in the browser (DOMPurify, shared allow-list)', () => {
  it('keeps formatting and safe links', () => {
    expect(sanitizeHtml('<p>Texte <strong>gras</strong> <a href="https://cfa.example">lien</a></p>')).toBe(
      '<p>Texte <strong>gras</strong> <a href="https://cfa.example" target="_blank" rel="noopener noreferrer">lien</a></p>',
    );
  });

  it('drops scripts, event handlers and javascript: URLs', () => {
    const html = sanitizeHtml(
      '<p onclick="steal()">a<script>steal()</script><img src="x" onerror="steal()"><a href="javascript:steal()">b</a><iframe src="https://evil"></iframe></p>',
    );
    expect(html).toBe('<p>a<img src="x"><a target="_blank" rel="noopener noreferrer">b</a></p>');
  });

  it('unwraps unknown elements and keeps their text', () => {
    expect(sanitizeHtml('<section><font color="red">mot</font></section>')).toBe('mot');
    expect(sanitizeHtml(null)).toBe('');
  });

  it.each(Object.entries(XSS_PAYLOADS))(
    'leaves nothing active of %s, and the result reads the same when parsed again',
    (_name, payload) => {
      const clean = sanitizeHtml(payload);
      const reread = document.createElement('div');
      reread.innerHTML = clean;
      expect(disallowedParts(reread.querySelectorAll('*'))).toEqual([]);
      expect(reread.innerHTML).toBe(clean);
      expect(sanitizeHtml(clean)).toBe(clean);
      expect(clean).not.toMatch(/onerror|javascript|data:/i);
    },
  );
});
