import { collectNamespaces } from './namespaces';

/** The en texts of the sign-in pages (FIRST_PAGE_NAMESPACES), the first chunk of the language (decision 034). */
export default collectNamespaces(
  import.meta.glob<{ default: Record<string, unknown> }>('./locales/en/{common,auth}.json', { eager: true }),
);
