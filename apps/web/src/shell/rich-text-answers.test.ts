import { describe, expect, it } from 'vitest';
import { htmlToText, textToHtml } from './rich-text';

describe('rich text of long answers', () => {
  it('edits stored paragraphs as plain text', () => {
    expect(htmlToText('<p>Accueil très soigné.</p><p>Missions : <strong>parc</strong> &amp; support<br>ensuite</p>')).toBe(
      'Accueil très soigné.\n\nMissions : parc & support\nensuite',
    );
    expect(htmlToText('déjà du texte')).toBe('déjà du texte');
  });

  it('saves typed text as escaped paragraphs', () => {
    expect(textToHtml('Premier <b>\n\nSecond\nligne')).toBe('<p>Premier &lt;b&gt;</p><p>Second<br>ligne</p>');
  });
});
