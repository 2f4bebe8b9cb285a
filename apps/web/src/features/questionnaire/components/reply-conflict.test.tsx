import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { mergeReply, writableFields } from '../offline-reply';
import { initialDraft } from '../reply-state';
import { answer, fixtureView, item } from '../test/fixtures';
import { ReplyConflictScreen } from './reply-conflict';

/** Two fields changed on both sides: the user's answers beside the server's, saved as chosen. */
function conflictOf() {
  const view = fixtureView({
    userReply: {
      id: 3,
      profile: 1,
      status: 1,
      version: 5,
      signedAt: null,
      writerProfile: 1,
      writerName: 'Léa Martin',
      interviewDate: null,
      totalMark: null,
    },
    questions: [
      item(2, { title: 'Poste occupé', userAnswer: answer(20, 2, { value: 'Technicienne' }) }),
      item(7, { title: 'Heures', type: 8 }),
    ],
  });
  const base = initialDraft(view);
  const mine = { ...base, values: { ...base.values, 2: 'Développeuse', 7: 35 } };
  const server = { ...base, values: { ...base.values, 2: 'Technicienne réseau', 7: 28 } };
  const { merged, conflicts } = mergeReply(base, mine, server, writableFields(view));
  return { fresh: view, server, mine, merged, conflicts };
}

describe('ReplyConflictScreen', () => {
  it('shows each field’s two answers, keeps the user’s by default and saves the choices made', () => {
    const onResolve = vi.fn();
    renderWithProviders(<ReplyConflictScreen conflict={conflictOf()} onResolve={onResolve} />);
    expect(screen.getByText(/enregistré ailleurs \(par Léa Martin\)/)).toBeTruthy();
    const job = screen.getByRole('radiogroup', { name: 'Poste occupé' });
    expect(within(job).getByText('Développeuse')).toBeTruthy();
    expect(within(job).getByText('Technicienne réseau')).toBeTruthy();
    expect(within(job).getByRole<HTMLInputElement>('radio', { name: 'Ma réponse (cet appareil)' }).checked).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Prendre toutes celles du serveur' }));
    fireEvent.click(within(job).getByRole('radio', { name: 'Ma réponse (cet appareil)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer ces choix' }));
    expect(onResolve).toHaveBeenCalledWith({ 'value-2': 'mine', 'value-7': 'server' });
  });
});
