DROP INDEX "shifts_shift_date_idx";--> statement-breakpoint
CREATE INDEX "shifts_shift_date_driver_id_idx" ON "shifts" USING btree ("shift_date","driver_id");