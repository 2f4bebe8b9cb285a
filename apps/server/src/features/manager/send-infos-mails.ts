import type { Locale } from '../../generic/types.js';

export type SendKind = 'welcome' | 'new-password';

export type MailFacts = {
  firstName: string;
  username: string;
  platformName: string;
  courseName: string;
  link: string;
  loginUrl: string;
};

/**
 * The welcome and new-password mails a course manager sends (spec 3 §2.2 "Send user infos"): the
 * username to sign in with and a single-use link to choose a password (valid 7 and 3 days).
 */
export function userInfoMail(kind: SendKind, locale: Locale, facts: MailFacts): { subject: string; text: string } {
  const { firstName, username, platformName, courseName, link, loginUrl } = facts;
  if (locale === 'en') {
    const welcome = kind === 'welcome';
    return {
      subject: welcome ? `${platformName}: welcome to your apprenticeship booklet` : `${platformName}: choose a new password`,
      text: [
        `Hello ${firstName},`,
        '',
        welcome
          ? `An account has been opened for you on the ${platformName} apprenticeship booklet, for the training course ${courseName}.`
          : `The manager of the training course ${courseName} sends you a link to choose a new password for ${platformName}.`,
        `Your username: ${username}`,
        '',
        `To choose your password, open this link (valid ${welcome ? '7' : '3'} days, once):`,
        link,
        '',
        `Then sign in at ${loginUrl}`,
      ].join('\n'),
    };
  }
  const welcome = kind === 'welcome';
  return {
    subject: welcome ? `${platformName} : bienvenue sur votre livret d'apprentissage` : `${platformName} : choisissez un nouveau mot de passe`,
    text: [
      `Bonjour ${firstName},`,
      '',
      welcome
        ? `Un compte vous a été ouvert sur le livret d'apprentissage ${platformName}, pour la formation ${courseName}.`
        : `Le responsable de la formation ${courseName} vous envoie un lien pour choisir un nouveau mot de passe sur ${platformName}.`,
      `Votre identifiant : ${username}`,
      '',
      `Pour choisir votre mot de passe, ouvrez ce lien (valable ${welcome ? '7' : '3'} jours, une seule fois) :`,
      link,
      '',
      `Connectez-vous ensuite sur ${loginUrl}`,
    ].join('\n'),
  };
}
