import { eq, sql } from 'drizzle-orm';
import { ROLE_ADMIN, SIGN_IN_DEFAULTS, SIGN_IN_PROFILES, type SignInChoice, type SignInProfile } from '@lea/shared';
import type { DbOrTx } from '../db/client.js';
import { platforms } from '../db/schema/index.js';

/**
 * What a person is on a platform, for choosing how they may sign in (issue 20 §1 and §2): the
 * profiles they hold in the active triads of the platform's courses, course manager, administrator.
 * One statement.
 */
export async function signInProfilesOf(db: DbOrTx, user: { id: number; roles: string[] }, platformId: number): Promise<Set<SignInProfile>> {
  // Both drivers (node-postgres, PGlite) answer `{rows}`; the engine-neutral Db type cannot say so.
  const result = (await db.execute(sql`
    select distinct p.profile from (
      select case
          when t.apprentice_id = ${user.id} then 'apprentice'
          when ${user.id} in (t.tutor_id, t.tutor2_id) then 'tutor'
          when ${user.id} in (t.apprentice_master_id, t.apprentice_master2_id) then 'apprentice_master'
          else 'company_manager'
        end as profile
        from triads t
        join training_courses c on c.id = t.training_course_id
        join trainings tr on tr.id = c.training_id
        where tr.platform_id = ${platformId} and t.active
          and ${user.id} in (t.apprentice_id, t.tutor_id, t.tutor2_id, t.apprentice_master_id, t.apprentice_master2_id, t.company_manager_id)
      union all
      select 'secondary' from triad_users tu
        join triads t on t.id = tu.triad_id
        join training_courses c on c.id = t.training_course_id
        join trainings tr on tr.id = c.training_id
        where tu.user_id = ${user.id} and tr.platform_id = ${platformId} and t.active
      union all
      select 'manager' from training_course_managers m
        join training_courses c on c.id = m.training_course_id
        join trainings tr on tr.id = c.training_id
        where m.user_id = ${user.id} and tr.platform_id = ${platformId}
    ) p`)) as unknown as { rows: { profile: string }[] };
  const profiles = new Set<SignInProfile>();
  for (const row of result.rows)
    if ((SIGN_IN_PROFILES as readonly string[]).includes(row.profile)) profiles.add(row.profile as SignInProfile);
  if (user.roles.includes(ROLE_ADMIN)) profiles.add('admin');
  return profiles;
}

/** A platform's choice per profile, the defaults filling what it has not chosen; administrators keep the password. */
export function signInChoices(stored: Record<string, SignInChoice> | null | undefined): Record<SignInProfile, SignInChoice> {
  const choices = { ...SIGN_IN_DEFAULTS };
  for (const profile of SIGN_IN_PROFILES) {
    const choice = stored?.[profile];
    if (choice === 'password' || choice === 'email' || choice === 'both') choices[profile] = choice;
  }
  if (choices.admin === 'email') choices.admin = 'both';
  return choices;
}

/**
 * The methods a person may use: any of their profiles allowing it is enough (someone who is both a
 * master and a tutor keeps the password). Someone with no profile yet (an account waiting for its
 * triad) signs in by password only.
 */
export function allowedSignIn(
  stored: Record<string, SignInChoice> | null | undefined,
  profiles: Set<SignInProfile>,
): { password: boolean; email: boolean } {
  if (profiles.size === 0) return { password: true, email: false };
  const choices = signInChoices(stored);
  let password = false;
  let email = false;
  for (const profile of profiles) {
    const choice = choices[profile];
    if (choice !== 'email') password = true;
    if (choice !== 'password') email = true;
  }
  return { password, email };
}

/** Whether a password sign-in is allowed to this person on the platform (checked once the password is right). */
export async function passwordAllowed(db: DbOrTx, user: { id: number; roles: string[] }, platformId: number): Promise<boolean> {
  const [[platform], profiles] = await Promise.all([
    db.select({ choices: platforms.signInMethods }).from(platforms).where(eq(platforms.id, platformId)),
    signInProfilesOf(db, user, platformId),
  ]);
  return allowedSignIn(platform?.choices, profiles).password;
}
