import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { files, messageRecipients, messages, userPlatforms, users } from '../../db/schema/index.js';

const profileColumns = {
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
};

/** The user's unread messages on the platform (as services/unread-messages.ts counts them), as a column. */
const unreadMessages = sql<number>`(
  select count(*)::int from ${messageRecipients}
  inner join ${messages} on ${messages.id} = ${messageRecipients.messageId}
  where ${messageRecipients.recipientId} = ${users.id} and ${messageRecipients.openedAt} is null
    and ${messages.platformId} = ${userPlatforms.platformId} and ${messages.deletedAt} is null
)`;

function buildProfileQuery(db: Db, withUnread: boolean) {
  return db
    .select({ ...profileColumns, unreadMessages: withUnread ? unreadMessages : sql<number>`0` })
    .from(users)
    .innerJoin(userPlatforms, and(eq(userPlatforms.userId, users.id), eq(userPlatforms.platformId, sql.placeholder('platformId'))))
    .leftJoin(files, eq(files.id, users.photoFileId))
    .where(and(eq(users.id, sql.placeholder('userId')), eq(users.active, true)))
    .limit(1)
    .prepare(withUnread ? 'find_me' : 'find_profile');
}

/** Prepared once per database: GET /app/user/me is the most frequent call (and benchmarked). */
const profileQueries = new WeakMap<Db, Record<'me' | 'profile', ReturnType<typeof buildProfileQuery>>>();

function profileQueryOf(db: Db, which: 'me' | 'profile') {
  let queries = profileQueries.get(db);
  if (!queries) {
    queries = { me: buildProfileQuery(db, true), profile: buildProfileQuery(db, false) };
    profileQueries.set(db, queries);
  }
  return queries[which];
}

/** A member of the platform with the photo's file fields, in one prepared query. */
export async function findProfile(db: Db, userId: number, platformId: number) {
  const [row] = await profileQueryOf(db, 'profile').execute({ userId, platformId });
  return row ?? null;
}

/** The signed-in user's profile and unread messages (`user/me`), in one prepared query. */
export async function findMe(db: Db, userId: number, platformId: number) {
  const [row] = await profileQueryOf(db, 'me').execute({ userId, platformId });
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
