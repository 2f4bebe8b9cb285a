import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import { ListTable } from './list-table';

const LIST = {
  columns: [
    { key: 'id', label: 'Id', filterable: false, sortable: false, format: 'text' as const, hidden: true },
    { key: 'title', label: 'Titre', filterable: true, sortable: true, format: 'text' as const, hidden: false },
    { key: 'code', label: 'Code', filterable: false, sortable: false, format: 'text' as const, hidden: false },
  ],
  data: [{ id: 1, title: 'BTS SIO', code: 'BTS-SIO' }],
  count: 1,
};

describe('ListTable', () => {
  it('names each cell by its column, so that on a phone the row reads as a card of « column: value » lines', () => {
    renderWithProviders(
      <ListTable
        list={LIST}
        page={{ limit: 10, offset: 0 }}
        onPage={() => undefined}
        sort={{ field: null, order: 'ASC' }}
        onSort={() => undefined}
        rowActions={() => <button type="button">Modifier</button>}
        emptyText="Aucune donnée"
        caption="Formations"
      />,
    );
    const row = screen.getAllByRole('row')[1]!;
    const cells = within(row).getAllByRole('cell');
    expect(cells.map((cell) => cell.getAttribute('data-label'))).toEqual(['Titre', 'Code', '']);
    expect(cells[0]!.textContent).toBe('BTS SIO');
  });
});
