CREATE TABLE "hours_overrides" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"job_id" text NOT NULL,
	"driver_id" text NOT NULL,
	"reason" text NOT NULL,
	"breaches" jsonb NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app_settings" ADD COLUMN "hours_rule_set" text DEFAULT 'au-hvnl-standard-solo' NOT NULL;--> statement-breakpoint
ALTER TABLE "app_settings" ADD COLUMN "sign_on_minutes" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "app_settings" ADD COLUMN "sign_off_minutes" integer DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE "hours_overrides" ADD CONSTRAINT "hours_overrides_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hours_overrides" ADD CONSTRAINT "hours_overrides_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hours_overrides" ADD CONSTRAINT "hours_overrides_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hours_overrides_job_id_idx" ON "hours_overrides" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "hours_overrides_driver_id_idx" ON "hours_overrides" USING btree ("driver_id");