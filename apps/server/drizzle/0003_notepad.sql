CREATE TABLE "notepads" (
	"id" serial PRIMARY KEY NOT NULL,
	"triad_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"profile" smallint NOT NULL,
	"title" varchar(255) NOT NULL,
	"text" text NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notepads" ADD CONSTRAINT "notepads_triad_id_triads_id_fk" FOREIGN KEY ("triad_id") REFERENCES "public"."triads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notepads" ADD CONSTRAINT "notepads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notepads_triad_idx" ON "notepads" USING btree ("triad_id","pinned","created_at");