CREATE TABLE "job_series" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"rrule" text NOT NULL,
	"start_date" date NOT NULL,
	"until_date" date,
	"count" integer,
	"exclude_dates" date[] DEFAULT '{}' NOT NULL,
	"holidays_region" text,
	"school_terms" text,
	"template" jsonb NOT NULL,
	"created_through" date,
	"created_by" text,
	"ended_at" timestamp with time zone,
	"previous_series_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_series_settings" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"horizon_weeks" integer DEFAULT 8 NOT NULL,
	"holidays_region" text DEFAULT 'AU-NSW' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "school_terms" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"year" integer NOT NULL,
	"name" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "series_id" text;--> statement-breakpoint
ALTER TABLE "job_series" ADD CONSTRAINT "job_series_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_series" ADD CONSTRAINT "job_series_previous_series_id_job_series_id_fk" FOREIGN KEY ("previous_series_id") REFERENCES "public"."job_series"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_series_previous_series_id_idx" ON "job_series" USING btree ("previous_series_id");--> statement-breakpoint
CREATE INDEX "school_terms_start_date_idx" ON "school_terms" USING btree ("start_date");--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_series_id_job_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."job_series"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_series_id_service_date_uq" ON "jobs" USING btree ("series_id","service_date");