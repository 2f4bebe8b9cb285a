import type { EntityDescription } from '@lea/shared';
import { localize } from './text.js';
import type { EntityDeclaration, Locale, Plural, Speech, Text } from './types.js';

/**
 * What the web app needs to draw an entity's screens (GET …/generic/entities): titles in the
 * request's language, screen paths and capabilities, all read from the declaration, so that the
 * web app has no per-entity code (decision 022).
 */
export function describeEntity(entity: EntityDeclaration, speech: Locale | Speech): EntityDescription {
  const say = (text: Text) => localize(text, speech);
  const pick = (text: Text | undefined) => (text ? say(text) : null);
  const plural = (texts: Plural) => ({ one: say(texts.one), other: say(texts.other) });
  const { titles, exchange } = entity;
  const singleton = entity.singleton !== undefined;
  return {
    alias: entity.alias,
    pageActions: (entity.pageActions ?? []).map((action) => ({
      key: action.key,
      label: say(action.label),
      kind: action.kind,
      path: action.path,
      confirm: pick(action.confirm),
      choice: action.choice ? { query: action.choice.query, label: say(action.choice.label), path: action.choice.path } : null,
    })),
    parent: entity.parent?.alias ?? null,
    screen: { path: entity.screen.path, back: entity.screen.back ?? null },
    titles: {
      list: say(titles.list),
      add: say(titles.add),
      edit: say(titles.edit),
      back: say(titles.back),
      import: pick(titles.import),
      update: pick(titles.update),
    },
    importTexts: exchange
      ? {
          import: say(exchange.texts.import),
          update: say(exchange.texts.update),
          created: plural(exchange.texts.created),
          updated: plural(exchange.texts.updated),
          thanks: say(exchange.texts.thanks),
        }
      : null,
    can: {
      list: entity.list !== undefined,
      add: !singleton && entity.add !== false,
      edit: !singleton,
      remove: entity.remove !== undefined,
      sort: entity.position !== undefined,
      move: entity.move !== undefined,
      copy: entity.copy !== undefined,
      import: exchange?.apply !== undefined,
      export: exchange !== undefined,
      singleton,
    },
    bulkRemove: entity.bulkRemove ?? null,
    settings: entity.settings ?? null,
    tabs: entity.list?.tabs
      ? {
          key: entity.list.tabs.key,
          initial: entity.list.tabs.initial,
          options: entity.list.tabs.options.map((option) => ({ value: option.value, label: say(option.label) })),
        }
      : null,
  };
}
