import { collectNamespaces } from './namespaces';

/** The other en texts, loaded with the first page that is not a sign-in page (decision 034). */
export default collectNamespaces(
  import.meta.glob<{ default: Record<string, unknown> }>(['./locales/en/*.json', '!./locales/en/{common,auth}.json'], { eager: true }),
);
