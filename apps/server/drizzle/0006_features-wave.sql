CREATE TABLE "absence_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"triad_id" integer NOT NULL,
	"threshold_hours" numeric(7, 2) NOT NULL,
	"unjustified_hours" numeric(7, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "absence_alerts_triad" UNIQUE("triad_id")
);
--> statement-breakpoint
CREATE TABLE "absence_configs" (
	"platform_id" integer PRIMARY KEY NOT NULL,
	"alert_threshold_hours" numeric(7, 2),
	"day_hours" numeric(7, 2) DEFAULT 7 NOT NULL,
	"allow_advance_notice" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "absence_justification_files" (
	"justification_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	CONSTRAINT "absence_justification_files_justification_id_file_id_pk" PRIMARY KEY("justification_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "absence_justifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"author_id" integer,
	"comment" text,
	"status" smallint DEFAULT 0 NOT NULL,
	"refusal_reason" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "absence_reasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform_id" integer NOT NULL,
	"label" varchar(255) NOT NULL,
	"justifying" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"training_course_id" integer NOT NULL,
	"crew_id" integer,
	"triad_id" integer,
	"type" smallint NOT NULL,
	"title" varchar(255) NOT NULL,
	"start_date" timestamp NOT NULL,
	"end_date" timestamp NOT NULL,
	"hours" numeric(7, 2) DEFAULT 0 NOT NULL,
	"subject" varchar(255),
	"teacher" varchar(255),
	"classroom" varchar(255),
	"justified" boolean DEFAULT false NOT NULL,
	"reason_id" integer,
	"announced" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_events_type_check" CHECK ("calendar_events"."type" in (0, 1, 3)),
	CONSTRAINT "calendar_events_owner_check" CHECK ("calendar_events"."type" <> 3 or "calendar_events"."triad_id" is not null),
	CONSTRAINT "calendar_events_dates_check" CHECK ("calendar_events"."end_date" >= "calendar_events"."start_date")
);
--> statement-breakpoint
CREATE TABLE "calendar_feed_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"platform_id" integer NOT NULL,
	"nonce" varchar(64) NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feed_tokens_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "calendar_feed_tokens_user_platform" UNIQUE("user_id","platform_id")
);
--> statement-breakpoint
CREATE TABLE "course_absence_configs" (
	"training_course_id" integer PRIMARY KEY NOT NULL,
	"alert_threshold_hours" numeric(7, 2)
);
--> statement-breakpoint
CREATE TABLE "field_skills" (
	"id" serial PRIMARY KEY NOT NULL,
	"question_id" integer NOT NULL,
	"skill_id" integer NOT NULL,
	"coefficient" real DEFAULT 1 NOT NULL,
	CONSTRAINT "field_skills_unique" UNIQUE("question_id","skill_id")
);
--> statement-breakpoint
CREATE TABLE "skill_answer_histories" (
	"id" serial PRIMARY KEY NOT NULL,
	"skill_answer_id" integer NOT NULL,
	"user_id" integer,
	"value" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "skill_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"skill_reply_id" integer NOT NULL,
	"skill_id" integer NOT NULL,
	"value" smallint DEFAULT 0 NOT NULL,
	"assessment" text,
	"justificative_file_id" integer,
	"justificative_file2_id" integer,
	"justificative_file3_id" integer,
	"justificative_file4_id" integer,
	"justificative_file5_id" integer,
	CONSTRAINT "skill_answers_unique" UNIQUE("skill_reply_id","skill_id")
);
--> statement-breakpoint
CREATE TABLE "skill_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"training_course_id" integer NOT NULL,
	"mother_id" integer,
	"name" varchar(500) NOT NULL,
	"code" varchar(50),
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "skill_configurations" (
	"training_course_id" integer PRIMARY KEY NOT NULL,
	"max_skill_level" smallint DEFAULT 5 NOT NULL,
	"level_labels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"skill_roles" jsonb DEFAULT '[1,2,3]'::jsonb NOT NULL,
	"skill_presentation" text
);
--> statement-breakpoint
CREATE TABLE "skill_replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"triad_id" integer NOT NULL,
	"skill_session_id" integer NOT NULL,
	"profile" smallint NOT NULL,
	"user_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "skill_replies_unique" UNIQUE("triad_id","skill_session_id","profile")
);
--> statement-breakpoint
CREATE TABLE "skill_session_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"skill_session_id" integer NOT NULL,
	"skill_category_id" integer NOT NULL,
	CONSTRAINT "skill_session_categories_unique" UNIQUE("skill_session_id","skill_category_id")
);
--> statement-breakpoint
CREATE TABLE "skill_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"training_course_id" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "skill_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"training_course_id" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "skills" (
	"id" serial PRIMARY KEY NOT NULL,
	"skill_category_id" integer NOT NULL,
	"skill_type_id" integer,
	"name" text NOT NULL,
	"tooltip" text,
	"need_justificative" boolean DEFAULT false NOT NULL,
	"required_value" smallint,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lesson_subjects" (
	"id" serial PRIMARY KEY NOT NULL,
	"unit_id" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lesson_units" (
	"id" serial PRIMARY KEY NOT NULL,
	"training_course_id" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lessons" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject_id" integer NOT NULL,
	"title" varchar(255) NOT NULL,
	"activity" text,
	"work_to_do" text,
	"link" varchar(500),
	"lesson_file_id" integer,
	"lesson_file2_id" integer,
	"lesson_file3_id" integer,
	"lesson_file4_id" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "web_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"training_course_id" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"url" varchar(500) NOT NULL,
	"logo_file_id" integer,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "modules" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform_id" integer NOT NULL,
	"code" varchar(100) NOT NULL,
	"name" varchar(255),
	"icon" varchar(100) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "modules_platform_code_unique" UNIQUE("platform_id","code")
);
--> statement-breakpoint
CREATE TABLE "training_course_module_triads" (
	"id" serial PRIMARY KEY NOT NULL,
	"training_course_module_id" integer NOT NULL,
	"triad_id" integer NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	CONSTRAINT "training_course_module_triads_module_triad_unique" UNIQUE("training_course_module_id","triad_id")
);
--> statement-breakpoint
CREATE TABLE "training_course_modules" (
	"id" serial PRIMARY KEY NOT NULL,
	"training_course_id" integer NOT NULL,
	"module_id" integer NOT NULL,
	"title" varchar(255),
	"enabled" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "training_course_modules_course_module_unique" UNIQUE("training_course_id","module_id")
);
--> statement-breakpoint
CREATE TABLE "training_course_settings" (
	"training_course_id" integer PRIMARY KEY NOT NULL,
	"principal_color" varchar(7),
	"secondary_color" varchar(7),
	"logo_file_id" integer,
	"cover_text" text,
	"header_text" varchar(255),
	"footer_text" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "message_recipients" (
	"id" serial PRIMARY KEY NOT NULL,
	"message_id" integer NOT NULL,
	"recipient_id" integer NOT NULL,
	"profile" smallint NOT NULL,
	"opened_at" timestamp with time zone,
	CONSTRAINT "message_recipients_unique" UNIQUE("message_id","recipient_id")
);
--> statement-breakpoint
CREATE TABLE "message_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"message_id" integer NOT NULL,
	"reporter_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_reports_unique" UNIQUE("message_id","reporter_id")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform_id" integer NOT NULL,
	"training_course_id" integer,
	"mother_id" integer,
	"sender_id" integer NOT NULL,
	"sender_profile" smallint NOT NULL,
	"title" varchar(255) NOT NULL,
	"text" text NOT NULL,
	"file_id" integer,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "manager_profile_assignments" (
	"user_id" integer NOT NULL,
	"platform_id" integer NOT NULL,
	"profile_id" integer NOT NULL,
	CONSTRAINT "manager_profile_assignments_user_id_platform_id_pk" PRIMARY KEY("user_id","platform_id")
);
--> statement-breakpoint
CREATE TABLE "manager_profile_permissions" (
	"profile_id" integer NOT NULL,
	"access" varchar(60) NOT NULL,
	"level" smallint NOT NULL,
	CONSTRAINT "manager_profile_permissions_profile_id_access_pk" PRIMARY KEY("profile_id","access")
);
--> statement-breakpoint
CREATE TABLE "manager_profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform_id" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform_id" integer NOT NULL,
	"title" varchar(255) NOT NULL,
	"sub_title" varchar(255),
	"text" text,
	"tag" smallint DEFAULT 11 NOT NULL,
	"picture_file_id" integer,
	"date_to_display" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "components" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"code" varchar(50),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_agreement_acceptances" (
	"version_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" varchar(45),
	"user_agent" varchar(512),
	CONSTRAINT "data_agreement_acceptances_version_id_user_id_pk" PRIMARY KEY("version_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "data_agreement_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform_id" integer NOT NULL,
	"version" integer NOT NULL,
	"texts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"published_by" integer,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_agreement_versions_platform_version_unique" UNIQUE("platform_id","version")
);
--> statement-breakpoint
CREATE TABLE "profile_titles" (
	"platform_id" integer NOT NULL,
	"profile" varchar(20) NOT NULL,
	"locale" varchar(5) NOT NULL,
	"title" varchar(100) NOT NULL,
	"title_with_article" varchar(120) NOT NULL,
	"title_plural" varchar(100) NOT NULL,
	"title_abbreviation" varchar(10) NOT NULL,
	CONSTRAINT "profile_titles_platform_id_profile_locale_pk" PRIMARY KEY("platform_id","profile","locale")
);
--> statement-breakpoint
ALTER TABLE "institutions" ADD COLUMN "code" varchar(50);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "message_notification" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "trainings" ADD COLUMN "component_id" integer;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "smtp_response" text;--> statement-breakpoint
ALTER TABLE "absence_alerts" ADD CONSTRAINT "absence_alerts_triad_id_triads_id_fk" FOREIGN KEY ("triad_id") REFERENCES "public"."triads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absence_configs" ADD CONSTRAINT "absence_configs_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absence_justification_files" ADD CONSTRAINT "absence_justification_files_justification_id_absence_justifications_id_fk" FOREIGN KEY ("justification_id") REFERENCES "public"."absence_justifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absence_justification_files" ADD CONSTRAINT "absence_justification_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absence_justifications" ADD CONSTRAINT "absence_justifications_event_id_calendar_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."calendar_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absence_justifications" ADD CONSTRAINT "absence_justifications_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absence_justifications" ADD CONSTRAINT "absence_justifications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absence_reasons" ADD CONSTRAINT "absence_reasons_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_training_course_id_training_courses_id_fk" FOREIGN KEY ("training_course_id") REFERENCES "public"."training_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_crew_id_crews_id_fk" FOREIGN KEY ("crew_id") REFERENCES "public"."crews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_triad_id_triads_id_fk" FOREIGN KEY ("triad_id") REFERENCES "public"."triads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_reason_id_absence_reasons_id_fk" FOREIGN KEY ("reason_id") REFERENCES "public"."absence_reasons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feed_tokens" ADD CONSTRAINT "calendar_feed_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feed_tokens" ADD CONSTRAINT "calendar_feed_tokens_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_absence_configs" ADD CONSTRAINT "course_absence_configs_training_course_id_training_courses_id_fk" FOREIGN KEY ("training_course_id") REFERENCES "public"."training_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_skills" ADD CONSTRAINT "field_skills_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_skills" ADD CONSTRAINT "field_skills_skill_id_skills_id_fk" FOREIGN KEY ("skill_id") REFERENCES "public"."skills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skill_answer_histories" ADD CONSTRAINT "skill_answer_histories_skill_answer_id_skill_answers_id_fk" FOREIGN KEY ("skill_answer_id") REFERENCES "public"."skill_answers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skill_answer_histories" ADD CONSTRAINT "skill_answer_histories_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skill_answers" ADD CONSTRAINT "skill_answers_skill_reply_id_skill_replies_id_fk" FOREIGN KEY ("skill_reply_id") REFERENCES "public"."skill_replies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skill_answers" ADD CONSTRAINT "skill_answers_skill_id_skills_id_fk" FOREIGN KEY ("skill_id") REFERENCES "public"."skills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skill_answers" ADD CONSTRAINT "skill_answers_justificative_file_id_files_id_fk" FOREIGN KEY ("justificative_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skill_answers" ADD CONSTRAINT "skill_answers_justificative_file2_id_files_id_fk" FOREIGN KEY ("justificative_file2_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skill_answers" ADD CONSTRAINT "skill_answers_justificative_file3_id_files_id_fk" FOREIGN KEY ("justificative_file3_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skill_answers" ADD CONSTRAINT "skill_answers_justificative_file4_id_files_id_fk" FOREIGN KEY ("justificative_file4_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skill_answers" ADD CONSTRAINT "skill_answers_justificative_file5_id_files_id_fk" FOREIGN KEY ("justificative_file5_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skill_categories" ADD CONSTRAINT "skill_categories_training_course_id_training_courses_id_fk" FOREIGN KEY ("training_course_id") REFERENCES "public"."training_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skill_categories" ADD CONSTRAINT "skill_categories_mother_id_skill_categories_id_fk" FOREIGN KEY ("mother_id") REFERENCES "public"."skill_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skill_configurations" ADD CONSTRAINT "skill_configurations_training_course_id_training_courses_id_fk" FOREIGN KEY ("training_course_id") REFERENCES "public"."training_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skill_replies" ADD CONSTRAINT "skill_replies_triad_id_triads_id_fk" FOREIGN KEY ("triad_id") REFERENCES "public"."triads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skill_replies" ADD CONSTRAINT "skill_replies_skill_session_id_skill_sessions_id_fk" FOREIGN KEY ("skill_session_id") REFERENCES "public"."skill_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skill_replies" ADD CONSTRAINT "skill_replies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skill_session_categories" ADD CONSTRAINT "skill_session_categories_skill_session_id_skill_sessions_id_fk" FOREIGN KEY ("skill_session_id") REFERENCES "public"."skill_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skill_session_categories" ADD CONSTRAINT "skill_session_categories_skill_category_id_skill_categories_id_fk" FOREIGN KEY ("skill_category_id") REFERENCES "public"."skill_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skill_sessions" ADD CONSTRAINT "skill_sessions_training_course_id_training_courses_id_fk" FOREIGN KEY ("training_course_id") REFERENCES "public"."training_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skill_types" ADD CONSTRAINT "skill_types_training_course_id_training_courses_id_fk" FOREIGN KEY ("training_course_id") REFERENCES "public"."training_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skills" ADD CONSTRAINT "skills_skill_category_id_skill_categories_id_fk" FOREIGN KEY ("skill_category_id") REFERENCES "public"."skill_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skills" ADD CONSTRAINT "skills_skill_type_id_skill_types_id_fk" FOREIGN KEY ("skill_type_id") REFERENCES "public"."skill_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_subjects" ADD CONSTRAINT "lesson_subjects_unit_id_lesson_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."lesson_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_units" ADD CONSTRAINT "lesson_units_training_course_id_training_courses_id_fk" FOREIGN KEY ("training_course_id") REFERENCES "public"."training_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_subject_id_lesson_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."lesson_subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_lesson_file_id_files_id_fk" FOREIGN KEY ("lesson_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_lesson_file2_id_files_id_fk" FOREIGN KEY ("lesson_file2_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_lesson_file3_id_files_id_fk" FOREIGN KEY ("lesson_file3_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_lesson_file4_id_files_id_fk" FOREIGN KEY ("lesson_file4_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_links" ADD CONSTRAINT "web_links_training_course_id_training_courses_id_fk" FOREIGN KEY ("training_course_id") REFERENCES "public"."training_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_links" ADD CONSTRAINT "web_links_logo_file_id_files_id_fk" FOREIGN KEY ("logo_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modules" ADD CONSTRAINT "modules_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_course_module_triads" ADD CONSTRAINT "training_course_module_triads_training_course_module_id_training_course_modules_id_fk" FOREIGN KEY ("training_course_module_id") REFERENCES "public"."training_course_modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_course_module_triads" ADD CONSTRAINT "training_course_module_triads_triad_id_triads_id_fk" FOREIGN KEY ("triad_id") REFERENCES "public"."triads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_course_modules" ADD CONSTRAINT "training_course_modules_training_course_id_training_courses_id_fk" FOREIGN KEY ("training_course_id") REFERENCES "public"."training_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_course_modules" ADD CONSTRAINT "training_course_modules_module_id_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_course_settings" ADD CONSTRAINT "training_course_settings_training_course_id_training_courses_id_fk" FOREIGN KEY ("training_course_id") REFERENCES "public"."training_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_course_settings" ADD CONSTRAINT "training_course_settings_logo_file_id_files_id_fk" FOREIGN KEY ("logo_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_recipients" ADD CONSTRAINT "message_recipients_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_recipients" ADD CONSTRAINT "message_recipients_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_reports" ADD CONSTRAINT "message_reports_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_reports" ADD CONSTRAINT "message_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_training_course_id_training_courses_id_fk" FOREIGN KEY ("training_course_id") REFERENCES "public"."training_courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_mother_id_messages_id_fk" FOREIGN KEY ("mother_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manager_profile_assignments" ADD CONSTRAINT "manager_profile_assignments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manager_profile_assignments" ADD CONSTRAINT "manager_profile_assignments_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manager_profile_assignments" ADD CONSTRAINT "manager_profile_assignments_profile_id_manager_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."manager_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manager_profile_permissions" ADD CONSTRAINT "manager_profile_permissions_profile_id_manager_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."manager_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manager_profiles" ADD CONSTRAINT "manager_profiles_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_picture_file_id_files_id_fk" FOREIGN KEY ("picture_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "components" ADD CONSTRAINT "components_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_agreement_acceptances" ADD CONSTRAINT "data_agreement_acceptances_version_id_data_agreement_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."data_agreement_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_agreement_acceptances" ADD CONSTRAINT "data_agreement_acceptances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_agreement_versions" ADD CONSTRAINT "data_agreement_versions_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_agreement_versions" ADD CONSTRAINT "data_agreement_versions_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_titles" ADD CONSTRAINT "profile_titles_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "absence_justifications_event_idx" ON "absence_justifications" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "absence_reasons_platform_idx" ON "absence_reasons" USING btree ("platform_id");--> statement-breakpoint
CREATE INDEX "calendar_events_triad_idx" ON "calendar_events" USING btree ("triad_id","start_date");--> statement-breakpoint
CREATE INDEX "calendar_events_crew_idx" ON "calendar_events" USING btree ("crew_id","start_date");--> statement-breakpoint
CREATE INDEX "calendar_events_course_idx" ON "calendar_events" USING btree ("training_course_id","type","start_date");--> statement-breakpoint
CREATE INDEX "field_skills_skill_idx" ON "field_skills" USING btree ("skill_id");--> statement-breakpoint
CREATE INDEX "skill_answer_histories_answer_idx" ON "skill_answer_histories" USING btree ("skill_answer_id");--> statement-breakpoint
CREATE INDEX "skill_answers_skill_idx" ON "skill_answers" USING btree ("skill_id");--> statement-breakpoint
CREATE INDEX "skill_categories_course_idx" ON "skill_categories" USING btree ("training_course_id");--> statement-breakpoint
CREATE INDEX "skill_categories_mother_idx" ON "skill_categories" USING btree ("mother_id");--> statement-breakpoint
CREATE INDEX "skill_replies_session_idx" ON "skill_replies" USING btree ("skill_session_id");--> statement-breakpoint
CREATE INDEX "skill_session_categories_category_idx" ON "skill_session_categories" USING btree ("skill_category_id");--> statement-breakpoint
CREATE INDEX "skill_sessions_course_idx" ON "skill_sessions" USING btree ("training_course_id");--> statement-breakpoint
CREATE INDEX "skill_types_course_idx" ON "skill_types" USING btree ("training_course_id");--> statement-breakpoint
CREATE INDEX "skills_category_idx" ON "skills" USING btree ("skill_category_id");--> statement-breakpoint
CREATE INDEX "skills_type_idx" ON "skills" USING btree ("skill_type_id");--> statement-breakpoint
CREATE INDEX "lesson_subjects_unit_idx" ON "lesson_subjects" USING btree ("unit_id","position");--> statement-breakpoint
CREATE INDEX "lesson_units_course_idx" ON "lesson_units" USING btree ("training_course_id","position");--> statement-breakpoint
CREATE INDEX "lessons_subject_idx" ON "lessons" USING btree ("subject_id","position");--> statement-breakpoint
CREATE INDEX "web_links_course_idx" ON "web_links" USING btree ("training_course_id","position");--> statement-breakpoint
CREATE INDEX "training_course_module_triads_triad_idx" ON "training_course_module_triads" USING btree ("triad_id");--> statement-breakpoint
CREATE INDEX "message_recipients_unread_idx" ON "message_recipients" USING btree ("recipient_id","opened_at");--> statement-breakpoint
CREATE INDEX "messages_mother_idx" ON "messages" USING btree ("mother_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_sender_idx" ON "messages" USING btree ("sender_id");--> statement-breakpoint
CREATE INDEX "messages_course_idx" ON "messages" USING btree ("training_course_id");--> statement-breakpoint
CREATE INDEX "manager_profile_assignments_profile_idx" ON "manager_profile_assignments" USING btree ("profile_id");--> statement-breakpoint
CREATE INDEX "manager_profiles_platform_idx" ON "manager_profiles" USING btree ("platform_id");--> statement-breakpoint
CREATE UNIQUE INDEX "manager_profiles_default_idx" ON "manager_profiles" USING btree ("platform_id") WHERE "manager_profiles"."is_default";--> statement-breakpoint
CREATE INDEX "news_platform_date_idx" ON "news" USING btree ("platform_id","date_to_display");--> statement-breakpoint
CREATE INDEX "components_institution_idx" ON "components" USING btree ("institution_id");--> statement-breakpoint
CREATE INDEX "data_agreement_acceptances_user_idx" ON "data_agreement_acceptances" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "trainings" ADD CONSTRAINT "trainings_component_id_components_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."components"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_last_name_prefix_idx" ON "users" USING btree (lower("last_name") collate "C");--> statement-breakpoint
CREATE INDEX "users_first_name_prefix_idx" ON "users" USING btree (lower("first_name") collate "C");--> statement-breakpoint
CREATE INDEX "users_email_prefix_idx" ON "users" USING btree (lower("email") collate "C");--> statement-breakpoint
CREATE INDEX "users_username_prefix_idx" ON "users" USING btree (lower("username") collate "C");--> statement-breakpoint
CREATE INDEX "users_name_order_idx" ON "users" USING btree (lower("last_name"),lower("first_name"),"id");--> statement-breakpoint
CREATE INDEX "history_log_platform_created_idx" ON "history_log" USING btree ("platform_id","created_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_platform_created_idx" ON "mail_outbox" USING btree ("platform_id","created_at");