import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { files, userPlatforms, users } from '../../db/schema/index.js';

function buildProfileQuery(db: Db) {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
      email: users.email,
      roles: users.roles,
      type: users.type,
      address: users.address,
      complement: users.complement,
      postCode: users.postCode,
      city: users.city,
      phone: users.phone,
      mobile: users.mobile,
      parentFirstName: users.parentFirstName,
      parentLastName: users.parentLastName,
      photoPathName: files.pathName,
      photoName: files.name,
      photoOriginalName: files.originalName,
    })
    .from(users)
    .innerJoin(userPlatforms, and(eq(userPlatforms.userId, users.id), eq(userPlatforms.platformId, sql.placeholder('platformId'))))
    .leftJoin(files, eq(files.id, users.photoFileId))
    .where(and(eq(users.id, sql.placeholder('userId')), eq(users.active, true)))
    .limit(1)
    .prepare('find_profile');
}

/** Prepared once per database: GET /app/user/me is the most frequent call (and benchmarked). */
const profileQueries = new WeakMap<Db, ReturnType<typeof buildProfileQuery>>();

/** A member of the platform with the photo's file fields, in one prepared query. */
export async function findProfile(db: Db, userId: number, platformId: number) {
  let query = profileQueries.get(db);
  if (!query) {
    query = buildProfileQuery(db);
    profileQueries.set(db, query);
  }
  const [row] = await query.execute({ userId, platformId });
  return row ?? null;
}
export type ProfileRow = NonNullable<Awaited<ReturnType<typeof findProfile>>>;

export async function findUserName(db: Db, userId: number) {
  const [row] = await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}

export async function findPasswordHash(db: Db, userId: number): Promise<string | null> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.passwordHash ?? null;
}

/** What the profile form writes; never the e-mail, which changes only through a confirmed link. */
export type ProfileColumns = Partial<
  Pick<
    typeof users.$inferInsert,
    | 'firstName'
    | 'lastName'
    | 'parentFirstName'
    | 'parentLastName'
    | 'address'
    | 'complement'
    | 'postCode'
    | 'city'
    | 'phone'
    | 'mobile'
    | 'photoFileId'
  >
>;

export async function updateProfileColumns(tx: DbOrTx, userId: number, values: ProfileColumns): Promise<void> {
  await tx
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/** An image the user uploaded on this platform: the only files a profile photo may point to. */
export async function findOwnImage(db: Db, fileId: number, userId: number, platformId: number, mimeTypes: readonly string[]) {
  const [row] = await db
    .select({ id: files.id })
    .from(files)
    .where(
      and(eq(files.id, fileId), eq(files.uploadedBy, userId), eq(files.platformId, platformId), inArray(files.mimeType, [...mimeTypes])),
    )
    .limit(1);
  return row ?? null;
}
