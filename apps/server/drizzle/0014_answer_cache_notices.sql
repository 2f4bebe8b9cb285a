-- Issue 18, decision 042: the answers of the busiest reads (a questionnaire, a triad, a course's triad
-- pages, the signature dashboard, the course list) are remembered per server process, by course. Every
-- write to what they are built from tells every process which course changed (topic `answers`, key the
-- course's id) or, when no course can be named (a platform-wide table, a row whose parent is already
-- gone), that any course may have (key null). Sent by these triggers whichever code path wrote, and
-- delivered when the write commits; PostgreSQL folds identical notices of one transaction.
--
-- Not watched, because no remembered answer reads them: sign-in and session rows (tokens, codes,
-- throttle, single sign-on logins and identities), mails, the history log, locks, digests, calendar
-- feed tokens, data-agreement acceptances, and the users' sign-in stamps.

-- The course a row belongs to, found from one of its keys ("kind" names the table the key points to).
-- PL/pgSQL, whose statements keep their plans in a session: a SQL function's would be planned per call.
CREATE FUNCTION "lea_course_of"("kind" text, "key" integer) RETURNS integer LANGUAGE plpgsql STABLE AS $$
DECLARE
  "course" integer;
BEGIN
  CASE "kind"
    WHEN 'course' THEN "course" := "key";
    WHEN 'triad' THEN SELECT t."training_course_id" INTO "course" FROM "triads" t WHERE t."id" = "key";
    WHEN 'crew' THEN SELECT c."training_course_id" INTO "course" FROM "crews" c WHERE c."id" = "key";
    WHEN 'questionnaire' THEN SELECT q."training_course_id" INTO "course" FROM "questionnaires" q WHERE q."id" = "key";
    WHEN 'reply' THEN
      SELECT t."training_course_id" INTO "course" FROM "replies" r JOIN "triads" t ON t."id" = r."triad_id" WHERE r."id" = "key";
    WHEN 'answer' THEN
      SELECT t."training_course_id" INTO "course" FROM "answers" a
        JOIN "replies" r ON r."id" = a."reply_id" JOIN "triads" t ON t."id" = r."triad_id" WHERE a."id" = "key";
    WHEN 'skill_reply' THEN
      SELECT t."training_course_id" INTO "course" FROM "skill_replies" s JOIN "triads" t ON t."id" = s."triad_id" WHERE s."id" = "key";
    WHEN 'event' THEN
      SELECT coalesce(e."training_course_id", t."training_course_id", c."training_course_id") INTO "course" FROM "calendar_events" e
        LEFT JOIN "triads" t ON t."id" = e."triad_id" LEFT JOIN "crews" c ON c."id" = e."crew_id" WHERE e."id" = "key";
    ELSE "course" := NULL;
  END CASE;
  RETURN "course";
END $$;--> statement-breakpoint
-- The trigger's arguments are pairs (kind, column): the first column set on the row names its course.
-- Without arguments, or when no course is found, the notice says "any course" (key null).
CREATE FUNCTION "lea_answers_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "rows" jsonb[];
  "old_row" jsonb;
  "row" jsonb;
  "course" integer;
  "i" integer;
BEGIN
  IF TG_OP = 'DELETE' THEN
    "rows" := ARRAY[to_jsonb(OLD)];
  ELSE
    "rows" := ARRAY[to_jsonb(NEW)];
    -- An update that moves the row (another course, triad...) is announced for both of its places.
    IF TG_OP = 'UPDATE' THEN
      "old_row" := to_jsonb(OLD);
      "i" := 1;
      WHILE "i" < TG_NARGS LOOP
        IF "old_row" ->> TG_ARGV["i"] IS DISTINCT FROM "rows"[1] ->> TG_ARGV["i"] THEN
          "rows" := "rows" || "old_row";
          EXIT;
        END IF;
        "i" := "i" + 2;
      END LOOP;
    END IF;
  END IF;
  FOREACH "row" IN ARRAY "rows" LOOP
    "course" := NULL;
    "i" := 0;
    WHILE "course" IS NULL AND "i" + 1 < TG_NARGS LOOP
      IF "row" ->> TG_ARGV["i" + 1] IS NOT NULL THEN
        "course" := "lea_course_of"(TG_ARGV["i"], ("row" ->> TG_ARGV["i" + 1])::integer);
      END IF;
      "i" := "i" + 2;
    END LOOP;
    PERFORM pg_notify('lea_cache', json_build_object('topic', 'answers', 'key', "course"::text)::text);
  END LOOP;
  RETURN NULL;
