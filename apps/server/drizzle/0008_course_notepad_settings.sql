ALTER TABLE "training_courses" ADD COLUMN "notepad_writers" jsonb DEFAULT '[1,2,3,4]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "training_courses" ADD COLUMN "notepad_title" varchar(255);