ALTER TABLE "vehicles" ADD COLUMN "tank_capacity_litres" numeric(7, 2);--> statement-breakpoint
ALTER TABLE "end_of_shift_inspections" ADD COLUMN "review_status" text DEFAULT 'submitted' NOT NULL;--> statement-breakpoint
ALTER TABLE "end_of_shift_inspections" ADD COLUMN "reviewed_by" text;--> statement-breakpoint
ALTER TABLE "end_of_shift_inspections" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "end_of_shift_inspections" ADD COLUMN "review_notes" text;--> statement-breakpoint
ALTER TABLE "fuel_logs" ADD COLUMN "plausibility_flags" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "fuel_logs" ADD COLUMN "confirm_reason" text;--> statement-breakpoint
ALTER TABLE "pre_departure_inspections" ADD COLUMN "review_status" text DEFAULT 'submitted' NOT NULL;--> statement-breakpoint
ALTER TABLE "pre_departure_inspections" ADD COLUMN "reviewed_by" text;--> statement-breakpoint
ALTER TABLE "pre_departure_inspections" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pre_departure_inspections" ADD COLUMN "review_notes" text;--> statement-breakpoint
ALTER TABLE "shifts" ADD COLUMN "end_of_shift_skipped" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "end_of_shift_inspections" ADD CONSTRAINT "end_of_shift_inspections_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_departure_inspections" ADD CONSTRAINT "pre_departure_inspections_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;