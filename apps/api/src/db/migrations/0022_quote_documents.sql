ALTER TABLE "document_settings" ADD COLUMN "quote_valid_days" integer DEFAULT 14 NOT NULL;--> statement-breakpoint
ALTER TABLE "document_settings" ADD COLUMN "tax_label" text;--> statement-breakpoint
CREATE INDEX "job_legs_origin_address_prefix_idx" ON "job_legs" USING btree (lower("origin_address") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "job_legs_destination_address_prefix_idx" ON "job_legs" USING btree (lower("destination_address") text_pattern_ops);