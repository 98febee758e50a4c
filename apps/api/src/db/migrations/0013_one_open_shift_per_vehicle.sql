-- Before this rule two drivers could hold open shifts on one vehicle. Each earlier one is ended when
-- the next driver took the vehicle, and says so in its notes, so that the index below can hold.
WITH ordered AS (
  SELECT id, lead(start_time) OVER (PARTITION BY vehicle_id ORDER BY start_time, id) AS next_start
  FROM "shifts"
  WHERE end_time IS NULL AND vehicle_id IS NOT NULL
)
UPDATE "shifts" s
SET end_time = o.next_start,
    notes = concat_ws(E'\n', s.notes, 'Ended by the one-open-shift-per-vehicle rule: another driver clocked in with this vehicle.'),
    updated_at = now()
FROM ordered o
WHERE s.id = o.id AND o.next_start IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "shifts_one_open_per_vehicle_uq" ON "shifts" USING btree ("vehicle_id") WHERE "shifts"."end_time" is null and "shifts"."vehicle_id" is not null;
