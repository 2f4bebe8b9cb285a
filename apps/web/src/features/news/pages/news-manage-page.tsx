import EntityRoutePage from '../../../back-office/pages/entity-route-page';

/**
 * /admin/news/manage…: the news entity's list and forms (its screen path is `news/manage`). It has its own
 * route: the area's catch-all ranks below `news/:id`, which would read `manage` as a news item's id.
 */
export default function NewsManagePage() {
  return <EntityRoutePage prefix="news/manage" />;
}
