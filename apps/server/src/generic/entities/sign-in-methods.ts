import { eq } from 'drizzle-orm';
import { SIGN_IN_PROFILES, SignInMethodsInput, type SignInChoice } from '@lea/shared';
import { platforms } from '../../db/schema/index.js';
import { signInChoices } from '../../services/sign-in-profiles.js';
import { ownPlatformRow, type PlatformRecord } from './platform-row.js';
import { buildFormModel, choicesOf, type TabSpec } from '../form-builder.js';
import type { Locale } from '../types.js';
import { defineEntity } from '../types.js';

const CHOICES = [
  { value: 'password', label: 'signIn.choice.password' },
  { value: 'email', label: 'signIn.choice.email' },
  { value: 'both', label: 'signIn.choice.both' },
] as const;

function tabs(locale: Locale): TabSpec[] {
  return [
    {
      code: 'methods',
      label: 'signIn.settingsTab',
      fields: SIGN_IN_PROFILES.map((profile) => ({
        name: profile,
        kind: 'radio' as const,
        label: `signIn.profile.${profile}` as const,
        required: true,
        // Administrators keep the password: no platform can lock its administrators out.
        choices: choicesOf(locale, profile === 'admin' ? CHOICES.filter((choice) => choice.value !== 'email') : CHOICES),
        ...(profile === 'admin' ? { help: 'signIn.adminKeepsPassword' as const } : {}),
      })),
    },
  ];
}

/**
 * sign-in-methods (admin area, issue 20 §1): how each profile of the administrator's platform may
 * sign in, by password, by a code or link mailed to them, or both. A singleton: the platform's own
 * row. A person may use a method when any of their profiles allows it.
 */
export const signInMethodsEntity = defineEntity<PlatformRecord, SignInMethodsInput, 'admin'>({
  alias: 'sign-in-methods',
  table: platforms,
  area: 'admin',
  screen: { path: 'sign-in-methods' },
  titles: {
    list: 'signIn.settingsTitle',
    add: 'signIn.settingsEdit',
    edit: 'signIn.settingsEdit',
    back: 'signIn.settingsBack',
  },
  ...ownPlatformRow,
  async form(_db, scope, { record }) {
    return buildFormModel('sign-in-methods', scope.locale, tabs(scope.locale), signInChoices(record?.signInMethods));
  },
  input: SignInMethodsInput,
  async save(tx, scope, input) {
    const choices: Record<string, SignInChoice> = { ...input };
    if (choices.admin === 'email') choices.admin = 'both';
    await tx.update(platforms).set({ signInMethods: choices }).where(eq(platforms.id, scope.platformId));
    return scope.platformId;
  },
  messages: { saved: 'signIn.settingsSaved' },
});