END $$;--> statement-breakpoint
DO $$
DECLARE
  "watched" text[][] := ARRAY[
    -- a course's own rows
    ['training_courses', 'course,id'],
    ['training_course_managers', 'course,training_course_id'],
    ['training_course_modules', 'course,training_course_id'],
    ['training_course_settings', 'course,training_course_id'],
    ['crews', 'course,training_course_id'],
    ['questionnaires', 'course,training_course_id'],
    ['questionnaire_categories', 'course,training_course_id'],
    ['course_absence_configs', 'course,training_course_id'],
    ['lesson_units', 'course,training_course_id'],
    ['web_links', 'course,training_course_id'],
    ['skill_categories', 'course,training_course_id'],
    ['skill_configurations', 'course,training_course_id'],
    ['skill_sessions', 'course,training_course_id'],
    ['skill_types', 'course,training_course_id'],
    ['document_training_courses', 'course,training_course_id'],
    ['messages', 'course,training_course_id'],
    ['triads', 'course,training_course_id'],
    -- a triad's rows
    ['triad_users', 'triad,triad_id'],
    ['contracts', 'triad,triad_id'],
    ['absence_alerts', 'triad,triad_id'],
    ['notepads', 'triad,triad_id'],
    ['skill_replies', 'triad,triad_id'],
    ['timeline_entries', 'triad,triad_id'],
    ['training_course_module_triads', 'triad,triad_id'],
    ['replies', 'triad,triad_id'],
    ['questionnaire_triads', 'triad,triad_id'],
    ['documents', 'triad,triad_id'],
    ['calendar_events', 'course,training_course_id,triad,triad_id,crew,crew_id'],
    -- rows under those
    ['questions', 'questionnaire,questionnaire_id'],
    ['questionnaire_crews', 'questionnaire,questionnaire_id'],
    ['answers', 'reply,reply_id'],
    ['reply_signatures', 'reply,reply_id'],
    ['answer_comments', 'answer,answer_id'],
    ['skill_answers', 'skill_reply,skill_reply_id'],
    ['absence_justifications', 'event,event_id'],
    -- platform-wide rows: any course may show them
    ['platforms', ''], ['trainings', ''], ['institutions', ''], ['components', ''], ['companies', ''],
    ['contract_types', ''], ['absence_reasons', ''], ['absence_configs', ''], ['absence_justification_files', ''],
    ['document_categories', ''], ['files', ''], ['global_documents', ''], ['help_documents', ''], ['modules', ''],
    ['news', ''], ['profile_titles', ''], ['manager_profiles', ''], ['manager_profile_permissions', ''],
    ['manager_profile_assignments', ''], ['user_platforms', ''], ['lessons', ''], ['lesson_subjects', ''],
    ['skills', ''], ['skill_session_categories', ''], ['field_skills', ''], ['skill_answer_histories', ''],
    ['message_recipients', ''], ['message_reports', ''], ['data_agreement_versions', ''], ['oidc_providers', '']
  ];
  "entry" text[];
  "arguments" text;
BEGIN
  FOREACH "entry" SLICE 1 IN ARRAY "watched" LOOP
    "arguments" := CASE WHEN "entry"[2] = '' THEN '' ELSE '''' || replace("entry"[2], ',', ''',''') || '''' END;
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION "lea_answers_changed"(%s)',
      "entry"[1] || '_answers_changed', "entry"[1], "arguments");
  END LOOP;
END $$;--> statement-breakpoint
-- A person's name, e-mail, photo or roles show in other people's answers; signing in does not change them.
CREATE TRIGGER "users_answers_changed" AFTER UPDATE ON "users" FOR EACH ROW
  WHEN ((to_jsonb(OLD) - ARRAY['last_login_at', 'password_hash', 'password_changed_at', 'welcome_count', 'reset_count', 'updated_at'])
    IS DISTINCT FROM (to_jsonb(NEW) - ARRAY['last_login_at', 'password_hash', 'password_changed_at', 'welcome_count', 'reset_count', 'updated_at']))
  EXECUTE FUNCTION "lea_answers_changed"();--> statement-breakpoint
CREATE TRIGGER "users_answers_deleted" AFTER DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "lea_answers_changed"();
