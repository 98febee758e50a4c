CREATE TABLE "driver_change_notices" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"job_id" text NOT NULL,
	"driver_id" text NOT NULL,
	"was" jsonb,
	"due_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "driver_change_notices" ADD CONSTRAINT "driver_change_notices_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_change_notices" ADD CONSTRAINT "driver_change_notices_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "driver_change_notices_job_driver_idx" ON "driver_change_notices" USING btree ("job_id","driver_id");--> statement-breakpoint
CREATE INDEX "driver_change_notices_due_at_idx" ON "driver_change_notices" USING btree ("due_at");