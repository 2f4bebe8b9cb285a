/**
 * The messages of the shared rules (spec 1 §5 validation, the questionnaire editor's save rules) in
 * fr and en. The rules produce the French text (the spec's wording); `localizeMessage` shows it in
 * the reader's language, on the server's answers and on the web's screens alike.
 */
import { defineCatalogue, createLocalizer, fillTemplate, type ParamsOf, type Params, type Catalogue, type Templates } from './catalogue.js';
import { IMPORT_MAX_LINES, IMPORT_MAX_UNZIPPED_BYTES, PASSWORD_MAX_LENGTH, type Locale } from './constants.js';

const IMPORT_MAX_MB = IMPORT_MAX_UNZIPPED_BYTES / (1024 * 1024);

export const VALIDATION_MESSAGES = defineCatalogue(
  {
    required: 'Ce champ est obligatoire',
    number: 'Merci de saisir un chiffre entier ou décimal',
    email: 'Merci de saisir une adresse email conforme',
    phone: 'Merci de saisir un numéro de téléphone conforme',
    date: 'Merci de saisir une date conforme',
    choice: 'Merci de choisir une valeur de la liste',
    invalidColor: 'Merci de saisir une couleur au format #rrggbb',
    tooLong: 'Ce champ ne doit pas dépasser {max} caractères',
    tagsMin: 'Veuillez respecter le nombre minimum de valeur ({n})',
    tagsMax: 'Veuillez respecter le nombre maximum de valeur ({n})',
    password:
      'Veuillez saisir un mot de passe comportant 12 caractères minimum dont une minuscule, une majuscule, un chiffre et un caractère spécial',
    passwordTooLong: `Le mot de passe ne doit pas dépasser ${PASSWORD_MAX_LENGTH} caractères`,
    passwordCommon: 'Ce mot de passe est trop courant, veuillez en choisir un autre',
    passwordMismatch: 'Les deux mots de passe doivent être identiques',
    fileFormat: 'Veuillez séléctionner un fichier au bon format',
    fileFormatDefault: 'Veuillez choisir un fichier de type pdf, doc, xls, xslx, csv, docx, jpeg, bmp, gif ou png',
    fileMissing: 'Vous devez ajouter un fichier',
    fileTooLarge: 'Veuillez choisir un fichier de moins de {size} Mo',
    fileUnavailable: 'Oups, on dirait que le fichier est indisponible',
    badCredentials: 'Identifiants erronés',
    loginError: "Erreur lors de l'identification",
    noAccess: "Vous n'avez pas accès à l'application sur ce compte",
    saveError: "Oups, il y'a eu une erreur lors de l'enregistrement",
    sendError: "Oups, il y'a eu une erreur lors de l'envoi",
    deleteError: "Oups, il y'a eu une erreur lors de la suppression",
    generic: "Une erreur s'est produite, veuillez réessayer plus tard !",
    alreadySigned: 'Attention le questionnaire a déjà été signé !',
    rightsMissing: "Attention il manque certains droits d'accès ou des titres aux questions !",
    importTooLong: `Le fichier dépasse ${IMPORT_MAX_LINES} lignes : découpez-le`,
    importTooLarge: `Ce fichier est trop volumineux une fois décompressé (${IMPORT_MAX_MB} Mo au plus) : enregistrez la seule feuille à importer dans un nouveau classeur`,
    importRunning: 'Un import est déjà en cours dans cette formation, veuillez réessayer quand il sera terminé',
    forbiddenRoute: 'Accès non autorisé',
    forbiddenRouteDetail: "Attention, vous n'avez pas les autorisations nécessaires pour accéder à cette page",
    tooManyAttempts: 'Trop de tentatives de connexion, veuillez réessayer dans quelques minutes',
    forbiddenCharacter: 'Ce champ contient un caractère non autorisé',
    currentPasswordWrong: 'Le mot de passe actuel est erroné',
    emailLinkExpired: "Ce lien de confirmation n'est plus valable : demandez à nouveau le changement d'adresse e-mail",
    tooManyRequests: 'Trop de demandes en peu de temps, veuillez réessayer dans un instant',
    uploadQuota: "Vous avez atteint l'espace maximal de vos fichiers déposés, supprimez-en ou contactez votre administrateur",
    fileLinkExpired: 'Ce lien a expiré, rechargez la page pour en obtenir un nouveau',
    personElsewhere:
      "Cette personne fait partie d'une formation que vous ne gérez pas : demandez à un administrateur de faire ce changement",
    webAddress: 'Merci de saisir une adresse web commençant par http:// ou https://',
  } as const,
  {
    required: 'This field is required',
    number: 'Please enter a whole or decimal number',
    email: 'Please enter a valid email address',
    phone: 'Please enter a valid phone number',
    date: 'Please enter a valid date',
    choice: 'Please choose a value from the list',
    invalidColor: 'Please enter a colour as #rrggbb',
    tooLong: 'This field must not exceed {max} characters',
    tagsMin: 'Please respect the minimum number of values ({n})',
    tagsMax: 'Please respect the maximum number of values ({n})',
    password:
      'Please enter a password of at least 12 characters including a lowercase letter, an uppercase letter, a digit and a special character',
    passwordTooLong: `The password must not exceed ${PASSWORD_MAX_LENGTH} characters`,
    passwordCommon: 'This password is too common, please choose another one',
    passwordMismatch: 'The two passwords must be identical',
    fileFormat: 'Please select a file in the right format',
    fileFormatDefault: 'Please choose a file of type pdf, doc, xls, xslx, csv, docx, jpeg, bmp, gif or png',
    fileMissing: 'You must add a file',
    fileTooLarge: 'Please choose a file smaller than {size} MB',
    fileUnavailable: 'Oops, the file seems to be unavailable',
    badCredentials: 'Wrong username or password',
    loginError: 'Error while signing in',
    noAccess: 'This account has no access to the application',
    saveError: 'Oops, there was an error while saving',
    sendError: 'Oops, there was an error while sending',
    deleteError: 'Oops, there was an error while deleting',
    generic: 'An error occurred, please try again later!',
    alreadySigned: 'Warning: the questionnaire has already been signed!',
    rightsMissing: 'Warning: some questions are missing access rights or titles!',
    importTooLong: `The file has more than ${IMPORT_MAX_LINES} lines: split it`,
    importTooLarge: `This file is too large once unzipped (${IMPORT_MAX_MB} MB at most): save the one sheet to import in a new workbook`,
    importRunning: 'An import is already running in this training course, please try again when it has finished',
    forbiddenRoute: 'Access denied',
    forbiddenRouteDetail: 'Warning, you do not have the permissions needed to open this page',
    tooManyAttempts: 'Too many sign-in attempts, please try again in a few minutes',
    forbiddenCharacter: 'This field holds a character that is not allowed',
    currentPasswordWrong: 'The current password is wrong',
    emailLinkExpired: 'This confirmation link is no longer valid: ask for the change of e-mail address again',
    tooManyRequests: 'Too many requests in a short time, please try again in a moment',
    uploadQuota: 'You have reached the maximum space for your uploaded files: delete some or contact your administrator',
    fileLinkExpired: 'This link has expired, reload the page to get a new one',
    personElsewhere: 'This person belongs to a training course you do not manage: ask an administrator to make this change',
    webAddress: 'Please enter a web address starting with http:// or https://',
  },
);

