CREATE TABLE "shift_corrections" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"shift_id" text NOT NULL,
	"original_start" timestamp with time zone NOT NULL,
	"original_end" timestamp with time zone,
	"corrected_start" timestamp with time zone NOT NULL,
	"corrected_end" timestamp with time zone,
	"reason" text NOT NULL,
	"corrected_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shift_corrections" ADD CONSTRAINT "shift_corrections_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_corrections" ADD CONSTRAINT "shift_corrections_corrected_by_users_id_fk" FOREIGN KEY ("corrected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shift_corrections_shift_id_idx" ON "shift_corrections" USING btree ("shift_id");