import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ReactElement } from 'react';
import type { ProfileStatus, QuestionnaireList, QuestionnaireSummary } from '@lea/shared';
import { renderWithProviders } from '../../test/render';
import { buildTodoItems, takesPartInQuestionnaires } from './questionnaire-queries';
import { profileColumns } from './questionnaire-year-blocks';
import { StatusIcon } from './status-icon';
import { TodoList } from './todo-block';

const status = (icon: ProfileStatus['icon'], endDate: string | null = '2026-06-30'): ProfileStatus => ({
  hasToSign: true,
  hasToComplete: false,
  hasSigned: icon === 'check',
  signedAt: icon === 'check' ? '2026-03-04T09:00:00Z' : null,
  startDate: '2026-01-15',
  endDate,
  icon,
});

function summary(id: number, overrides: Partial<QuestionnaireSummary> = {}): QuestionnaireSummary {
  return {
    id,
    title: `Questionnaire ${id}`,
    year: 1,
    category: null,
    signedBy: [1],
    completenessDate: null,
    userProfile: 1,
    userHasToComplete: false,
    userHasToSign: true,
    userHasSigned: false,
    userTodo: { action: 'sign', dueDate: `2026-05-${String(10 + id).padStart(2, '0')}` },
    profileStatus: { '1': status('hourglass-start', `2026-05-${String(10 + id).padStart(2, '0')}`) },
    ...overrides,
  };
}

const list = (questionnaires: QuestionnaireSummary[]): QuestionnaireList => ({
  leaManagerColumn: false,
  years: [{ year: 1, categories: [{ id: null, title: '', questionnaires }] }],
});

function renderInRouter(element: ReactElement) {
  const router = createMemoryRouter([{ path: '/', element }]);
  return renderWithProviders(<RouterProvider router={router} />);
}

describe('to-do items', () => {
  it('lists the server’s to-do entries, nearest due date first, and nothing for the others', () => {
    const items = buildTodoItems(
      list([
        summary(1, { userTodo: { action: 'sign', dueDate: '2026-09-01' } }),
        summary(2, { userTodo: { action: 'complete', dueDate: '2026-05-12' } }),
        summary(3, { userHasSigned: true, userTodo: null }),
        summary(4, { userTodo: null }),
      ]),
    );
    expect(items.map((item) => [item.questionnaire.id, item.action, item.dueDate])).toEqual([
      [2, 'complete', '2026-05-12'],
      [1, 'sign', '2026-09-01'],
    ]);
  });

  it('belongs to users who sign or complete questionnaires of the triad', () => {
    expect(takesPartInQuestionnaires(list([summary(1, { userHasToSign: false, userHasSigned: true })]))).toBe(true);
    expect(takesPartInQuestionnaires(list([summary(1, { userProfile: null, userHasToSign: false, signedBy: [2] })]))).toBe(false);
  });
});

describe('TodoList', () => {
  it('says the user is up to date when nothing is due', () => {
    renderInRouter(<TodoList triadId={5} items={[]} />);
    expect(screen.getByText('Vous êtes à jour')).toBeTruthy();
  });

  it('shows six items, links each to its questionnaire, and unfolds the rest with the plus button', () => {
    const items = buildTodoItems(list(Array.from({ length: 8 }, (_, index) => summary(index + 1))));
    renderInRouter(<TodoList triadId={5} items={items} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(6);
    const first = screen.getByRole('link', { name: 'Signer : Questionnaire 1' });
    expect(first.getAttribute('href')).toBe('/dashboard/questionnaire/5/1');
    expect(screen.getByText('11/05/2026')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Afficher 2 de plus' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(8);
    expect(screen.getByRole('button', { name: 'Afficher moins' }).getAttribute('aria-expanded')).toBe('true');
  });
});

describe('StatusIcon', () => {
  it.each([
    ['lock', 'verrouillé'],
    ['lock-open', 'déverrouillé'],
    ['check', 'signé'],
    ['hourglass-start', 'en attente'],
  ] as const)('shows %s as “%s” with the completion window', (icon, label) => {
    renderWithProviders(<StatusIcon profile={2} status={status(icon)} />);
    const image = screen.getByRole('img');
    expect(image.getAttribute('data-icon')).toBe(icon);
    const name = image.getAttribute('aria-label') ?? '';
    expect(name).toContain(`Tuteur pédagogique : ${label}`);
    expect(name).toContain('Du 15/01/2026 au 30/06/2026');
    expect(name.includes('Signé le 04/03/2026')).toBe(icon === 'check');
  });
});

describe('status of a profile that does not sign', () => {
  it('shows a neutral mark explained as not involved, not an hourglass', () => {
    renderWithProviders(<StatusIcon profile={3} status={undefined} />);
    const mark = screen.getByRole('img');
    expect(mark.getAttribute('data-icon')).toBe('none');
    expect(mark.getAttribute('aria-label')).toBe("Maître d'apprentissage : non concerné, aucune signature attendue");
  });

  it('gives each column of the list the server’s status, and the neutral mark where it has none', () => {
    // Signed by the apprentice and the tutor only: the master's and the manager's columns are not concerned.
    const signedByTwo = summary(9, { signedBy: [1, 2], profileStatus: { '1': status('check'), '2': status('hourglass-start') } });
    renderWithProviders(
      <>
        {profileColumns({ leaManagerColumn: true }).map((profile) => (
          <StatusIcon key={profile} profile={profile} status={signedByTwo.profileStatus[String(profile)]} />
        ))}
      </>,
    );
    expect(screen.getAllByRole('img').map((image) => image.getAttribute('data-icon'))).toEqual([
      'check',
      'hourglass-start',
      'none',
      'none',
    ]);
  });
});