export const EDITOR_RULE_MESSAGES = defineCatalogue(
  {
    invalid: 'Le questionnaire contient des erreurs : corrigez les champs signalés',
    questionsInvalid: VALIDATION_MESSAGES.fr.rightsMissing,
    titleMissing: 'Titre manquant',
    accessMissing: "Droits d'accès manquants",
    signerCannotView: 'Un profil signataire doit pouvoir voir le questionnaire',
    endBeforeStart: 'La date de fin doit suivre la date de début',
    secondBeforeFirst: 'La seconde relance doit suivre la première',
    unknownType: 'Type de champ inconnu',
    choicesMissing: 'Une liste de choix garde au moins une option',
    choiceEmpty: 'Une option de la liste ne peut pas être vide',
    choiceDuplicate: 'Cette option figure deux fois dans la liste',
    gridRowsMissing: 'Un tableau a au moins une ligne',
    rowsOnlyInClusters: 'Seul un groupe de questions contient des lignes',
    rowIsField: 'Une ligne de groupe est un champ',
    openedAccessMissing: 'Choisissez les profils qui peuvent ajouter des lignes',
    duplicateId: 'Cette question figure deux fois dans le questionnaire',
  } as const,
  {
    invalid: 'The questionnaire has errors: correct the fields flagged',
    questionsInvalid: VALIDATION_MESSAGES.en.rightsMissing,
    titleMissing: 'Title missing',
    accessMissing: 'Access rights missing',
    signerCannotView: 'A signing profile must be able to view the questionnaire',
    endBeforeStart: 'The end date must follow the start date',
    secondBeforeFirst: 'The second reminder must follow the first',
    unknownType: 'Unknown field type',
    choicesMissing: 'A choice list keeps at least one option',
    choiceEmpty: 'An option of the list cannot be empty',
    choiceDuplicate: 'This option is twice in the list',
    gridRowsMissing: 'A grid has at least one row',
    rowsOnlyInClusters: 'Only a question group holds rows',
    rowIsField: 'A row of a group is a field',
    openedAccessMissing: 'Choose the profiles who may add rows',
    duplicateId: 'This question is twice in the questionnaire',
  },
);

/** A catalogue's texts in one locale: plain texts as strings, templates as functions of their params. */
export type MessagesOf<T extends Templates> = {
  readonly [K in keyof T]: [ParamsOf<T[K]>] extends [never] ? string : (params: Params<T[K]>) => string;
};

export function messagesOf<T extends Templates>(catalogue: Catalogue<T>, locale: Locale): MessagesOf<T> {
  const entries = Object.entries(catalogue[locale]).map(([key, template]) => [
    key,
    /\{\w+\}/.test(template) ? (params: Readonly<Record<string, unknown>>) => fillTemplate(template, params) : template,
  ]);
  return Object.fromEntries(entries) as MessagesOf<T>;
}

/** The validation messages in a locale (the web's client-side checks, the server's field errors). */
export const messagesFor = (locale: Locale) => messagesOf(VALIDATION_MESSAGES, locale);

/** Shows a message of the shared rules (produced in French) in `locale`; other texts pass through. */
export const localizeMessage = createLocalizer([VALIDATION_MESSAGES, EDITOR_RULE_MESSAGES]);
