CREATE INDEX "vehicles_default_depot_id_idx" ON "vehicles" USING btree ("default_depot_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_registration_number_lower_uq" ON "vehicles" USING btree (lower("registration_number"));--> statement-breakpoint
CREATE INDEX "emergency_alerts_vehicle_id_idx" ON "emergency_alerts" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "end_of_shift_inspections_vehicle_id_idx" ON "end_of_shift_inspections" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "incident_reports_vehicle_id_idx" ON "incident_reports" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "pre_departure_inspections_vehicle_id_idx" ON "pre_departure_inspections" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "job_vehicles_starting_depot_id_idx" ON "job_vehicles" USING btree ("starting_depot_id");--> statement-breakpoint
CREATE INDEX "job_vehicles_ending_depot_id_idx" ON "job_vehicles" USING btree ("ending_depot_id");--> statement-breakpoint
CREATE INDEX "jobs_contact_id_idx" ON "jobs" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "shifts_vehicle_id_idx" ON "shifts" USING btree ("vehicle_id");