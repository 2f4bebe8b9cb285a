import { describe, expect, it } from 'vitest';
import { matchScreen, returnPath, screenPath } from './screens';
import { ENTITIES, entity } from './test/entities';

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
});
