export type Namespaces = Record<string, Record<string, unknown>>;

/** `locales/{lang}/{namespace}.json` files, each a namespace named after its file. */
export function collectNamespaces(files: Record<string, { default: Record<string, unknown> }>): Namespaces {
  const namespaces: Namespaces = {};
  for (const [path, module] of Object.entries(files)) {
    const match = /\/([\w-]+)\.json$/.exec(path);
    if (match?.[1]) namespaces[match[1]] = module.default;
  }
  return namespaces;
}

/**
 * The namespaces of the sign-in pages: the first chunk of each language (`resources-first-{lang}.ts`, whose glob
 * names them too); the others (`resources-rest-{lang}.ts`) load with the first other page (decision 034).
 */
export const FIRST_PAGE_NAMESPACES = ['common', 'auth'] as const;
