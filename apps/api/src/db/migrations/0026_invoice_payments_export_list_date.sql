ALTER TABLE "invoice_settings" ADD COLUMN "myob_deposit_account" text DEFAULT '1-1110' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "list_date" date;--> statement-breakpoint
-- Existing rows: the issue date, or (drafts) the day they were made; the database's date of it, the migration not knowing the operator's timezone.
UPDATE "invoices" SET "list_date" = coalesce("issue_date", "created_at"::date);--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "list_date" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "invoices_list_date_idx" ON "invoices" USING btree ("list_date","created_at");
