ALTER TABLE "user_platforms" ADD COLUMN "last_name_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_platforms" ADD COLUMN "first_name_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "user_platforms_name_order_idx" ON "user_platforms" USING btree ("platform_id","last_name_key","first_name_key","user_id");--> statement-breakpoint
-- The name keys of the admin user list (apps/server/src/generic/entities/admin-user-list.ts): filled
-- for the existing memberships, then kept by two triggers, so that no code path has to remember them.
UPDATE "user_platforms" AS up SET "last_name_key" = lower(u."last_name"), "first_name_key" = lower(u."first_name") FROM "users" AS u WHERE u."id" = up."user_id";--> statement-breakpoint
CREATE FUNCTION "user_platforms_name_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT lower(u."last_name"), lower(u."first_name") INTO NEW."last_name_key", NEW."first_name_key" FROM "users" AS u WHERE u."id" = NEW."user_id";
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "user_platforms_name_keys" BEFORE INSERT OR UPDATE ON "user_platforms" FOR EACH ROW EXECUTE FUNCTION "user_platforms_name_keys"();--> statement-breakpoint
CREATE FUNCTION "users_name_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "user_platforms" SET "last_name_key" = lower(NEW."last_name"), "first_name_key" = lower(NEW."first_name") WHERE "user_id" = NEW."id";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "users_name_keys" AFTER UPDATE OF "last_name", "first_name" ON "users" FOR EACH ROW WHEN (OLD."last_name" IS DISTINCT FROM NEW."last_name" OR OLD."first_name" IS DISTINCT FROM NEW."first_name") EXECUTE FUNCTION "users_name_keys"();
