import type { QueryClient } from '@tanstack/react-query';
import { createContext, RouterContextProvider, type LoaderFunctionArgs } from 'react-router';
import { getCurrentTrainingCourseId, getCurrentTriadId } from './current-triad';
import { currentUserQuery } from './current-user';
import { appConfigQuery, dataAgreementQuery } from './design';
import { questionnaireListQuery } from './questionnaires/questionnaire-queries';
import { getTokens } from './session';
import { activeCourseCountQuery, courseTriadsQuery, triadQuery } from './shell-queries';

/** The app's query client, handed to the route loaders through the router's context. */
export const queryClientContext = createContext<QueryClient>();

export function createRouterContext(queryClient: QueryClient): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(queryClientContext, queryClient);
  return context;
}

export function queryClientOf(args: Pick<LoaderFunctionArgs, 'context'>): QueryClient {
  return (args.context as RouterContextProvider).get(queryClientContext);
}

/**
 * The loader of every signed-in page: starts the calls the shell needs (the user, the remembered
 * triad and its course's triads, the course count) at once, side by side and beside the download
 * of the page's code, instead of one after another as each component mounts. It does not wait for
 * them: the page renders as soon as its code is there and its queries pick up these answers.
 */
export function prefetchShellData(args: LoaderFunctionArgs): null {
  if (getTokens() === null) return null;
  const queryClient = queryClientOf(args);
  void queryClient.prefetchQuery(currentUserQuery);
  void queryClient.prefetchQuery(activeCourseCountQuery);
  // The footer's legal texts, the data-agreement gate and the help modal's documents.
  void queryClient.prefetchQuery(dataAgreementQuery);
  void queryClient.prefetchQuery(appConfigQuery);
  const triadId = getCurrentTriadId();
  if (triadId !== null) void queryClient.prefetchQuery(triadQuery(triadId));
  const courseId = getCurrentTrainingCourseId();
  if (courseId !== null) void queryClient.prefetchQuery(courseTriadsQuery(courseId));
  return null;
}

/** The home dashboard's loader: its questionnaire blocks, to-do and progress all read the working triad's list. */
export function prefetchHomeData(args: LoaderFunctionArgs): null {
  const triadId = getCurrentTriadId();
  if (getTokens() !== null && triadId !== null) void queryClientOf(args).prefetchQuery(questionnaireListQuery(triadId));
  return null;
}
