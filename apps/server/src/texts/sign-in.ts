import { defineCatalogue } from '@lea/shared';

/** Sign-in by e-mail (issue 20 §1): the mail with the code and the link, the refusals. */
export const SIGN_IN_TEXTS = defineCatalogue(
  {
    codeSubject: '{platform} : votre code de connexion {code}',
    codeBody:
      "Bonjour {firstName},\n\nVoici votre code de connexion au livret d'apprentissage de {platform} :\n\n{code}\n\nOu ouvrez ce lien pour vous connecter directement :\n{link}\n\nLe code et le lien servent une seule fois et expirent dans 15 minutes.\n\nSi vous n'avez rien demandé, ignorez ce message : personne ne peut se connecter sans ce code.",
    reminderLink: 'Pour ouvrir le livret sans mot de passe (lien valable 15 minutes, un nouveau lien peut être demandé ensuite) :\n{link}',
    badCode: 'Code incorrect ou expiré',
    passwordNotAllowed: 'La connexion par mot de passe n’est pas proposée pour votre compte : recevez un code par e-mail',
  } as const,
  {
    codeSubject: '{platform}: your sign-in code {code}',
    codeBody:
      'Hello {firstName},\n\nHere is your sign-in code for the {platform} apprenticeship booklet:\n\n{code}\n\nOr open this link to sign in directly:\n{link}\n\nThe code and the link work once and expire in 15 minutes.\n\nIf you did not ask for it, ignore this message: nobody can sign in without this code.',
    reminderLink: 'To open the booklet without a password (link valid for 15 minutes; a new one can be requested afterwards):\n{link}',
    badCode: 'Wrong or expired code',
    passwordNotAllowed: 'Password sign-in is not offered for your account: receive a code by e-mail',
  } as const,
);
