type Locale = 'fr' | 'en';

export type EmailChangeFacts = {
  firstName: string;
  platformName: string;
  oldEmail: string;
  newEmail: string;
  link: string;
};

/** The mail to the new address: the link that makes it the account's address (valid 48 hours, once). */
export function emailChangeConfirmMail(locale: Locale, facts: EmailChangeFacts): { subject: string; text: string } {
  const { firstName, platformName, newEmail, link } = facts;
  if (locale === 'en') {
    return {
      subject: `${platformName}: confirm your new e-mail address`,
      text: [
        `Hello ${firstName},`,
        '',
        `${newEmail} was given as the new e-mail address of your ${platformName} account.`,
        'To confirm it, open this link (valid 48 hours, once):',
        link,
        '',
        'If you did not ask for it, ignore this message: the address of the account stays unchanged.',
      ].join('\n'),
    };
  }
  return {
    subject: `${platformName} : confirmez votre nouvelle adresse e-mail`,
    text: [
      `Bonjour ${firstName},`,
      '',
      `${newEmail} a été indiquée comme nouvelle adresse e-mail de votre compte ${platformName}.`,
      'Pour la confirmer, ouvrez ce lien (valable 48 heures, une seule fois) :',
      link,
      '',
      "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : l'adresse du compte reste inchangée.",
    ].join('\n'),
  };
}

/** The notice to the old address: someone asked to move the account elsewhere; it tells whom to warn. */
export function emailChangeNoticeMail(locale: Locale, facts: EmailChangeFacts): { subject: string; text: string } {
  const { firstName, platformName, newEmail } = facts;
  if (locale === 'en') {
    return {
      subject: `${platformName}: change of your e-mail address requested`,
      text: [
        `Hello ${firstName},`,
        '',
        `A change of the e-mail address of your ${platformName} account to ${newEmail} was requested.`,
        'It takes effect only once confirmed from the new address.',
        '',
        'If you did not ask for it, tell the manager of your training course or the administrator of the site at once.',
      ].join('\n'),
    };
  }
  return {
    subject: `${platformName} : changement de votre adresse e-mail demandé`,
    text: [
      `Bonjour ${firstName},`,
      '',
      `Le changement de l'adresse e-mail de votre compte ${platformName} pour ${newEmail} a été demandé.`,
      "Il ne prendra effet qu'après confirmation depuis la nouvelle adresse.",
      '',
      "Si vous n'êtes pas à l'origine de cette demande, prévenez sans attendre le responsable de votre formation ou l'administrateur du site.",
    ].join('\n'),
  };
}
