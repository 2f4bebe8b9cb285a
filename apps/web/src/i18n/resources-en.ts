import { collectNamespaces } from './namespaces';

/** Every namespace of the en texts, in one chunk loaded only when en is shown (decision 034). */
export default collectNamespaces(import.meta.glob<{ default: Record<string, unknown> }>('./locales/en/*.json', { eager: true }));
