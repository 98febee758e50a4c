CREATE TABLE "compliance_overrides" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"job_id" text,
	"job_number" text,
	"driver_id" text,
	"vehicle_id" text,
	"rule_key" text NOT NULL,
	"problem" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"checked_for" date,
	"reason" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "compliance_overrides" ADD CONSTRAINT "compliance_overrides_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_overrides" ADD CONSTRAINT "compliance_overrides_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_overrides" ADD CONSTRAINT "compliance_overrides_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_overrides" ADD CONSTRAINT "compliance_overrides_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "compliance_overrides_created_at_idx" ON "compliance_overrides" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "compliance_overrides_job_id_idx" ON "compliance_overrides" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "compliance_overrides_driver_id_idx" ON "compliance_overrides" USING btree ("driver_id");--> statement-breakpoint
CREATE INDEX "compliance_overrides_vehicle_id_idx" ON "compliance_overrides" USING btree ("vehicle_id");