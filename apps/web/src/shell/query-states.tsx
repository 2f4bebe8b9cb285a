import type { ReactNode } from 'react';
import { Center, EmptyState, Loader, Text } from '@mantine/core';

type Props = {
  /** The query whose answer the page lists. */
  query: { isPending: boolean; isError: boolean };
  /** Whether the answer, once there, has nothing to show. */
  empty: boolean;
  /** The red line shown when the query failed. */
  errorText: string;
  /** The empty state's icon and words. */
  emptyIcon: ReactNode;
  emptyTitle: string;
  /** The list itself, drawn only once the answer is there and not empty. */
  children: () => ReactNode;
};

/**
 * The four states of a page's list (spec 1 §9): a loader while it comes, a red line when it
 * failed, the empty state when it holds nothing, else the list. One place for the front office's
 * lists (lessons, links, notepad, gradebooks, attestations) and the manager's reported messages.
 */
export function QueryStates({ query, empty, errorText, emptyIcon, emptyTitle, children }: Props) {
  if (query.isPending)
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  if (query.isError) return <Text c="red">{errorText}</Text>;
  if (empty) return <EmptyState icon={emptyIcon} withIndicatorBackground title={emptyTitle} />;
  return <>{children()}</>;
}
