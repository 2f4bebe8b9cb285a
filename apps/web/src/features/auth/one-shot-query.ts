/**
 * The query options of a page that opens a single-use link (e-mail confirmation, sign-in link):
 * sent once and never again, not on a remount, a focus or a reconnection, which would find the
 * link used; a refusal is the page's to tell, not the error page's.
 */
export const ONE_SHOT_QUERY = {
  retry: false,
  staleTime: Infinity,
  gcTime: Infinity,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
  meta: { errorPage: false },
} as const;
