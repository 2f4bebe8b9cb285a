import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { HomeDocument, Triad } from '@lea/shared';
import { renderWithProviders } from '../../../test/render';
import { buildTriad } from '../test/triad-fixture';
import { DocumentsCard } from './documents-card';

const doc = (
  id: number,
  title: string,
  url: string | null = `/download-file/path-name-${id}.pdf/original-name-${id}.pdf`,
): HomeDocument => ({
  id,
  title,
  type: 1,
  date: '2026-01-10T10:00:00.000Z',
  url,
  fileName: url ? `${id}.pdf` : null,
});

const categories = [
  { id: 1, code: 'general', title: null },
  { id: 2, code: 'pedagogic', title: null },
  { id: 3, code: 'administrative', title: null },
  { id: 4, code: 'stage', title: 'Stage en entreprise' },
];

function renderCard(triad: Triad, language: 'fr' | 'en' = 'fr') {
  const router = createMemoryRouter([{ path: '/', element: <DocumentsCard triad={triad} /> }]);
  return renderWithProviders(<RouterProvider router={router} />, { language });
}

describe('DocumentsCard', () => {
  it('lists the general and pedagogic items with their downloads and links to the other categories', () => {
    renderCard(
      buildTriad(
        {
          generalDocuments: [doc(1, 'Livret d’accueil'), doc(2, 'Sans fichier', null)],
          pedagogicDocuments: [doc(3, 'Compte rendu de visite')],
          documentCategories: categories,
        },
        { displayDocument: true, blocNameDocument: 'Documents de la formation' },
      ),
    );
    const general = screen.getByRole('region', { name: 'Documents de la formation' });
    expect(within(general).getByText('Livret d’accueil')).toBeTruthy();
    expect(within(general).getByRole('link', { name: 'Télécharger « Livret d’accueil »' }).getAttribute('href')).toBe(
      '/download-file/path-name-1.pdf/original-name-1.pdf',
    );
    // An item without a file has no download action.
    expect(within(general).getByText('Sans fichier')).toBeTruthy();
    expect(within(general).queryByRole('link', { name: 'Télécharger « Sans fichier »' })).toBeNull();
    expect(within(general).getByRole('link', { name: 'Tout voir' }).getAttribute('href')).toBe('/dashboard/document?category=general');

    const pedagogic = screen.getByRole('region', { name: 'Documents pédagogiques' });
    expect(within(pedagogic).getByRole('link', { name: 'Télécharger « Compte rendu de visite »' })).toBeTruthy();

    expect(screen.getByRole('link', { name: 'Administratif' }).getAttribute('href')).toBe('/dashboard/document?category=administrative');
    expect(screen.getByRole('link', { name: 'Stage en entreprise' }).getAttribute('href')).toBe('/dashboard/document?category=stage');
  });

  it('uses the default titles and says when a list is empty, in English too', () => {
    renderCard(buildTriad({ documentCategories: categories.slice(0, 2) }, { displayDocument: true, blocNameDocument: null }), 'en');
    expect(screen.getByRole('region', { name: 'General documents' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Pedagogic documents' })).toBeTruthy();
    expect(screen.getAllByText('No document')).toHaveLength(2);
    expect(screen.queryByText('Other categories')).toBeNull();
  });

  it('shows nothing when the course does not display documents', () => {
    renderCard(buildTriad({ generalDocuments: [doc(1, 'Caché')], documentCategories: categories }, { displayDocument: false }));
    expect(screen.queryByText('Caché')).toBeNull();
    expect(screen.queryByText('Documents')).toBeNull();
  });
});
