DROP INDEX "job_requests_job_id_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "job_requests_job_driver_uq" ON "job_requests" USING btree ("job_id","driver_id");