import { collectNamespaces } from './namespaces';

/** The other fr texts, loaded with the first page that is not a sign-in page (decision 034). */
export default collectNamespaces(
  import.meta.glob<{ default: Record<string, unknown> }>(['./locales/fr/*.json', '!./locales/fr/{common,auth}.json'], { eager: true }),
);
