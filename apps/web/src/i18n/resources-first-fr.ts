import { collectNamespaces } from './namespaces';

/** The fr texts of the sign-in pages (FIRST_PAGE_NAMESPACES), the first chunk of the language (decision 034). */
export default collectNamespaces(
  import.meta.glob<{ default: Record<string, unknown> }>('./locales/fr/{common,auth}.json', { eager: true }),
);
