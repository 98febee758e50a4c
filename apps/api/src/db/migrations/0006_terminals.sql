CREATE TABLE "terminals" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"name" text NOT NULL,
	"enrolment_code_hash" text,
	"enrolment_expires_at" timestamp with time zone,
	"credential_hash" text,
	"enrolled_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "terminals_credential_hash_unique" UNIQUE("credential_hash")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pin_locked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "terminals" ADD CONSTRAINT "terminals_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "terminals_enrolment_code_hash_idx" ON "terminals" USING btree ("enrolment_code_hash");