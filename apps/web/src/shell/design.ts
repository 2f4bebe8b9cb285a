import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AppConfig, DataAgreement, Design } from '@lea/shared';
import { checkedByServer } from './api-client';

/**
 * Platform data loaded at start (spec 1 §7.2): public calls, shared by the login layout and the shell; the sign-in
 * page shows them, so they are typed without zod (`checkedByServer`).
 */
const PLATFORM_STALE_MS = 5 * 60_000;

export const designKey = ['platform', 'design'] as const;
export const appConfigKey = ['platform', 'config'] as const;
export const dataAgreementKey = ['platform', 'data-agreement'] as const;

/** The platform's look: colours, logos, favicon, legal texts and help contact. Asked for at start by main.tsx. */
export const designQuery = queryOptions({
  queryKey: designKey,
  queryFn: () => checkedByServer<Design>('/app/design', { auth: false }),
  staleTime: PLATFORM_STALE_MS,
  meta: { errorPage: false },
});

export const appConfigQuery = queryOptions({
  queryKey: appConfigKey,
  queryFn: () => checkedByServer<AppConfig>('/app/config', { auth: false }),
  staleTime: PLATFORM_STALE_MS,
  meta: { errorPage: false },
});

/** Legal notice, terms and the three privacy notices. */
export const dataAgreementQuery = queryOptions({
  queryKey: dataAgreementKey,
  queryFn: () => checkedByServer<DataAgreement>('/app/data-agreement', { auth: false }),
  staleTime: PLATFORM_STALE_MS,
  meta: { errorPage: false },
});

export function useDesign() {
  return useQuery(designQuery);
}

export function useAppConfig() {
  return useQuery(appConfigQuery);
}

export function useDataAgreement() {
  return useQuery(dataAgreementQuery);
}

/** The help documents of the help modal; empty until the configuration arrives. */
export function useHelpDocuments() {
  const { data } = useAppConfig();
  return data?.helpDocuments ?? [];
}
