ALTER TABLE "triads" ADD COLUMN "apprentice_last_name" varchar(100);--> statement-breakpoint
ALTER TABLE "triads" ADD COLUMN "apprentice_first_name" varchar(100);--> statement-breakpoint
CREATE INDEX "triads_course_order_idx" ON "triads" USING btree ("training_course_id","active","apprentice_last_name","apprentice_first_name","id");--> statement-breakpoint
-- A course's triads are listed by their apprentice's name (features/triad/queries.ts): the names are
-- copied into the triad, filled for the existing triads, then kept by two triggers, so that no code
-- path has to remember them and a page is a walk of the index above instead of a sort of the course.
UPDATE "triads" AS t SET "apprentice_last_name" = u."last_name", "apprentice_first_name" = u."first_name" FROM "users" AS u WHERE u."id" = t."apprentice_id";--> statement-breakpoint
CREATE FUNCTION "triads_apprentice_names"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."apprentice_last_name" := NULL;
  NEW."apprentice_first_name" := NULL;
  SELECT u."last_name", u."first_name" INTO NEW."apprentice_last_name", NEW."apprentice_first_name" FROM "users" AS u WHERE u."id" = NEW."apprentice_id";
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "triads_apprentice_names" BEFORE INSERT OR UPDATE ON "triads" FOR EACH ROW EXECUTE FUNCTION "triads_apprentice_names"();--> statement-breakpoint
CREATE FUNCTION "users_triad_names"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "triads" SET "apprentice_last_name" = NEW."last_name", "apprentice_first_name" = NEW."first_name" WHERE "apprentice_id" = NEW."id";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "users_triad_names" AFTER UPDATE OF "last_name", "first_name" ON "users" FOR EACH ROW WHEN (OLD."last_name" IS DISTINCT FROM NEW."last_name" OR OLD."first_name" IS DISTINCT FROM NEW."first_name") EXECUTE FUNCTION "users_triad_names"();
