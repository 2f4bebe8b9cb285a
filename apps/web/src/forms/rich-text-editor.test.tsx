import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../test/render';
import { RichTextEditor, type RichTextVariant } from './rich-text-editor';

/** A controlled editor whose value the test reads in a data attribute. */
function Harness({ variant, initial = '' }: { variant: RichTextVariant; initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <div data-testid="value" data-value={value}>
      <RichTextEditor id="answer" label="Votre avis" value={value} onChange={setValue} variant={variant} />
    </div>
  );
}

/**
 * Types as a browser does: the text lands in the DOM at the caret and ProseMirror reads the change
 * (jsdom has no native editing, so the test writes into the empty paragraph itself).
 */
async function typeText(target: HTMLElement, text: string) {
  const block = target.querySelector('p') as HTMLElement;
  block.replaceChildren(document.createTextNode(text));
  await waitFor(() => expect(target.textContent).toContain(text));
}

const valueOf = () => screen.getByTestId('value').getAttribute('data-value');

describe('RichTextEditor', () => {
  it('writes bold text as <strong> in the value, and an empty document as nothing', async () => {
    renderWithProviders(<Harness variant="simple" />);
    const box = await screen.findByRole('textbox', { name: 'Votre avis' });
    fireEvent.click(screen.getByRole('button', { name: 'Gras' }));
    await typeText(box, 'Très bien');
    await waitFor(() => expect(valueOf()).toBe('<p><strong>Très bien</strong></p>'));
    (box.querySelector('p') as HTMLElement).replaceChildren();
    await waitFor(() => expect(valueOf()).toBe(''));
  });

  it('shows the stored HTML, with the simple type at 150 px and the medium type at 300 px with more tools', async () => {
    const { unmount } = renderWithProviders(<Harness variant="simple" initial="<p>Déjà <em>écrit</em></p>" />);
    const simple = await screen.findByRole('textbox', { name: 'Votre avis' });
    expect(simple.innerHTML).toContain('<em>écrit</em>');
    expect(simple.style.minHeight).toBe('150px');
    expect(screen.queryByRole('button', { name: 'Titre' })).toBeNull();
    unmount();
    renderWithProviders(<Harness variant="medium" />, { language: 'en' });
    const medium = await screen.findByRole('textbox', { name: 'Votre avis' });
    expect(medium.style.minHeight).toBe('300px');
    expect(screen.getByRole('button', { name: 'Heading' })).toBeTruthy();
    expect(screen.getByRole('toolbar', { name: 'Formatting' })).toBeTruthy();
  });
});
