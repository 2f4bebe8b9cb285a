CREATE TABLE "document_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform_id" integer NOT NULL,
	"code" varchar(50) NOT NULL,
	"title" varchar(255),
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "document_categories_code_unique" UNIQUE("platform_id","code")
);
--> statement-breakpoint
CREATE TABLE "document_training_courses" (
	"document_id" integer NOT NULL,
	"training_course_id" integer NOT NULL,
	CONSTRAINT "document_training_courses_document_id_training_course_id_pk" PRIMARY KEY("document_id","training_course_id")
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform_id" integer NOT NULL,
	"triad_id" integer,
	"category_id" integer,
	"type" smallint DEFAULT 1 NOT NULL,
	"document_type" smallint DEFAULT 1 NOT NULL,
	"title" varchar(255) NOT NULL,
	"text" text,
	"file_id" integer,
	"notif" boolean DEFAULT false NOT NULL,
	"integrate" boolean DEFAULT false NOT NULL,
	"rights" jsonb DEFAULT '[1,2,3,4]'::jsonb NOT NULL,
	"visible_home_lea" boolean DEFAULT false NOT NULL,
	"uploader_id" integer,
	"uploader_profile" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "timeline_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"triad_id" integer NOT NULL,
	"class_name" varchar(30) NOT NULL,
	"title_part1" varchar(255) NOT NULL,
	"title_part2" varchar(255) DEFAULT '' NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "welcome_count" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reset_count" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "contract_number" varchar(50);--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "training_course_id" integer;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "kind" varchar(40);--> statement-breakpoint
ALTER TABLE "document_categories" ADD CONSTRAINT "document_categories_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_training_courses" ADD CONSTRAINT "document_training_courses_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_training_courses" ADD CONSTRAINT "document_training_courses_training_course_id_training_courses_id_fk" FOREIGN KEY ("training_course_id") REFERENCES "public"."training_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_triad_id_triads_id_fk" FOREIGN KEY ("triad_id") REFERENCES "public"."triads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_category_id_document_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."document_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_uploader_id_users_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timeline_entries" ADD CONSTRAINT "timeline_entries_triad_id_triads_id_fk" FOREIGN KEY ("triad_id") REFERENCES "public"."triads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timeline_entries" ADD CONSTRAINT "timeline_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_training_courses_course_idx" ON "document_training_courses" USING btree ("training_course_id");--> statement-breakpoint
CREATE INDEX "documents_triad_idx" ON "documents" USING btree ("triad_id","category_id");--> statement-breakpoint
CREATE INDEX "documents_platform_idx" ON "documents" USING btree ("platform_id");--> statement-breakpoint
CREATE INDEX "timeline_entries_triad_idx" ON "timeline_entries" USING btree ("triad_id","created_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_course_idx" ON "mail_outbox" USING btree ("training_course_id");