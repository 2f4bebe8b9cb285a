import { and, asc, eq } from 'drizzle-orm';
import { SIGN_IN_PROFILES, SSO_MATCH_BY, SsoProviderInput, type ValidationError } from '@lea/shared';
import { oidcProviders } from '../../db/schema/index.js';
import { CLIENT_SECRET_PURPOSE, isAllowedIssuer } from '../../services/oidc-issuer.js';
import { sealSecret } from '../../services/secret-box.js';
import { text, type PlainTextKey } from '../../texts/index.js';
import { buildFormModel, choicesOf } from '../form-builder.js';
import { defineEntity } from '../types.js';

type ProviderRecord = typeof oidcProviders.$inferSelect;
const profileLabel = (profile: string) => `sso.profile.${profile}` as PlainTextKey;
const matchLabel = (matchBy: string) => `sso.matchBy.${matchBy}` as PlainTextKey;

/**
 * sso-provider (admin area, issue 20 §2): the platform's OpenID Connect providers, behind the login
 * page's "Se connecter avec …" buttons (features/sso). Another platform's is a 404. The client
 * secret is sealed when stored (services/secret-box.ts) and never sent back: the form shows it
 * blank, and a blank secret keeps the stored one. Deleting a provider deletes its linked
 * identities and logins in progress (foreign keys).
 */
export const ssoProviderEntity = defineEntity<ProviderRecord, SsoProviderInput, 'admin'>({
  alias: 'sso-provider',
  table: oidcProviders,
  area: 'admin',
  screen: { path: 'sso-provider' },
  titles: { list: 'sso.list', add: 'sso.add', edit: 'sso.edit', back: 'sso.back' },
  async find(db, scope, id) {
    const [row] = await db
      .select()
      .from(oidcProviders)
      .where(and(eq(oidcProviders.id, id), eq(oidcProviders.platformId, scope.platformId)))
      .limit(1);
    return row ?? null;
  },
  list: {
    columns: [
      { key: 'id', label: 'backOffice.word.id', filterable: false, sortable: false, format: 'text', hidden: true },
      { key: 'label', label: 'sso.label', filterable: true, sortable: true, format: 'text', hidden: false },
      { key: 'issuer', label: 'sso.issuer', filterable: true, sortable: true, format: 'text', hidden: false },
      { key: 'profiles', label: 'sso.profiles', filterable: true, sortable: false, format: 'text', hidden: false },
      { key: 'matchBy', label: 'sso.matchBy', filterable: false, sortable: true, format: 'text', hidden: false },
      { key: 'active', label: 'sso.active', filterable: false, sortable: true, format: 'boolean', hidden: false },
    ],
    async rows(db, scope) {
      const rows = await db
        .select({
          id: oidcProviders.id,
          label: oidcProviders.label,
          issuer: oidcProviders.issuer,
          profiles: oidcProviders.profiles,
          matchBy: oidcProviders.matchBy,
          active: oidcProviders.active,
        })
        .from(oidcProviders)
        .where(eq(oidcProviders.platformId, scope.platformId))
        .orderBy(asc(oidcProviders.label), asc(oidcProviders.id));
      return rows.map((row) => ({
        ...row,
        profiles: row.profiles.map((profile) => text(scope.locale, profileLabel(profile))).join(', '),
        matchBy: text(scope.locale, matchLabel(row.matchBy)),
      }));
    },
  },
  async form(_db, scope, { record }) {
    return buildFormModel(
      'sso-provider',
      scope.locale,
      [
        {
          code: 'provider',
          label: 'sso.tab',
          fields: [
            { name: 'label', kind: 'text', label: 'sso.label', required: true },
            {
              name: 'issuer',
              kind: 'text',
              label: 'sso.issuer',
              help: 'sso.issuerHelp',
              required: true,
              attributes: { placeholder: 'https://' },
            },
            { name: 'clientId', kind: 'text', label: 'sso.clientId', required: true },
            // Write-only: the form never carries the stored secret. A text field, not a password one:
            // the provider chose the secret, the password strength rule does not apply to it.
            {
              name: 'clientSecret',
              kind: 'text',
              label: 'sso.clientSecret',
              help: 'sso.clientSecretHelp',
              required: record === null,
              attributes: record ? { placeholder: text(scope.locale, 'sso.secretKept') } : {},
            },
            {
              name: 'profiles',
              kind: 'checkboxgroup',
              label: 'sso.profiles',
              required: true,
              choices: choicesOf(
                scope.locale,
                SIGN_IN_PROFILES.map((profile) => ({ value: profile, label: profileLabel(profile) })),
              ),
              initial: ['manager'],
            },
            {
              name: 'matchBy',
              kind: 'radio',
              label: 'sso.matchBy',
              required: true,
              choices: choicesOf(
                scope.locale,
                SSO_MATCH_BY.map((matchBy) => ({ value: matchBy, label: matchLabel(matchBy) })),
              ),
              initial: 'email',
            },
            { name: 'active', kind: 'checkbox', label: 'sso.active', initial: true },
          ],
        },
      ],
      record
        ? {
            label: record.label,
            issuer: record.issuer,
            clientId: record.clientId,
            clientSecret: '',
            profiles: record.profiles,
            matchBy: record.matchBy,
            active: record.active,
          }
        : null,
    );
  },
  input: SsoProviderInput,
  async check(_db, scope, input, { record }) {
    const errors: ValidationError[] = [];
    if (!isAllowedIssuer(input.issuer)) errors.push({ field: 'issuer', message: text('fr', 'sso.badIssuer') });
    if (record === null && input.clientSecret === null) errors.push({ field: 'clientSecret', message: text('fr', 'sso.secretRequired') });
    return errors;
  },
  async save(tx, scope, input, { record }, ctx) {
    const values = {
      label: input.label,
      issuer: input.issuer,
      clientId: input.clientId,
      profiles: SIGN_IN_PROFILES.filter((profile) => input.profiles.includes(profile)),
      matchBy: input.matchBy,
      active: input.active,
      ...(input.clientSecret === null ? {} : { clientSecret: sealSecret(ctx.config.jwtSecret, CLIENT_SECRET_PURPOSE, input.clientSecret) }),
    };
    if (record) {
      await tx.update(oidcProviders).set(values).where(eq(oidcProviders.id, record.id));
      return record.id;
    }
    const [row] = await tx
      .insert(oidcProviders)
      .values({ clientSecret: '', ...values, platformId: scope.platformId })
      .returning({ id: oidcProviders.id });
    return row!.id;
  },
  async remove(tx, _scope, record) {
    await tx.delete(oidcProviders).where(eq(oidcProviders.id, record.id));
    return { warnings: [] };
  },
  messages: { saved: 'sso.saved', removed: 'sso.removed' },
});
