import { describe, expect, it } from 'vitest';
import { entryPath, matchScreen, returnPath, screenPath } from './screens';
import { DATA_AGREEMENT, ENTITIES, entity } from './test/entities';

const area = { kind: 'manager', courseId: 7 } as const;
const found = (path: string) => {
  const match = matchScreen(ENTITIES, path);
  return match && { alias: match.entity.alias, view: match.view, id: match.id, parentId: match.parentId };
};

describe('matchScreen: the screens come from the declared screen paths, never from the alias', () => {
  it('finds list, add, edit, import and update screens', () => {
    expect(found('questionnaire/category')).toEqual({ alias: 'questionnaire-category', view: 'list', id: null, parentId: null });
    expect(found('questionnaire/category/list')).toEqual({ alias: 'questionnaire-category', view: 'list', id: null, parentId: null });
    expect(found('questionnaire/category/add')).toEqual({ alias: 'questionnaire-category', view: 'add', id: null, parentId: null });
    expect(found('triad/crew/edit/12')).toEqual({ alias: 'crew', view: 'edit', id: 12, parentId: null });
    expect(found('triad/triad/import')).toEqual({ alias: 'triad', view: 'import', id: null, parentId: null });
    expect(found('triad/triad/update/')).toEqual({ alias: 'triad', view: 'update', id: null, parentId: null });
  });

  it('reads the parent id of an entity under a parent', () => {
    expect(found('triad/contract/9')).toEqual({ alias: 'contract', view: 'list', id: null, parentId: 9 });
    expect(found('triad/contract/9/edit/3')).toEqual({ alias: 'contract', view: 'edit', id: 3, parentId: 9 });
    expect(found('triad/contract/add')).toBeNull();
  });

  it('refuses what the entity cannot do and paths no entity serves', () => {
    // triad has no generic list (its list is the crew widgets) and crew no import.
    expect(found('triad/triad')).toBeNull();
    expect(found('triad/crew/import')).toBeNull();
    expect(found('triad/crew/edit/0')).toBeNull();
    expect(found('triad/crew/edit/2147483648')).toBeNull();
    expect(found('triad/crew/edit/4/more')).toBeNull();
    expect(found('mail')).toBeNull();
    expect(found('questionnaire/categoryx')).toBeNull();
  });

  it('builds screen paths and returns saved forms to the feature page that lists the records', () => {
    expect(screenPath(area, entity('contract'), 9, 'edit', 3)).toBe('/lea-manager/7/triad/contract/9/edit/3');
    expect(returnPath(area, entity('crew'), null)).toBe('/lea-manager/7/triad');
    expect(returnPath(area, entity('contract'), 9)).toBe('/lea-manager/7/triad/contract/9');
    expect(screenPath({ kind: 'admin' }, entity('questionnaire-category'), null, 'add')).toBe('/admin/questionnaire/category/add');
  });

  it("finds a singleton's one record at its bare path or `…/edit`, and nothing else", () => {
    const singleton = (path: string) => matchScreen([DATA_AGREEMENT], path)?.view ?? null;
    expect(singleton('data-agreement/edit')).toBe('singleton');
    expect(singleton('data-agreement')).toBe('singleton');
    for (const path of ['data-agreement/list', 'data-agreement/add', 'data-agreement/edit/1', 'data-agreement/import']) {
      expect(singleton(path), path).toBeNull();
    }
    expect(entryPath({ kind: 'admin' }, DATA_AGREEMENT)).toBe('/admin/data-agreement/edit');
    expect(entryPath({ kind: 'admin' }, entity('questionnaire-category'))).toBe('/admin/questionnaire/category');
  });
});
