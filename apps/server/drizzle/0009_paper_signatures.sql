ALTER TABLE "reply_signatures" ADD COLUMN "method" varchar(16) DEFAULT 'password' NOT NULL;--> statement-breakpoint
ALTER TABLE "reply_signatures" ADD COLUMN "paper_file_id" integer;--> statement-breakpoint
ALTER TABLE "reply_signatures" ADD COLUMN "paper_signed_on" date;--> statement-breakpoint
ALTER TABLE "reply_signatures" ADD COLUMN "recorded_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "reply_signatures" ADD CONSTRAINT "reply_signatures_paper_file_id_files_id_fk" FOREIGN KEY ("paper_file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reply_signatures" ADD CONSTRAINT "reply_signatures_recorded_by_user_id_users_id_fk" FOREIGN KEY ("recorded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;