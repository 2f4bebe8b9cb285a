import { describe, expect, it } from 'vitest';
import { htmlToText, textToHtml } from './rich-text';

describe('rich text edited as plain text', () => {
  it('turns paragraphs and breaks into lines and back', () => {
    const html = '<p>Première ligne<br>suite &amp; fin</p><p>Second <b>paragraphe</b></p>';
    const text = htmlToText(html);
    expect(text).toBe('Première ligne\nsuite & fin\n\nSecond paragraphe');
    expect(textToHtml(text)).toBe('<p>Première ligne<br>suite &amp; fin</p><p>Second paragraphe</p>');
  });

  it('keeps plain text as it is and gives nothing for blank text', () => {
    expect(htmlToText('Sans balise')).toBe('Sans balise');
    expect(textToHtml('  \n ')).toBe('');
    expect(textToHtml('<script>')).toBe('<p>&lt;script&gt;</p>');
  });
});
