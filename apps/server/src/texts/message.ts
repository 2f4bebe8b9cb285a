import { defineCatalogue } from '@lea/shared';

/** Messaging (spec 2 §2 messaging, §5 send rules, §8): answers, field errors and the new-message mail. */
export const MESSAGE_TEXTS = defineCatalogue(
  {
    notFound: 'Message introuvable',
    courseNotFound: 'Formation introuvable',
    sent: 'Le message a bien été envoyé',
    removed: 'Le message a été supprimé',
    reported: 'Le message a été signalé aux responsables de la formation',
    titleRequired: 'Veuillez saisir un objet',
    recipientRequired: 'Veuillez choisir au moins un destinataire',
    recipientUnreachable: 'Ce destinataire ne fait pas partie de vos contacts',
    contentRequired: 'Écrivez un message ou joignez un fichier',
    courseRequired: 'Choisissez la formation du message',
    fileUnavailable: 'Ce fichier est introuvable',
    deletedText: 'Message supprimé par son auteur',
    menuMessaging: 'Messagerie',
    mailSubject: 'Nouveau message : {title}',
    mailBody:
      "Bonjour {firstName},\n\n{author} vous a écrit sur le livret d'apprentissage : « {title} ».\n\nPour le lire et répondre : {link}\n\nVous recevez ce courriel parce que vous l'avez demandé dans votre profil.",
  } as const,
  {
    notFound: 'Message not found',
    courseNotFound: 'Training course not found',
    sent: 'The message has been sent',
    removed: 'The message has been deleted',
    reported: "The message has been reported to the training course's managers",
    titleRequired: 'Please enter a subject',
    recipientRequired: 'Please choose at least one recipient',
    recipientUnreachable: 'This recipient is not one of your contacts',
    contentRequired: 'Write a message or attach a file',
    courseRequired: 'Choose the training course of the message',
    fileUnavailable: 'This file cannot be found',
    deletedText: 'Message deleted by its author',
    menuMessaging: 'Messages',
    mailSubject: 'New message: {title}',
    mailBody:
      'Hello {firstName},\n\n{author} has written to you on the apprenticeship booklet: "{title}".\n\nRead it and reply here: {link}\n\nYou receive this e-mail because you asked for it in your profile.',
  },
);
