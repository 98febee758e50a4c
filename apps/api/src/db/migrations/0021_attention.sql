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
ALTER TABLE "driver_preferences" ADD COLUMN "email_safety_alerts" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "attention_items" ADD CONSTRAINT "attention_items_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attention_items_subject_idx" ON "attention_items" USING btree ("kind","subject_id");--> statement-breakpoint
CREATE INDEX "attention_items_open_idx" ON "attention_items" USING btree ("raised_at") WHERE acknowledged_at is null and resolved_at is null;