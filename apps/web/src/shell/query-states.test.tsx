import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../test/render';
import { QueryStates } from './query-states';

const draw = (query: { isPending: boolean; isError: boolean }, empty: boolean) =>
  renderWithProviders(
    <QueryStates query={query} empty={empty} errorText="Chargement impossible" emptyIcon={null} emptyTitle="Aucun lien">
      {() => <p>La liste</p>}
    </QueryStates>,
  );

describe('QueryStates', () => {
  it('shows a loader, then the error, the empty state or the list, never two of them', () => {
    draw({ isPending: true, isError: false }, true).unmount();
    expect(screen.queryByText('La liste')).toBeNull();
    draw({ isPending: false, isError: true }, true).unmount();
    draw({ isPending: false, isError: false }, true).unmount();
    const { container } = draw({ isPending: false, isError: false }, false);
    expect(screen.getByText('La liste')).toBeTruthy();
    expect(screen.queryByText('Aucun lien')).toBeNull();
    expect(container.textContent).not.toContain('Chargement impossible');
  });

  it('draws the error line and the empty title', () => {
    draw({ isPending: false, isError: true }, false);
    expect(screen.getByText('Chargement impossible')).toBeTruthy();
    expect(screen.queryByText('La liste')).toBeNull();
  });

  it('draws the empty state without calling for the list', () => {
    draw({ isPending: false, isError: false }, true);
    expect(screen.getByText('Aucun lien')).toBeTruthy();
    expect(screen.queryByText('La liste')).toBeNull();
  });
});
