CREATE TABLE "compliance_digest_sends" (
	"user_id" text NOT NULL,
	"week_start" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "compliance_digest_sends_user_id_week_start_pk" PRIMARY KEY("user_id","week_start")
);
--> statement-breakpoint
ALTER TABLE "driver_preferences" ADD COLUMN "email_compliance_digest" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "compliance_digest_sends" ADD CONSTRAINT "compliance_digest_sends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;