ALTER TABLE "quote_link_settings" ADD COLUMN "reminder_days" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_links" ADD COLUMN "reminder_token_hash" text;--> statement-breakpoint
ALTER TABLE "quote_links" ADD COLUMN "reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quote_links" ADD CONSTRAINT "quote_links_reminder_token_hash_unique" UNIQUE("reminder_token_hash");