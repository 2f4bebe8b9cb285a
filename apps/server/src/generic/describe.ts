import type { EntityDescription } from '@lea/shared';
import type { EntityDeclaration, Locale, Text } from './types.js';

/**
 * What the web app needs to draw an entity's screens (GET …/generic/entities): titles in the
 * request's language, screen paths and capabilities, all read from the declaration, so that the
 * web app has no per-entity code (decision 022).
 */
export function describeEntity(entity: EntityDeclaration, locale: Locale): EntityDescription {
  const pick = (text: Text | undefined) => (text ? text[locale] : null);
  const { titles, exchange } = entity;
  return {
    alias: entity.alias,
    parent: entity.parent?.alias ?? null,
    screen: { path: entity.screen.path, back: entity.screen.back ?? null },
    titles: { list: titles.list[locale], add: titles.add[locale], edit: titles.edit[locale], back: titles.back[locale], import: pick(titles.import), update: pick(titles.update) },
    importTexts: exchange
      ? {
          import: exchange.texts.import[locale],
          update: exchange.texts.update[locale],
          created: { one: exchange.texts.created.one[locale], other: exchange.texts.created.other[locale] },
          updated: { one: exchange.texts.updated.one[locale], other: exchange.texts.updated.other[locale] },
          thanks: exchange.texts.thanks[locale],
        }
      : null,
    can: {
      list: entity.list !== undefined,
      add: true,
      edit: true,
      remove: entity.remove !== undefined,
      sort: entity.position !== undefined,
      move: entity.move !== undefined,
      copy: entity.copy !== undefined,
      import: exchange?.apply !== undefined,
      export: exchange !== undefined,
    },
  };
}
