CREATE TABLE "compliance_scans" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" text NOT NULL,
	"record_kind" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"file_name" text NOT NULL,
	"uploaded_by" text,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"superseded_at" timestamp with time zone,
	CONSTRAINT "compliance_scans_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
ALTER TABLE "compliance_scans" ADD CONSTRAINT "compliance_scans_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "compliance_scans_subject_idx" ON "compliance_scans" USING btree ("subject_type","subject_id","record_kind","uploaded_at");--> statement-breakpoint
CREATE UNIQUE INDEX "compliance_scans_current_idx" ON "compliance_scans" USING btree ("subject_type","subject_id","record_kind") WHERE "compliance_scans"."superseded_at" is null;