DROP INDEX "jobs_service_date_idx";--> statement-breakpoint
CREATE INDEX "job_vehicles_open_position_idx" ON "job_vehicles" USING btree ("job_id") WHERE "job_vehicles"."driver_id" is null and "job_vehicles"."vehicle_id" is not null;--> statement-breakpoint
CREATE INDEX "jobs_service_date_status_idx" ON "jobs" USING btree ("service_date","status");