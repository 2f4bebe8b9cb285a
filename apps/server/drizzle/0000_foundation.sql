CREATE TABLE "files" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform_id" integer,
	"path_name" varchar(255) NOT NULL,
	"name" varchar(255) NOT NULL,
	"original_name" varchar(255) NOT NULL,
	"mime_type" varchar(120) NOT NULL,
	"size" bigint NOT NULL,
	"folder" varchar(100) DEFAULT 'upload' NOT NULL,
	"uploaded_by" integer,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_path_name_unique" UNIQUE("path_name")
);
--> statement-breakpoint
CREATE TABLE "global_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform_id" integer NOT NULL,
	"title" varchar(255) NOT NULL,
	"file_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "help_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform_id" integer NOT NULL,
	"title" varchar(255) NOT NULL,
	"document_type" smallint NOT NULL,
	"description" text,
	"file_id" integer,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "institutions" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform_id" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"address" varchar(255),
	"post_code" varchar(20),
	"city" varchar(100),
	"siret" varchar(20),
	"principal_color" varchar(20),
	"secondary_color" varchar(20),
	"logo_file_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platforms" (
	"id" serial PRIMARY KEY NOT NULL,
	"hostname" varchar(255) NOT NULL,
	"name" varchar(255) NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"presentation" text,
	"legal_notice" text,
	"term_of_service" text,
	"learner_privacy" text,
	"professional_tutor_privacy" text,
	"pedagogic_tutor_privacy" text,
	"help_contact_email" varchar(180),
	"help_contact" text,
	"home_alert" text,
	"logo_type_file_id" integer,
	"logo_cfa_file_id" integer,
	"logo_homepage_file_id" integer,
	"favicon_file_id" integer,
	"principal_color" varchar(20),
	"secondary_color" varchar(20),
	"upload_dir" varchar(100) DEFAULT 'upload' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platforms_hostname_unique" UNIQUE("hostname")
);
--> statement-breakpoint
CREATE TABLE "user_platforms" (
	"user_id" integer NOT NULL,
	"platform_id" integer NOT NULL,
	CONSTRAINT "user_platforms_user_id_platform_id_pk" PRIMARY KEY("user_id","platform_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" varchar(180) NOT NULL,
	"email" varchar(180) NOT NULL,
	"password_hash" varchar(255),
	"first_name" varchar(100) NOT NULL,
	"last_name" varchar(100) NOT NULL,
	"roles" jsonb DEFAULT '["ROLE_LEA_USER"]'::jsonb NOT NULL,
	"type" varchar(30),
	"photo_file_id" integer,
	"address" varchar(255),
	"complement" varchar(255),
	"post_code" varchar(20),
	"city" varchar(100),
	"phone" varchar(30),
	"mobile" varchar(30),
	"parent_first_name" varchar(100),
	"parent_last_name" varchar(100),
	"active" boolean DEFAULT true NOT NULL,
	"password_changed_at" timestamp with time zone,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_username_unique" UNIQUE("username")
);
--> statement-breakpoint
CREATE TABLE "crews" (
	"id" serial PRIMARY KEY NOT NULL,
	"training_course_id" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "training_course_managers" (
	"training_course_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "training_course_managers_training_course_id_user_id_pk" PRIMARY KEY("training_course_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "training_courses" (
	"id" serial PRIMARY KEY NOT NULL,
	"training_id" integer NOT NULL,
	"display_name" varchar(255) NOT NULL,
	"start_year" smallint,
	"end_year" smallint,
	"archived" boolean DEFAULT false NOT NULL,
	"menu" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"info_blocks" jsonb DEFAULT '{"presentation":null,"contact":null,"partner":null,"communication":null}'::jsonb NOT NULL,
	"display_document" boolean DEFAULT true NOT NULL,
	"bloc_name_document" varchar(255),
	"lea_manager_column" boolean DEFAULT false NOT NULL,
	"profile_labels" jsonb DEFAULT '{"1":"A","2":"T","3":"M","4":"SM"}'::jsonb NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trainings" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform_id" integer NOT NULL,
	"institution_id" integer NOT NULL,
	"title" varchar(255) NOT NULL,
	"code" varchar(50),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform_id" integer NOT NULL,
	"company_name" varchar(255) NOT NULL,
	"siret_number" varchar(20),
	"address1" varchar(255),
	"address2" varchar(255),
	"post_code" varchar(20),
	"city" varchar(100),
	"phone" varchar(30),
	"email" varchar(180),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contract_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform_id" integer NOT NULL,
	"title" varchar(255) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"id" serial PRIMARY KEY NOT NULL,
	"triad_id" integer NOT NULL,
	"company_id" integer,
	"contract_type_id" integer,
	"start_date" date NOT NULL,
	"end_date" date,
	"rupture_date" date,
	"rupture_cause" text,
	"apprentice_master_id" integer,
	"apprentice_master2_id" integer,
	"manager_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "triad_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"triad_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"user_type" smallint NOT NULL,
	CONSTRAINT "triad_users_unique" UNIQUE("triad_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "triads" (
	"id" serial PRIMARY KEY NOT NULL,
	"training_course_id" integer NOT NULL,
	"crew_id" integer,
	"apprentice_id" integer,
	"tutor_id" integer,
	"tutor2_id" integer,
	"apprentice_master_id" integer,
	"apprentice_master2_id" integer,
	"company_manager_id" integer,
	"active" boolean DEFAULT true NOT NULL,
	"is_test" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_throttle" (
	"key" varchar(255) PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_reset_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"family_id" uuid NOT NULL,
	"impersonator_id" integer,
	"platform_id" integer NOT NULL,
	"stay_connected" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"replaced_by_id" integer,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "refresh_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "history_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform_id" integer,
	"user_id" integer,
	"impersonator_id" integer,
	"action" varchar(100) NOT NULL,
	"entity" varchar(100),
	"entity_id" integer,
	"details" jsonb,
	"ip" varchar(64),
	"user_agent" varchar(512),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform_id" integer,
	"to_address" varchar(255) NOT NULL,
	"subject" varchar(255) NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"status" varchar(20) DEFAULT 'queued' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "global_documents" ADD CONSTRAINT "global_documents_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "global_documents" ADD CONSTRAINT "global_documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_documents" ADD CONSTRAINT "help_documents_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_documents" ADD CONSTRAINT "help_documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "institutions" ADD CONSTRAINT "institutions_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "institutions" ADD CONSTRAINT "institutions_logo_file_id_files_id_fk" FOREIGN KEY ("logo_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platforms" ADD CONSTRAINT "platforms_logo_type_file_id_files_id_fk" FOREIGN KEY ("logo_type_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platforms" ADD CONSTRAINT "platforms_logo_cfa_file_id_files_id_fk" FOREIGN KEY ("logo_cfa_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platforms" ADD CONSTRAINT "platforms_logo_homepage_file_id_files_id_fk" FOREIGN KEY ("logo_homepage_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platforms" ADD CONSTRAINT "platforms_favicon_file_id_files_id_fk" FOREIGN KEY ("favicon_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_platforms" ADD CONSTRAINT "user_platforms_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_platforms" ADD CONSTRAINT "user_platforms_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_photo_file_id_files_id_fk" FOREIGN KEY ("photo_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crews" ADD CONSTRAINT "crews_training_course_id_training_courses_id_fk" FOREIGN KEY ("training_course_id") REFERENCES "public"."training_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_course_managers" ADD CONSTRAINT "training_course_managers_training_course_id_training_courses_id_fk" FOREIGN KEY ("training_course_id") REFERENCES "public"."training_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_course_managers" ADD CONSTRAINT "training_course_managers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_courses" ADD CONSTRAINT "training_courses_training_id_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."trainings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainings" ADD CONSTRAINT "trainings_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainings" ADD CONSTRAINT "trainings_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_types" ADD CONSTRAINT "contract_types_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_triad_id_triads_id_fk" FOREIGN KEY ("triad_id") REFERENCES "public"."triads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_contract_type_id_contract_types_id_fk" FOREIGN KEY ("contract_type_id") REFERENCES "public"."contract_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_apprentice_master_id_users_id_fk" FOREIGN KEY ("apprentice_master_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_apprentice_master2_id_users_id_fk" FOREIGN KEY ("apprentice_master2_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_manager_id_users_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "triad_users" ADD CONSTRAINT "triad_users_triad_id_triads_id_fk" FOREIGN KEY ("triad_id") REFERENCES "public"."triads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "triad_users" ADD CONSTRAINT "triad_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "triads" ADD CONSTRAINT "triads_training_course_id_training_courses_id_fk" FOREIGN KEY ("training_course_id") REFERENCES "public"."training_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "triads" ADD CONSTRAINT "triads_crew_id_crews_id_fk" FOREIGN KEY ("crew_id") REFERENCES "public"."crews"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "triads" ADD CONSTRAINT "triads_apprentice_id_users_id_fk" FOREIGN KEY ("apprentice_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "triads" ADD CONSTRAINT "triads_tutor_id_users_id_fk" FOREIGN KEY ("tutor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "triads" ADD CONSTRAINT "triads_tutor2_id_users_id_fk" FOREIGN KEY ("tutor2_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "triads" ADD CONSTRAINT "triads_apprentice_master_id_users_id_fk" FOREIGN KEY ("apprentice_master_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "triads" ADD CONSTRAINT "triads_apprentice_master2_id_users_id_fk" FOREIGN KEY ("apprentice_master2_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "triads" ADD CONSTRAINT "triads_company_manager_id_users_id_fk" FOREIGN KEY ("company_manager_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_impersonator_id_users_id_fk" FOREIGN KEY ("impersonator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_platforms_platform_idx" ON "user_platforms" USING btree ("platform_id");--> statement-breakpoint
CREATE INDEX "crews_course_idx" ON "crews" USING btree ("training_course_id");--> statement-breakpoint
CREATE INDEX "tcm_user_idx" ON "training_course_managers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "training_courses_training_idx" ON "training_courses" USING btree ("training_id");--> statement-breakpoint
CREATE INDEX "contracts_triad_idx" ON "contracts" USING btree ("triad_id");--> statement-breakpoint
CREATE INDEX "triad_users_user_idx" ON "triad_users" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "triads_course_idx" ON "triads" USING btree ("training_course_id");--> statement-breakpoint
CREATE INDEX "triads_crew_idx" ON "triads" USING btree ("crew_id");--> statement-breakpoint
CREATE INDEX "triads_apprentice_idx" ON "triads" USING btree ("apprentice_id");--> statement-breakpoint
CREATE INDEX "triads_tutor_idx" ON "triads" USING btree ("tutor_id");--> statement-breakpoint
CREATE INDEX "triads_tutor2_idx" ON "triads" USING btree ("tutor2_id");--> statement-breakpoint
CREATE INDEX "triads_master_idx" ON "triads" USING btree ("apprentice_master_id");--> statement-breakpoint
CREATE INDEX "triads_master2_idx" ON "triads" USING btree ("apprentice_master2_id");--> statement-breakpoint
CREATE INDEX "triads_company_manager_idx" ON "triads" USING btree ("company_manager_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_user_idx" ON "refresh_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "history_log_user_idx" ON "history_log" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "history_log_action_idx" ON "history_log" USING btree ("action");--> statement-breakpoint
CREATE INDEX "mail_outbox_status_idx" ON "mail_outbox" USING btree ("status");