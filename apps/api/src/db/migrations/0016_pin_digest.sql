ALTER TABLE "users" ADD COLUMN "pin_digest" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_pin_digest_unique" UNIQUE("pin_digest");