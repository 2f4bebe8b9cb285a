import { defineCatalogue } from '@lea/shared';

/** The manager's questionnaire editor: saving a model, copying and deleting (spec 3 §4). */
export const QUESTIONNAIRE_EDITOR_TEXTS = defineCatalogue(
  {
    saved: 'Le questionnaire a été enregistré',
    unknownReference: "Cet élément n'appartient pas à la formation",
    selfSecondary: 'Un questionnaire ne peut pas être son propre questionnaire secondaire',
    unknownQuestion: 'Question inconnue',
    keptAndDeleted: 'Cette question est à la fois conservée et supprimée',
    signedItem: 'Ce questionnaire a des réponses signées : la question « {title} » ne peut plus être supprimée ni changer de type',
    signedChoice: "Ce questionnaire a des réponses signées : l'option « {value} » de la question « {title} » a été choisie et doit rester",
    copied: 'Le questionnaire a été copié',
    cannotCopy: 'Ce questionnaire ne peut pas être copié',
    deleted: 'Le questionnaire a été supprimé',
    signed: 'Ce questionnaire a des réponses signées : il ne peut pas être supprimé. Désactivez-le plutôt.',
    copySuffix: ' (copie)',
    triadTitle: 'Trinôme {id}',
  } as const,
  {
    saved: 'The questionnaire has been saved',
    unknownReference: 'This item does not belong to the training course',
    selfSecondary: 'A questionnaire cannot be its own secondary questionnaire',
    unknownQuestion: 'Unknown question',
    keptAndDeleted: 'This question is both kept and deleted',
    signedItem: 'This questionnaire has signed replies: the question "{title}" can no longer be deleted or change type',
    signedChoice: 'This questionnaire has signed replies: the option "{value}" of the question "{title}" was chosen and must stay',
    copied: 'The questionnaire has been copied',
    cannotCopy: 'This questionnaire cannot be copied',
    deleted: 'The questionnaire has been deleted',
    signed: 'This questionnaire has signed replies: it cannot be deleted. Deactivate it instead.',
    copySuffix: ' (copy)',
    triadTitle: 'Triad {id}',
  },
);
