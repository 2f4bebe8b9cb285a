CREATE TABLE "answer_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"answer_id" integer NOT NULL,
	"user_id" integer,
	"writer_profile" smallint NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"reply_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"value" jsonb,
	"file_id" integer,
	"answer_comment" text,
	"mark" numeric,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "answers_unique" UNIQUE("reply_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "questionnaire_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"training_course_id" integer NOT NULL,
	"title" varchar(255) NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questionnaire_crews" (
	"questionnaire_id" integer NOT NULL,
	"crew_id" integer NOT NULL,
	"start_date" date,
	"end_date" date,
	CONSTRAINT "questionnaire_crews_questionnaire_id_crew_id_pk" PRIMARY KEY("questionnaire_id","crew_id")
);
--> statement-breakpoint
CREATE TABLE "questionnaire_triads" (
	"questionnaire_id" integer NOT NULL,
	"triad_id" integer NOT NULL,
	CONSTRAINT "questionnaire_triads_questionnaire_id_triad_id_pk" PRIMARY KEY("questionnaire_id","triad_id")
);
--> statement-breakpoint
CREATE TABLE "questionnaires" (
	"id" serial PRIMARY KEY NOT NULL,
	"training_course_id" integer NOT NULL,
	"category_id" integer,
	"year" smallint DEFAULT 1 NOT NULL,
	"title" varchar(255) NOT NULL,
	"code" varchar(50),
	"description" text,
	"description_pdf" text,
	"message" text,
	"active" boolean DEFAULT true NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"visible_by" jsonb DEFAULT '[1,2,3,4]'::jsonb NOT NULL,
	"signed_by" jsonb DEFAULT '[4]'::jsonb NOT NULL,
	"marks_visible_by" jsonb DEFAULT '[4]'::jsonb NOT NULL,
	"can_be_copied_by" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"access_dates" jsonb DEFAULT '{"all":null}'::jsonb NOT NULL,
	"use_crew_dates" boolean DEFAULT false NOT NULL,
	"completeness_date" date,
	"first_reminder" date,
	"second_reminder" date,
	"first_reminder_sent_at" timestamp with time zone,
	"second_reminder_sent_at" timestamp with time zone,
	"use_comments" boolean DEFAULT false NOT NULL,
	"use_interview_date" boolean DEFAULT false NOT NULL,
	"interview_date_label" varchar(255),
	"interview_date_visible_by" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"mark_automatic" boolean DEFAULT false NOT NULL,
	"mark_maximum" integer,
	"secondary_questionnaire_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"questionnaire_id" integer NOT NULL,
	"parent_id" integer,
	"triad_id" integer,
	"index" integer DEFAULT 0 NOT NULL,
	"item_type" varchar(10) NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"type" smallint DEFAULT 0 NOT NULL,
	"tip" text,
	"tip_active" boolean DEFAULT false NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"access" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"comments" boolean DEFAULT false NOT NULL,
	"comments_label" varchar(255),
	"comments_type" smallint DEFAULT 1 NOT NULL,
	"display_mode" smallint DEFAULT 1 NOT NULL,
	"display_mark" boolean DEFAULT false NOT NULL,
	"display_radar" boolean DEFAULT false NOT NULL,
	"maximal_mark" numeric,
	"value_list" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"opened_questions" boolean DEFAULT false NOT NULL,
	"opened_questions_access" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"opened_questions_type" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"questionnaire_id" integer NOT NULL,
	"triad_id" integer NOT NULL,
	"profile" smallint NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"writer_user_id" integer,
	"interview_date" date,
	"total_mark" numeric,
	"maximal_mark" numeric,
	"signed_at" timestamp with time zone,
	"unlocked_at" timestamp with time zone,
	"unlocked_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "replies_unique" UNIQUE("questionnaire_id","triad_id","profile")
);
--> statement-breakpoint
CREATE TABLE "reply_signatures" (
	"id" serial PRIMARY KEY NOT NULL,
	"reply_id" integer NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"user_id" integer NOT NULL,
	"impersonator_id" integer,
	"ip" varchar(64),
	"user_agent" varchar(512),
	"digest" varchar(64) NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancelled_by_user_id" integer
);
--> statement-breakpoint
ALTER TABLE "answer_comments" ADD CONSTRAINT "answer_comments_answer_id_answers_id_fk" FOREIGN KEY ("answer_id") REFERENCES "public"."answers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_comments" ADD CONSTRAINT "answer_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answers" ADD CONSTRAINT "answers_reply_id_replies_id_fk" FOREIGN KEY ("reply_id") REFERENCES "public"."replies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answers" ADD CONSTRAINT "answers_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answers" ADD CONSTRAINT "answers_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_categories" ADD CONSTRAINT "questionnaire_categories_training_course_id_training_courses_id_fk" FOREIGN KEY ("training_course_id") REFERENCES "public"."training_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_crews" ADD CONSTRAINT "questionnaire_crews_questionnaire_id_questionnaires_id_fk" FOREIGN KEY ("questionnaire_id") REFERENCES "public"."questionnaires"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_crews" ADD CONSTRAINT "questionnaire_crews_crew_id_crews_id_fk" FOREIGN KEY ("crew_id") REFERENCES "public"."crews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_triads" ADD CONSTRAINT "questionnaire_triads_questionnaire_id_questionnaires_id_fk" FOREIGN KEY ("questionnaire_id") REFERENCES "public"."questionnaires"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_triads" ADD CONSTRAINT "questionnaire_triads_triad_id_triads_id_fk" FOREIGN KEY ("triad_id") REFERENCES "public"."triads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaires" ADD CONSTRAINT "questionnaires_training_course_id_training_courses_id_fk" FOREIGN KEY ("training_course_id") REFERENCES "public"."training_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaires" ADD CONSTRAINT "questionnaires_category_id_questionnaire_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."questionnaire_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_questionnaire_id_questionnaires_id_fk" FOREIGN KEY ("questionnaire_id") REFERENCES "public"."questionnaires"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_parent_id_questions_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_triad_id_triads_id_fk" FOREIGN KEY ("triad_id") REFERENCES "public"."triads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replies" ADD CONSTRAINT "replies_questionnaire_id_questionnaires_id_fk" FOREIGN KEY ("questionnaire_id") REFERENCES "public"."questionnaires"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replies" ADD CONSTRAINT "replies_triad_id_triads_id_fk" FOREIGN KEY ("triad_id") REFERENCES "public"."triads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replies" ADD CONSTRAINT "replies_writer_user_id_users_id_fk" FOREIGN KEY ("writer_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replies" ADD CONSTRAINT "replies_unlocked_by_user_id_users_id_fk" FOREIGN KEY ("unlocked_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reply_signatures" ADD CONSTRAINT "reply_signatures_reply_id_replies_id_fk" FOREIGN KEY ("reply_id") REFERENCES "public"."replies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reply_signatures" ADD CONSTRAINT "reply_signatures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reply_signatures" ADD CONSTRAINT "reply_signatures_impersonator_id_users_id_fk" FOREIGN KEY ("impersonator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reply_signatures" ADD CONSTRAINT "reply_signatures_cancelled_by_user_id_users_id_fk" FOREIGN KEY ("cancelled_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "answer_comments_answer_idx" ON "answer_comments" USING btree ("answer_id");--> statement-breakpoint
CREATE INDEX "questionnaire_categories_course_idx" ON "questionnaire_categories" USING btree ("training_course_id");--> statement-breakpoint
CREATE INDEX "questionnaire_triads_triad_idx" ON "questionnaire_triads" USING btree ("triad_id");--> statement-breakpoint
CREATE INDEX "questionnaires_course_idx" ON "questionnaires" USING btree ("training_course_id");--> statement-breakpoint
CREATE INDEX "questions_questionnaire_idx" ON "questions" USING btree ("questionnaire_id");--> statement-breakpoint
CREATE INDEX "questions_parent_idx" ON "questions" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "replies_triad_idx" ON "replies" USING btree ("triad_id");--> statement-breakpoint
CREATE INDEX "reply_signatures_reply_idx" ON "reply_signatures" USING btree ("reply_id");