import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { disallowedParts, XSS_PAYLOADS } from '@lea/shared/html-xss-cases';
import { sanitizeHtml } from './sanitize-html.js';

type Box = { innerHTML: string; querySelectorAll(selector: string): Parameters<typeof disallowedParts>[0] };
// jsdom's own types are not installed (see jsdom.d.ts): only what this test reads.
const { document } = new JSDOM('').window as unknown as { document: { createElement(tag: string): Box } };

/** The result as a browser would read it: parsed again, then serialised. */
function parse(html: string): Box {
  const box = document.createElement('div');
  box.innerHTML = html;
  return box;
}

describe('sanitizeHtml on the server (DOMPurify, shared allow-list)', () => {
  it("keeps the editor's formatting and safe links, opened in a new tab", () => {
    expect(sanitizeHtml('<p>Texte <strong>gras</strong> <em>it</em> <a href="https://cfa.example">lien</a></p><ul><li>un</li></ul>')).toBe(
      '<p>Texte <strong>gras</strong> <em>it</em> <a href="https://cfa.example" target="_blank" rel="noopener noreferrer">lien</a></p><ul><li>un</li></ul>',
    );
    expect(sanitizeHtml('<a href="mailto:a@b.fr">m</a><a href="/app/dashboard">r</a>')).toBe(
      '<a href="mailto:a@b.fr" target="_blank" rel="noopener noreferrer">m</a><a href="/app/dashboard" target="_blank" rel="noopener noreferrer">r</a>',
    );
  });

  it('drops scripts, event handlers, frames and javascript: URLs', () => {
    expect(
      sanitizeHtml(
        '<p onclick="steal()">a<script>steal()</script><img src="x" onerror="steal()"><a href="javascript:steal()">b</a><iframe src="https://evil"></iframe></p>',
      ),
    ).toBe('<p>a<img src="x"><a target="_blank" rel="noopener noreferrer">b</a></p>');
  });

  it('unwraps unknown elements and keeps their text', () => {
    expect(sanitizeHtml('<section><font color="red">mot</font></section>')).toBe('mot');
    expect(sanitizeHtml('a < b & c')).toBe('a &lt; b &amp; c');
  });

  it.each(Object.entries(XSS_PAYLOADS))(
    'leaves nothing active of %s, and the result reads the same when parsed again',
    (_name, payload) => {
      const clean = sanitizeHtml(payload);
      const reread = parse(clean);
      expect(disallowedParts(reread.querySelectorAll('*'))).toEqual([]);
      expect(reread.innerHTML).toBe(clean);
      expect(sanitizeHtml(clean)).toBe(clean);
      expect(clean).not.toMatch(/onerror|javascript|data:/i);
    },
  );
});
