import EntityRoutePage from '../../../back-office/pages/entity-route-page';

/** The shared documents' list, add and edit screens: the back-office pages of the shared area's `document` entity. */
export default function SharedDocumentPage() {
  return <EntityRoutePage prefix="shared-document" />;
}
