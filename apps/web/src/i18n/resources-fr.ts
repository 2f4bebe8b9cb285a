import { collectNamespaces } from './namespaces';

/** Every namespace of the fr texts, in one chunk loaded only when fr is shown (decision 034). */
export default collectNamespaces(import.meta.glob<{ default: Record<string, unknown> }>('./locales/fr/*.json', { eager: true }));
