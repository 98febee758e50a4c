CREATE TABLE "attention_items" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"kind" text NOT NULL,
	"subject_id" text NOT NULL,
	"serious" integer DEFAULT 0 NOT NULL,
	"title" text NOT NULL,
	"detail" text,
	"raised_at" timestamp with time zone DEFAULT now() NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" text,
	"resolved_at" timestamp with time zone,
	"mailed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "driver_change_notices" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"job_id" text NOT NULL,
	"driver_id" text NOT NULL,
	"was" jsonb,
	"due_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "driver_preferences" ADD COLUMN "email_safety_alerts" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "attention_items" ADD CONSTRAINT "attention_items_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_change_notices" ADD CONSTRAINT "driver_change_notices_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_change_notices" ADD CONSTRAINT "driver_change_notices_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attention_items_subject_idx" ON "attention_items" USING btree ("kind","subject_id");--> statement-breakpoint
CREATE INDEX "attention_items_open_idx" ON "attention_items" USING btree ("raised_at") WHERE acknowledged_at is null and resolved_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "driver_change_notices_job_driver_idx" ON "driver_change_notices" USING btree ("job_id","driver_id");--> statement-breakpoint
CREATE INDEX "driver_change_notices_due_at_idx" ON "driver_change_notices" USING btree ("due_at");