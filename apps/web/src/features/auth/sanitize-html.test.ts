import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize-html';

describe('sanitizeHtml', () => {
  it('keeps formatting and ordinary links', () => {
    const html = '<p><strong>Bienvenue</strong> <a href="https://example.org" target="_blank">site</a></p>';
    expect(sanitizeHtml(html)).toBe(
      '<p><strong>Bienvenue</strong> <a href="https://example.org" target="_blank" rel="noopener noreferrer">site</a></p>',
    );
  });

  it('removes scripts, styles and event handlers', () => {
    const clean = sanitizeHtml('<script>alert(1)</script><style>p{}</style><img src="x.png" onerror="alert(2)"><p onclick="x()">t</p>');
    expect(clean).toBe('<img src="x.png"><p>t</p>');
  });

  it('removes javascript: URLs, even disguised', () => {
    expect(sanitizeHtml('<a href="javascript:alert(1)">a</a>')).toBe('<a>a</a>');
    expect(sanitizeHtml('<a href=" JaVa\tScRiPt:alert(1)">a</a>')).toBe('<a>a</a>');
    expect(sanitizeHtml('<iframe src="https://example.org"></iframe><p>ok</p>')).toBe('<p>ok</p>');
  });
});
