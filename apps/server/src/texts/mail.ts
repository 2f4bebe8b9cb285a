import { DEFAULT_LOCALE, defineCatalogue, type Locale } from '@lea/shared';

/**
 * The language of a mail to someone else than the person whose request sends it (reminders, welcome
 * mails, document notices): the recipient's. Users have no language of their own yet, so it is the
 * platform's default; a mail to the requester themselves (reset, e-mail change) follows their request.
 */
export const RECIPIENT_LOCALE: Locale = DEFAULT_LOCALE;

/** Every mail the server sends: subjects and plain-text bodies (a body is one template, its lines separated by `\n`). */
export const MAIL_TEXTS = defineCatalogue(
  {
    resetSubject: '{platform} : réinitialisation de votre mot de passe',
    resetBody:
      "Bonjour {firstName},\n\nUne réinitialisation du mot de passe de votre compte {platform} a été demandée.\nPour choisir un nouveau mot de passe, ouvrez ce lien (valable une heure) :\n{link}\n\nSi vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.",
    emailConfirmSubject: '{platform} : confirmez votre nouvelle adresse e-mail',
    emailConfirmBody:
      "Bonjour {firstName},\n\n{newEmail} a été indiquée comme nouvelle adresse e-mail de votre compte {platform}.\nPour la confirmer, ouvrez ce lien (valable 48 heures, une seule fois) :\n{link}\n\nSi vous n'êtes pas à l'origine de cette demande, ignorez ce message : l'adresse du compte reste inchangée.",
    emailNoticeSubject: '{platform} : changement de votre adresse e-mail demandé',
    emailNoticeBody:
      "Bonjour {firstName},\n\nLe changement de l'adresse e-mail de votre compte {platform} pour {newEmail} a été demandé.\nIl ne prendra effet qu'après confirmation depuis la nouvelle adresse.\n\nSi vous n'êtes pas à l'origine de cette demande, prévenez sans attendre {manager} ou l'administrateur du site.",
    welcomeSubject: "{platform} : bienvenue sur votre livret d'apprentissage",
    welcomeBody:
      "Bonjour {firstName},\n\nUn compte vous a été ouvert sur le livret d'apprentissage {platform}, pour la formation {course}.\nVotre identifiant : {username}\n\nPour choisir votre mot de passe, ouvrez ce lien (valable 7 jours, une seule fois) :\n{link}\n\nConnectez-vous ensuite sur {loginUrl}",
    newPasswordSubject: '{platform} : choisissez un nouveau mot de passe',
    newPasswordBody:
      'Bonjour {firstName},\n\nPour la formation {course}, {manager} vous envoie un lien pour choisir un nouveau mot de passe sur {platform}.\nVotre identifiant : {username}\n\nPour choisir votre mot de passe, ouvrez ce lien (valable 3 jours, une seule fois) :\n{link}\n\nConnectez-vous ensuite sur {loginUrl}',
    documentSubject: 'Nouveau document : {title}',
    documentBody:
      "Bonjour {firstName},\n\n{author} a ajouté le document « {title} » au livret d'apprentissage.\n\nPour le consulter : {link}\n",
    noteSubject: 'Nouvelle note : {title}',
    noteBody: "Bonjour {firstName},\n\n{author} a ajouté la note « {title} » au livret d'apprentissage.\n\nPour la consulter : {link}\n",
    reminderSubject: '{platform} : des questionnaires vous attendent',
    reminderBody:
      "Bonjour {firstName},\n\nLes questionnaires suivants du livret d'apprentissage attendent encore votre saisie ou votre signature :\n{items}\n\nPour y accéder, connectez-vous au livret :\n{link}\n\nMerci, et bonne journée.",
    reminderItem: '- {title} : {what}',
    reminderItemOf: '- {title} ({apprentice}) : {what}',
    reminderBefore: '{what} avant le {date}',
    reminderComplete: 'à compléter',
    reminderSign: 'à signer',
    reminderCompleteAndSign: 'à compléter et signer',
    digestSubject: '{platform} : ce qui vous attend cette semaine',
    digestBody:
      "Bonjour {firstName},\n\nVoici ce qui vous attend dans le livret d'apprentissage cette semaine :\n\n{sections}\n\nVous recevez ce récapitulatif une fois par semaine quand quelque chose vous attend. Pour ne plus le recevoir, décochez « Récapitulatif hebdomadaire par courriel » sur votre profil : {profileLink}",
    digestQuestionnaires: 'Questionnaires :',
    digestQuestionnaire: '- {title} : {what}\n  {link}',
    digestQuestionnaireOf: '- {title} ({apprentice}) : {what}\n  {link}',
    digestAbsencesOne: '1 absence à justifier :\n  {link}',
    digestAbsences: '{count} absences à justifier :\n  {link}',
    digestMessagesOne: '1 message non lu :\n  {link}',
    digestMessages: '{count} messages non lus :\n  {link}',
  } as const,
  {
    resetSubject: '{platform}: reset your password',
    resetBody:
      'Hello {firstName},\n\nA password reset was requested for your {platform} account.\nTo choose a new password, open this link (valid for one hour):\n{link}\n\nIf you did not ask for it, ignore this message: your password stays unchanged.',
    emailConfirmSubject: '{platform}: confirm your new e-mail address',
    emailConfirmBody:
      'Hello {firstName},\n\n{newEmail} was given as the new e-mail address of your {platform} account.\nTo confirm it, open this link (valid 48 hours, once):\n{link}\n\nIf you did not ask for it, ignore this message: the address of the account stays unchanged.',
    emailNoticeSubject: '{platform}: change of your e-mail address requested',
    emailNoticeBody:
      'Hello {firstName},\n\nA change of the e-mail address of your {platform} account to {newEmail} was requested.\nIt takes effect only once confirmed from the new address.\n\nIf you did not ask for it, tell {manager} or the administrator of the site at once.',
    welcomeSubject: '{platform}: welcome to your apprenticeship booklet',
    welcomeBody:
      'Hello {firstName},\n\nAn account has been opened for you on the {platform} apprenticeship booklet, for the training course {course}.\nYour username: {username}\n\nTo choose your password, open this link (valid 7 days, once):\n{link}\n\nThen sign in at {loginUrl}',
    newPasswordSubject: '{platform}: choose a new password',
    newPasswordBody:
      'Hello {firstName},\n\nFor the training course {course}, {manager} sends you a link to choose a new password for {platform}.\nYour username: {username}\n\nTo choose your password, open this link (valid 3 days, once):\n{link}\n\nThen sign in at {loginUrl}',
    documentSubject: 'New document: {title}',
    documentBody:
      'Hello {firstName},\n\n{author} has added the document "{title}" to your apprenticeship booklet.\n\nSee it here: {link}\n',
    noteSubject: 'New note: {title}',
    noteBody: 'Hello {firstName},\n\n{author} has added the note "{title}" to your apprenticeship booklet.\n\nSee it here: {link}\n',
    reminderSubject: '{platform}: questionnaires are waiting for you',
    reminderBody:
      'Hello {firstName},\n\nThe following questionnaires of the apprenticeship booklet are still waiting for your answers or your signature:\n{items}\n\nTo open them, sign in to the booklet:\n{link}\n\nThank you.',
    reminderItem: '- {title}: {what}',
    reminderItemOf: '- {title} ({apprentice}): {what}',
    reminderBefore: '{what} before {date}',
    reminderComplete: 'to complete',
    reminderSign: 'to sign',
    reminderCompleteAndSign: 'to complete and sign',
    digestSubject: '{platform}: what is waiting for you this week',
    digestBody:
      'Hello {firstName},\n\nHere is what is waiting for you in the apprenticeship booklet this week:\n\n{sections}\n\nYou receive this summary once a week when something is waiting for you. To stop it, untick "Weekly summary by e-mail" on your profile: {profileLink}',
    digestQuestionnaires: 'Questionnaires:',
    digestQuestionnaire: '- {title}: {what}\n  {link}',
    digestQuestionnaireOf: '- {title} ({apprentice}): {what}\n  {link}',
    digestAbsencesOne: '1 absence to justify:\n  {link}',
    digestAbsences: '{count} absences to justify:\n  {link}',
    digestMessagesOne: '1 unread message:\n  {link}',
    digestMessages: '{count} unread messages:\n  {link}',
  },
);
