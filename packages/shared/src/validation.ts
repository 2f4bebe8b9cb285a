/**
 * Validation rules of spec 1 §5 with their exact French messages. The web forms and the
 * server both use these, so a value the browser accepts is a value the server accepts.
 */
import { IMPORT_MAX_LINES, IMPORT_MAX_UNZIPPED_BYTES, PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH } from './constants.js';

export const MESSAGES = {
  required: 'Ce champ est obligatoire',
  number: 'Merci de saisir un chiffre entier ou décimal',
  email: 'Merci de saisir une adresse email conforme',
  phone: 'Merci de saisir un numéro de téléphone conforme',
  tagsMin: (n: number) => `Veuillez respecter le nombre minimum de valeur (${n})`,
  tagsMax: (n: number) => `Veuillez respecter le nombre maximum de valeur (${n})`,
  password:
    'Veuillez saisir un mot de passe comportant 12 caractères minimum dont une minuscule, une majuscule, un chiffre et un caractère spécial',
  passwordTooLong: `Le mot de passe ne doit pas dépasser ${PASSWORD_MAX_LENGTH} caractères`,
  passwordCommon: 'Ce mot de passe est trop courant, veuillez en choisir un autre',
  passwordMismatch: 'Les deux mots de passe doivent être identiques',
  fileFormat: 'Veuillez séléctionner un fichier au bon format',
  fileFormatDefault:
    'Veuillez choisir un fichier de type pdf, doc, xls, xslx, csv, docx, jpeg, bmp, gif ou png',
  fileMissing: 'Vous devez ajouter un fichier',
  fileTooLarge: 'Veuillez choisir un fichier de moins de ',
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
  importLine: (line: number, column: number | string) => `Erreur ligne ${line} colonne ${column}`,
  importTooLong: `Le fichier dépasse ${IMPORT_MAX_LINES} lignes : découpez-le`,
  importTooLarge: `Ce fichier est trop volumineux une fois décompressé (${IMPORT_MAX_UNZIPPED_BYTES / (1024 * 1024)} Mo au plus) : enregistrez la seule feuille à importer dans un nouveau classeur`,
  importRunning: 'Un import est déjà en cours dans cette formation, veuillez réessayer quand il sera terminé',
  forbiddenRoute: 'Accès non autorisé',
  forbiddenRouteDetail:
    "Attention, vous n'avez pas les autorisations nécessaires pour accéder à cette page",
  tooManyAttempts: 'Trop de tentatives de connexion, veuillez réessayer dans quelques minutes',
  forbiddenCharacter: 'Ce champ contient un caractère non autorisé',
  currentPasswordWrong: 'Le mot de passe actuel est erroné',
  emailLinkExpired: "Ce lien de confirmation n'est plus valable : demandez à nouveau le changement d'adresse e-mail",
  tooManyRequests: 'Trop de demandes en peu de temps, veuillez réessayer dans un instant',
  uploadQuota: "Vous avez atteint l'espace maximal de vos fichiers déposés, supprimez-en ou contactez votre administrateur",
  fileLinkExpired: 'Ce lien a expiré, rechargez la page pour en obtenir un nouveau',
  personElsewhere:
    "Cette personne fait partie d'une formation que vous ne gérez pas : demandez à un administrateur de faire ce changement",
} as const;

export function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** Optionally signed integer or decimal, with a dot or a comma. */
export const NUMBER_PATTERN = /^[-+]?\d+([.,]\d+)?$/;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
/** French or international phone numbers: digits, spaces, dots, dashes, an optional leading +. */
export const PHONE_PATTERN = /^\+?[0-9](?:[ .-]?[0-9]){7,14}$/;

export function isValidNumber(value: string): boolean {
  return NUMBER_PATTERN.test(value.trim());
}
export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}
export function isValidPhone(value: string): boolean {
  return PHONE_PATTERN.test(value.trim());
}

/** The spec's client rule: at least 12 characters with a lowercase, an uppercase, a digit and a special character. */
export function isStrongPassword(value: string): boolean {
  return (
    value.length >= PASSWORD_MIN_LENGTH &&
    value.length <= PASSWORD_MAX_LENGTH &&
    /[a-z]/.test(value) &&
    /[A-Z]/.test(value) &&
    /\d/.test(value) &&
    /[^A-Za-z0-9]/.test(value)
  );
}

/** Returns the message of the first failed rule, or null. Used by every field validator. */
export function validatePassword(value: string): string | null {
  if (isEmpty(value)) return MESSAGES.required;
  if (value.length > PASSWORD_MAX_LENGTH) return MESSAGES.passwordTooLong;
  if (!isStrongPassword(value)) return MESSAGES.password;
  return null;
}

export function validatePasswordConfirmation(password: string, confirmation: string): string | null {
  if (isEmpty(confirmation)) return MESSAGES.required;
  if (password !== confirmation) return MESSAGES.passwordMismatch;
  if (!isStrongPassword(confirmation)) return MESSAGES.password;
  return null;
}

export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

export function isAllowedExtension(name: string, allowed: readonly string[]): boolean {
  return allowed.includes(fileExtension(name));
}

/** 'file_size_error' followed by the size in Mo (spec 1 §5.2). */
export function fileSizeMessage(maxBytes: number): string {
  const mo = Math.round((maxBytes / (1024 * 1024)) * 10) / 10;
  return `${MESSAGES.fileTooLarge}${mo} Mo`;
}

/** Size in bytes of the file carried by a base64 string (without a data: prefix). */
export function base64ByteLength(data: string): number {
  const clean = data.replace(/^data:[^,]*,/, '').replace(/\s/g, '');
  const padding = clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0;
  return Math.floor((clean.length * 3) / 4) - padding;
}
