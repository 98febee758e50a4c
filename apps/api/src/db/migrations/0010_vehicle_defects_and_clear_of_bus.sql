CREATE TABLE "vehicle_defects" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"vehicle_id" text NOT NULL,
	"pre_departure_inspection_id" text,
	"end_of_shift_inspection_id" text,
	"reported_by" text NOT NULL,
	"reported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"notes" text,
	"cleared_at" timestamp with time zone,
	"cleared_by" text,
	"repair_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "end_of_shift_inspections" ADD COLUMN "clear_of_bus" text;--> statement-breakpoint
ALTER TABLE "vehicle_defects" ADD CONSTRAINT "vehicle_defects_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_defects" ADD CONSTRAINT "vehicle_defects_pre_departure_inspection_id_pre_departure_inspections_id_fk" FOREIGN KEY ("pre_departure_inspection_id") REFERENCES "public"."pre_departure_inspections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_defects" ADD CONSTRAINT "vehicle_defects_end_of_shift_inspection_id_end_of_shift_inspections_id_fk" FOREIGN KEY ("end_of_shift_inspection_id") REFERENCES "public"."end_of_shift_inspections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_defects" ADD CONSTRAINT "vehicle_defects_reported_by_users_id_fk" FOREIGN KEY ("reported_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_defects" ADD CONSTRAINT "vehicle_defects_cleared_by_users_id_fk" FOREIGN KEY ("cleared_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vehicle_defects_open_idx" ON "vehicle_defects" USING btree ("vehicle_id") WHERE "vehicle_defects"."cleared_at" is null;--> statement-breakpoint
CREATE INDEX "vehicle_defects_reported_at_idx" ON "vehicle_defects" USING btree ("reported_at");