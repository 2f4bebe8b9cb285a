import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { TimelineEntry } from '@lea/shared';
import { renderWithProviders } from '../../../test/render';
import { formatMinute } from '../timeline';
import { TimelineCard } from './timeline-card';

const entry = (
  id: number,
  className: TimelineEntry['className'],
  titlePart1: string,
  titlePart2: string,
  minute: string,
): TimelineEntry => ({
  id,
  className,
  titlePart1,
  titlePart2,
  minute,
});

const ENTRIES: TimelineEntry[] = [
  entry(6, 'questionnaire', 'Julien Bernard', "Entretien d'intégration", '2026-03-10T09:41:00.000Z'),
  entry(5, 'document', 'Lucas Martin', 'Rapport de stage', '2026-03-09T16:02:00.000Z'),
  entry(4, 'note', 'Nathalie Dubois', 'Accès aux outils', '2026-03-08T08:00:00.000Z'),
  entry(3, 'absence', 'Lucas Martin', '12/03 matin', '2026-03-07T08:00:00.000Z'),
  entry(2, 'planning', 'Sophie Laurent', 'Semaine 12', '2026-03-06T08:00:00.000Z'),
  entry(1, 'skill', 'Nathalie Dubois', 'Session 1', '2026-03-05T08:00:00.000Z'),
];

describe('TimelineCard', () => {
  it('words each kind of entry in French, with its stamp, and shows 4 before expanding', () => {
    renderWithProviders(<TimelineCard entries={ENTRIES} />);
    expect(screen.getByRole('heading', { name: 'Activité récente' })).toBeTruthy();
    expect(screen.getByText("Julien Bernard a signé « Entretien d'intégration »")).toBeTruthy();
    expect(screen.getByText('Lucas Martin a ajouté le document « Rapport de stage »')).toBeTruthy();
    expect(screen.getByText('Nathalie Dubois a ajouté la note « Accès aux outils »')).toBeTruthy();
    expect(screen.getByText('Lucas Martin : absence « 12/03 matin »')).toBeTruthy();
    expect(screen.queryByText(/Semaine 12/)).toBeNull();
    const stamp = screen.getByText(formatMinute('2026-03-10T09:41:00.000Z', 'fr'));
    expect(stamp.getAttribute('datetime')).toBe('2026-03-10T09:41:00.000Z');
    expect(document.querySelectorAll('[data-kind]')).toHaveLength(4);

    const more = screen.getByRole('button', { name: 'Voir les 2 autres activités' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    expect(screen.getByText('Sophie Laurent a modifié le planning : « Semaine 12 »')).toBeTruthy();
    expect(screen.getByText('Nathalie Dubois a évalué les compétences « Session 1 »')).toBeTruthy();
    expect([...document.querySelectorAll('[data-kind]')].map((node) => node.getAttribute('data-kind'))).toEqual([
      'questionnaire',
      'document',
      'note',
      'absence',
      'planning',
      'skill',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Réduire' }));
    expect(document.querySelectorAll('[data-kind]')).toHaveLength(4);
  });

  it('speaks English, with the date in the English format', () => {
    renderWithProviders(<TimelineCard entries={ENTRIES.slice(0, 5)} />, { language: 'en' });
    expect(screen.getByRole('heading', { name: 'Recent activity' })).toBeTruthy();
    expect(screen.getByText("Julien Bernard signed “Entretien d'intégration”")).toBeTruthy();
    expect(screen.getByText(formatMinute('2026-03-10T09:41:00.000Z', 'en'))).toBeTruthy();
    expect(formatMinute('2026-03-10T09:41:00.000Z', 'en')).not.toBe(formatMinute('2026-03-10T09:41:00.000Z', 'fr'));
    expect(screen.getByRole('button', { name: 'Show 1 more entry' })).toBeTruthy();
  });

  it('has no expand button up to 4 entries, and an empty state', () => {
    const { rerender } = renderWithProviders(<TimelineCard entries={ENTRIES.slice(0, 4)} />);
    expect(screen.queryByRole('button')).toBeNull();
    rerender(<TimelineCard entries={[]} />);
    expect(screen.getByText('Aucune activité pour le moment')).toBeTruthy();
    expect(document.querySelectorAll('[data-kind]')).toHaveLength(0);
  });
});
