import { describe, expect, it, vi } from 'vitest';
import { DASHBOARD_CELL_CODES, type CompactDashboardResponse, type DashboardEntry } from '@lea/shared';
import { renderWithProviders } from '../../../test/render';
import { compactQuery, fromCompact } from './compact-dashboard';
import { DashboardGrid } from './dashboard-grid';

const person = (id: number) => ({ id, firstName: `P${id}`, lastName: `N${id}`, fullName: `P${id} N${id}` });

/** A course of `count` triads, half in crew 1 and half in crew 2, with two questionnaires; one page of `length` triads. */
function page(index: number, length: number, count: number): CompactDashboardResponse {
  const triads = Array.from({ length: count }, (_, at) => ({
    id: at + 1,
    crewId: at < count / 2 ? 1 : 2,
    active: true,
    apprentice: person(at + 1),
    tutor: null,
    apprenticeMaster: null,
    // Questionnaire 10: apprentice signed, manager waits; questionnaire 11 does not apply.
    cells: 'c--hxxxx',
    signedAt: [Date.parse('2026-03-02T10:00:00.000Z')],
  }));
  return {
    categories: [
      {
        id: null,
        title: 'Sans catégorie',
        questionnaires: [
          { id: 10, title: 'Bilan', year: 1, signedBy: [1, 4] },
          { id: 11, title: 'Visite', year: 1, signedBy: [1] },
        ],
      },
    ],
    legend: { ...DASHBOARD_CELL_CODES },
    trainingCourse: {
      id: 1,
      displayName: 'BTS',
      leaManagerColumn: true,
      crews: [
        { id: 1, title: 'Groupe A', count: count / 2, endDates: ['2026-06-30', null, null, '2026-07-01', null, null, null, null] },
        { id: 2, title: 'Groupe B', count: count / 2, endDates: [null, null, null, null, null, null, null, null] },
      ],
    },
    triads: triads.slice(index * length, (index + 1) * length),
    page: index,
    length,
    total: count,
  };
}

describe('compact signature dashboard', () => {
  it('turns the codes back into the full answer’s cells, crew by crew, for the pages loaded so far', () => {
    const first = fromCompact([page(0, 3, 8)]);
    expect(first).toMatchObject({ loaded: 3, total: 8 });
    // Crew 2 has no loaded triad yet: it comes with its page.
    expect(first.trainingCourse.crews.map((crew) => [crew.title, crew.triads.map((triad) => triad.id)])).toEqual([['Groupe A', [1, 2, 3]]]);
    const [bilan, visite] = first.categories[0]?.questionnaires ?? [];
    expect(bilan?.dashboardData['1']).toEqual<DashboardEntry>({
      apprentice: { icon: 'check', signedAt: '2026-03-02T10:00:00.000Z', endDate: '2026-06-30' },
      tutor: null,
      apprenticeMaster: null,
      leaManager: { icon: 'hourglass-start', signedAt: null, endDate: '2026-07-01' },
    });
    expect(visite?.dashboardData).toEqual({});

    const all = fromCompact([page(0, 3, 8), page(1, 3, 8), page(2, 3, 8)]);
    expect(all.trainingCourse.crews.map((crew) => crew.triads.length)).toEqual([4, 4]);
    expect(all.categories[0]?.questionnaires[0]?.dashboardData['8']?.apprentice?.endDate).toBeNull();
  });

  it('asks for a page after the filter', () => {
    expect(compactQuery({}, 0)).toBe('?compact=1&page=0&length=100');
    expect(compactQuery({ crews: [2], search: 'mar' }, 3)).toBe('?crews=2&search=mar&compact=1&page=3&length=100');
  });

  it('draws a small course whole and only the rows in view of a large one, header kept', () => {
    const small = renderWithProviders(
      <DashboardGrid data={fromCompact([page(0, 100, 10)])} renderCell={() => 'cell'} fullScreen={false} />,
    );
    expect(small.container.querySelectorAll('tr[data-triad]')).toHaveLength(10);
    expect(small.getByTestId('dashboard-grid').dataset.virtual).toBeUndefined();
    small.unmount();

    // jsdom lays nothing out: the scroller gets a window's height, as in a browser.
    const height = vi.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(700);
    const width = vi.spyOn(Element.prototype, 'clientWidth', 'get').mockReturnValue(1200);
    const large = renderWithProviders(
      <DashboardGrid data={fromCompact([page(0, 1000, 1000)])} renderCell={() => 'cell'} fullScreen={false} />,
    );
    const grid = large.getByTestId('dashboard-grid');
    expect(grid.dataset.virtual).toBe('true');
    expect(grid.dataset.rows).toBe('1002');
    const drawn = grid.querySelectorAll('tr[data-triad]').length;
    expect(drawn).toBeGreaterThan(0);
    expect(drawn).toBeLessThan(50);
    expect(grid.querySelectorAll('thead th[data-questionnaire]')).toHaveLength(2);
    height.mockRestore();
    width.mockRestore();
  });
});
