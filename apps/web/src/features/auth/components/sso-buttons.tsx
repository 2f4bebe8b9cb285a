/**
 * The platform's single sign-on buttons ("Se connecter avec …", issue 20 §2), shown under the
 * sign-in forms by SignInAlternatives. Filled by the single sign-on work.
 */
export function SsoButtons() {
  return null;
}
