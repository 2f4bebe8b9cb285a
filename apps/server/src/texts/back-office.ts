import { defineCatalogue } from '@lea/shared';

/** The texts of the back-office engine (`generic/`): its entities' titles, labels and notices. */
export const BACK_OFFICE_TEXTS = defineCatalogue({} as const, {});
