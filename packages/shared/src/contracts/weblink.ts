import { z } from 'zod';
import { FormText } from './manager.js';
import { FormOptionalFile, FormWebAddress } from './lesson.js';

/** web-link (manager area): spec 2 §3 Web link: name, url (http or https only), logo. */
export const WebLinkInput = z.object({ name: FormText(255), url: FormWebAddress, logoFile: FormOptionalFile });
export type WebLinkInput = z.infer<typeof WebLinkInput>;

/** `GET /app/web-link/list/{triad}`: the course's useful links in their order, with the logo's signed link. */
export const WebLinkListResponse = z.object({
  webLinks: z.array(z.object({ id: z.number().int(), name: z.string(), url: z.string(), logo: z.string().nullable() })),
});
export type WebLinkListResponse = z.infer<typeof WebLinkListResponse>;
