-- Issue 18, decision 041: `GET /app/user/me` reads a profile remembered by each server process (topic
-- `me`, keyed by user). Whatever changes what it answers (the user's row, a membership, a message
-- received, read or deleted) tells every process to forget it: a NOTIFY on the caches' channel, sent by
-- these triggers whichever code path (or import, or merge) wrote, and delivered when the write commits.
CREATE FUNCTION "lea_forget_me"("user_id" integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lea_cache', json_build_object('topic', 'me', 'key', "user_id"::text)::text);
END $$;--> statement-breakpoint
CREATE FUNCTION "users_forget_me"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "lea_forget_me"(OLD."id");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_forget_me" AFTER UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "users_forget_me"();--> statement-breakpoint
CREATE FUNCTION "user_platforms_forget_me"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM "lea_forget_me"(OLD."user_id"); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM "lea_forget_me"(NEW."user_id"); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "user_platforms_forget_me" AFTER INSERT OR UPDATE OR DELETE ON "user_platforms" FOR EACH ROW EXECUTE FUNCTION "user_platforms_forget_me"();--> statement-breakpoint
CREATE FUNCTION "message_recipients_forget_me"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM "lea_forget_me"(OLD."recipient_id"); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM "lea_forget_me"(NEW."recipient_id"); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "message_recipients_forget_me" AFTER INSERT OR UPDATE OR DELETE ON "message_recipients" FOR EACH ROW EXECUTE FUNCTION "message_recipients_forget_me"();--> statement-breakpoint
-- A message deleted (or moved) changes its recipients' unread counts.
CREATE FUNCTION "messages_forget_me"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "lea_forget_me"("recipient_id") FROM "message_recipients" WHERE "message_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "messages_forget_me" AFTER UPDATE OF "deleted_at", "platform_id" ON "messages" FOR EACH ROW WHEN (OLD."deleted_at" IS DISTINCT FROM NEW."deleted_at" OR OLD."platform_id" IS DISTINCT FROM NEW."platform_id") EXECUTE FUNCTION "messages_forget_me"();
