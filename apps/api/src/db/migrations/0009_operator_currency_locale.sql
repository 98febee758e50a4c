ALTER TABLE "app_settings" ADD COLUMN "currency" text DEFAULT 'AUD' NOT NULL;--> statement-breakpoint
ALTER TABLE "app_settings" ADD COLUMN "locale" text DEFAULT 'en-AU' NOT NULL;