import { z } from 'zod';

export const Logos = z.object({
  logoType: z.string().nullable(),
  logoCfa: z.string().nullable(),
  logoHomepage: z.string().nullable(),
});

/** Platform design (spec 1 §3.2). Logo and favicon values are inline-file URLs. */
export const Design = z.object({
  name: z.string(),
  hostname: z.string(),
  presentation: z.string().nullable(),
  legalNotice: z.string().nullable(),
  termOfService: z.string().nullable(),
  helpContactEmail: z.string().nullable(),
  helpContact: z.string().nullable(),
  homeAlert: z.string().nullable(),
  logos: Logos,
  favicon: z.string().nullable(),
  principalColor: z.string(),
  secondaryColor: z.string(),
  upload_dir: z.string(),
});
export type Design = z.infer<typeof Design>;

export const DataAgreement = z.object({
  legalNotice: z.string().nullable(),
  termOfService: z.string().nullable(),
  learnerPrivacy: z.string().nullable(),
  professionalTutorPrivacy: z.string().nullable(),
  pedagogicTutorPrivacy: z.string().nullable(),
});
export type DataAgreement = z.infer<typeof DataAgreement>;

export const HelpDocument = z.object({
  id: z.number().int(),
  title: z.string(),
  documentType: z.union([z.literal(1), z.literal(2)]),
  description: z.string().nullable(),
  file: z.object({ originalName: z.string(), pathName: z.string() }).nullable(),
});
export type HelpDocument = z.infer<typeof HelpDocument>;

export const GlobalDocument = z.object({
  id: z.number().int(),
  title: z.string(),
  file: z.object({ originalName: z.string(), pathName: z.string() }),
});
export type GlobalDocument = z.infer<typeof GlobalDocument>;

/** GET /app/document/home: the documents offered on the login page. */
export const GlobalDocumentList = z.object({ documents: z.array(GlobalDocument) });
export type GlobalDocumentList = z.infer<typeof GlobalDocumentList>;

export const PlatformInfo = z.object({ id: z.number().int(), hostname: z.string(), name: z.string() });
export type PlatformInfo = z.infer<typeof PlatformInfo>;

export const PlatformQuery = z.object({ frontHostname: z.string().max(255).optional() });

/** GET /app/config: what the web app needs to know about the deployment. */
export const AppConfig = z.object({
  version: z.string(),
  locales: z.array(z.string()),
  defaultLocale: z.string(),
  uploadMaxBytes: z.number().int(),
  uploadHardMaxBytes: z.number().int(),
  allowedExtensions: z.array(z.string()),
  helpDocuments: z.array(HelpDocument),
  chatbot: z.boolean(),
});
export type AppConfig = z.infer<typeof AppConfig>;
