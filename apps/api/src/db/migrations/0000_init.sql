CREATE TYPE "public"."customer_type" AS ENUM('school', 'corporate', 'private', 'other');--> statement-breakpoint
CREATE TYPE "public"."vehicle_type" AS ENUM('company_owned', 'subcontracted');--> statement-breakpoint
CREATE TYPE "public"."inspection_type" AS ENUM('pre_departure', 'end_of_shift');--> statement-breakpoint
CREATE TYPE "public"."email_notification_type" AS ENUM('assignment', 'update', 'cancellation', 'reminder', 'offer', 'acceptance', 'decline');--> statement-breakpoint
CREATE TYPE "public"."job_offer_status" AS ENUM('pending', 'accepted', 'rejected', 'expired');--> statement-breakpoint
CREATE TYPE "public"."job_request_status" AS ENUM('pending', 'approved', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."job_status" AS ENUM('draft', 'quoted', 'confirmed', 'assigned', 'in_progress', 'completed', 'cancelled', 'postponed');--> statement-breakpoint
CREATE TYPE "public"."tax_mode" AS ENUM('inclusive', 'exclusive', 'none');--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"user_id" text NOT NULL,
	"type" text NOT NULL,
	"provider" text NOT NULL,
	"provider_account_id" text NOT NULL,
	"refresh_token" text,
	"access_token" text,
	"expires_at" integer,
	"token_type" text,
	"scope" text,
	"id_token" text,
	"session_state" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "driver_preferences" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"user_id" text NOT NULL,
	"email_new_assignments" integer DEFAULT 1 NOT NULL,
	"email_job_updates" integer DEFAULT 1 NOT NULL,
	"email_cancellations" integer DEFAULT 1 NOT NULL,
	"email_reminders" integer DEFAULT 1 NOT NULL,
	"reminder_hours" integer DEFAULT 24 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "driver_preferences_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"user_id" text NOT NULL,
	"token" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"sid" text PRIMARY KEY NOT NULL,
	"sess" jsonb NOT NULL,
	"expire" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"email" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"profile_image_url" text,
	"password" text,
	"roles" text[] DEFAULT '{driver}'::text[] NOT NULL,
	"role" text,
	"driver_number" varchar(4),
	"is_active" integer DEFAULT 1 NOT NULL,
	"email_verified" integer DEFAULT 0 NOT NULL,
	"verification_token" text,
	"verification_token_expiry" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_driver_number_unique" UNIQUE("driver_number")
);
--> statement-breakpoint
CREATE TABLE "customer_contacts" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"customer_id" text NOT NULL,
	"name" text NOT NULL,
	"role" text,
	"email" text,
	"phone" text,
	"is_active" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"company_name" text NOT NULL,
	"company_type" "customer_type" DEFAULT 'other' NOT NULL,
	"phone" text,
	"email" text,
	"address" text,
	"loyalty_points" integer DEFAULT 0 NOT NULL,
	"total_bookings" integer DEFAULT 0 NOT NULL,
	"total_revenue" numeric(10, 2) DEFAULT 0 NOT NULL,
	"is_active" integer DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "depots" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"name" text NOT NULL,
	"address" text,
	"subcontractor_id" text,
	"is_active" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subcontractors" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"company_name" text NOT NULL,
	"contact_name" text,
	"phone" text,
	"email" text,
	"address" text,
	"is_active" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicle_categories_new" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"color" text DEFAULT '#3b82f6' NOT NULL,
	"is_active" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vehicle_categories_new_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "vehicles" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"type" "vehicle_type" DEFAULT 'company_owned' NOT NULL,
	"category" text,
	"category_id" text,
	"registration_number" text,
	"nickname" text,
	"make" text,
	"model" text,
	"seated_capacity" integer DEFAULT 0 NOT NULL,
	"standing_capacity" integer DEFAULT 0 NOT NULL,
	"extra_options" text[] DEFAULT '{}'::text[] NOT NULL,
	"default_depot_id" text,
	"subcontractor_id" text,
	"is_active" integer DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vehicles_registration_number_unique" UNIQUE("registration_number")
);
--> statement-breakpoint
CREATE TABLE "emergency_alerts" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"driver_id" text NOT NULL,
	"vehicle_id" text,
	"shift_id" text,
	"emergency_type_id" text NOT NULL,
	"alert_date" timestamp with time zone DEFAULT now() NOT NULL,
	"location" text,
	"description" text,
	"status" text DEFAULT 'active' NOT NULL,
	"notifications_sent" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" text,
	"resolution_notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "emergency_types" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"severity" text DEFAULT 'medium' NOT NULL,
	"icon" text DEFAULT 'alert-circle' NOT NULL,
	"color" text DEFAULT 'red' NOT NULL,
	"procedure_title" text,
	"procedure_content" text,
	"procedure_pdf_url" text,
	"requires_immediate_notification" integer DEFAULT 1 NOT NULL,
	"requires_immediate_response" integer DEFAULT 0 NOT NULL,
	"is_active" integer DEFAULT 1 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "end_of_shift_inspections" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"driver_id" text NOT NULL,
	"vehicle_id" text NOT NULL,
	"shift_id" text,
	"inspection_date" timestamp with time zone DEFAULT now() NOT NULL,
	"responses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"overall_status" text,
	"body_damage_found" integer DEFAULT 0 NOT NULL,
	"body_damage_details" text,
	"interior_damage_found" integer DEFAULT 0 NOT NULL,
	"interior_damage_details" text,
	"bus_clean" integer DEFAULT 1 NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fuel_logs" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"driver_id" text NOT NULL,
	"vehicle_id" text NOT NULL,
	"shift_id" text,
	"fuel_date" timestamp with time zone DEFAULT now() NOT NULL,
	"odometer_reading" integer NOT NULL,
	"liters_added" numeric(10, 2) NOT NULL,
	"receipt_photo_url" text,
	"fuel_type" text DEFAULT 'Diesel' NOT NULL,
	"location" text,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "incident_reports" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"driver_id" text NOT NULL,
	"vehicle_id" text,
	"shift_id" text,
	"incident_date" timestamp with time zone DEFAULT now() NOT NULL,
	"incident_type" text NOT NULL,
	"location" text NOT NULL,
	"description" text NOT NULL,
	"injuries_reported" integer DEFAULT 0 NOT NULL,
	"injury_details" text,
	"witness_details" text,
	"police_notified" integer DEFAULT 0 NOT NULL,
	"police_report_number" text,
	"photos_urls" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"damage_details" text,
	"status" text DEFAULT 'submitted' NOT NULL,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"review_notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inspection_template_questions" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"type" "inspection_type" DEFAULT 'pre_departure' NOT NULL,
	"question" text NOT NULL,
	"category" text DEFAULT 'Other' NOT NULL,
	"requires_photo" integer DEFAULT 0 NOT NULL,
	"is_active" integer DEFAULT 1 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pre_departure_inspections" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"driver_id" text NOT NULL,
	"vehicle_id" text NOT NULL,
	"shift_id" text,
	"inspection_date" timestamp with time zone DEFAULT now() NOT NULL,
	"responses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"overall_status" text NOT NULL,
	"damage_reported" integer DEFAULT 0 NOT NULL,
	"damage_details" text,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_notifications" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"user_id" text NOT NULL,
	"job_id" text,
	"email_type" "email_notification_type" NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'sent' NOT NULL,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_legs" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"job_id" text NOT NULL,
	"leg_number" integer NOT NULL,
	"origin_address" text,
	"destination_address" text,
	"departure_time" text,
	"arrival_time" text,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_offers" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"job_id" text NOT NULL,
	"driver_id" text NOT NULL,
	"status" "job_offer_status" DEFAULT 'pending' NOT NULL,
	"message" text,
	"expires_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_requests" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"job_id" text NOT NULL,
	"driver_id" text NOT NULL,
	"status" "job_request_status" DEFAULT 'pending' NOT NULL,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_requirements" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"job_id" text NOT NULL,
	"category_id" text,
	"category_name" text,
	"quantity" integer DEFAULT 1 NOT NULL,
	"color" text,
	"category_color" text,
	"is_required" integer DEFAULT 1 NOT NULL,
	"notes" text,
	"vehicle_notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_vehicles" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"job_id" text NOT NULL,
	"vehicle_id" text,
	"driver_id" text,
	"requirement_id" text,
	"slot_position" integer DEFAULT 1 NOT NULL,
	"starting_depot_id" text,
	"ending_depot_id" text,
	"vehicle_notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"job_number" text NOT NULL,
	"title" text,
	"service_date" date,
	"pax_count" integer,
	"service_description" text,
	"notes_driver" text,
	"customer_id" text,
	"contact_id" text,
	"maps_link" text,
	"status" "job_status" DEFAULT 'draft' NOT NULL,
	"has_updates" integer DEFAULT 0 NOT NULL,
	"loyalty_awarded" integer DEFAULT 0 NOT NULL,
	"base_price" numeric(10, 2) DEFAULT 0 NOT NULL,
	"subtotal" numeric(10, 2) DEFAULT 0 NOT NULL,
	"discounts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"extra_charges" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tax_mode" "tax_mode" DEFAULT 'inclusive' NOT NULL,
	"tax_rate" numeric(5, 2) DEFAULT 10 NOT NULL,
	"tax_amount" numeric(10, 2) DEFAULT 0 NOT NULL,
	"total_price" numeric(10, 2) DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'AUD' NOT NULL,
	"terms_template_id" text,
	"terms_and_conditions" text,
	"pricing_notes" text,
	"created_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_job_number_unique" UNIQUE("job_number")
);
--> statement-breakpoint
CREATE TABLE "app_settings" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"app_name" text DEFAULT 'Driver Management System' NOT NULL,
	"app_description" text DEFAULT 'Driver Management System' NOT NULL,
	"app_icon" text DEFAULT 'Truck' NOT NULL,
	"logo_url" text,
	"logo_background" text DEFAULT 'transparent' NOT NULL,
	"tagline" text DEFAULT 'Streamline your transportation operations' NOT NULL,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_settings" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"company_name" text,
	"company_address" text,
	"company_phone" text,
	"company_email" text,
	"company_abn" text,
	"company_website" text,
	"logo_url" text,
	"logo_background" text DEFAULT 'transparent' NOT NULL,
	"primary_color" text DEFAULT '#1e40af' NOT NULL,
	"secondary_color" text DEFAULT '#64748b' NOT NULL,
	"accent_color" text DEFAULT '#0891b2' NOT NULL,
	"quote_header_text" text DEFAULT 'QUOTE' NOT NULL,
	"quote_footer_text" text DEFAULT 'School Loyalty Offer: after 9 school charters, receive $400 off every 10th bus you book with us.',
	"show_loyalty_footer" integer DEFAULT 1 NOT NULL,
	"job_sheet_header_text" text DEFAULT 'JOB SHEET' NOT NULL,
	"job_sheet_footer_text" text,
	"show_vehicle_notes" integer DEFAULT 1 NOT NULL,
	"show_terms_and_conditions" integer DEFAULT 1 NOT NULL,
	"show_pricing_breakdown" integer DEFAULT 1 NOT NULL,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terms_templates" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"name" text NOT NULL,
	"content" text NOT NULL,
	"is_default" integer DEFAULT 0 NOT NULL,
	"is_active" integer DEFAULT 1 NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shifts" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"driver_id" text NOT NULL,
	"vehicle_id" text,
	"start_time" timestamp with time zone DEFAULT now() NOT NULL,
	"end_time" timestamp with time zone,
	"shift_date" date NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_preferences" ADD CONSTRAINT "driver_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_contacts" ADD CONSTRAINT "customer_contacts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "depots" ADD CONSTRAINT "depots_subcontractor_id_subcontractors_id_fk" FOREIGN KEY ("subcontractor_id") REFERENCES "public"."subcontractors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_category_id_vehicle_categories_new_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."vehicle_categories_new"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_default_depot_id_depots_id_fk" FOREIGN KEY ("default_depot_id") REFERENCES "public"."depots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_subcontractor_id_subcontractors_id_fk" FOREIGN KEY ("subcontractor_id") REFERENCES "public"."subcontractors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_alerts" ADD CONSTRAINT "emergency_alerts_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_alerts" ADD CONSTRAINT "emergency_alerts_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_alerts" ADD CONSTRAINT "emergency_alerts_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_alerts" ADD CONSTRAINT "emergency_alerts_emergency_type_id_emergency_types_id_fk" FOREIGN KEY ("emergency_type_id") REFERENCES "public"."emergency_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_alerts" ADD CONSTRAINT "emergency_alerts_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "end_of_shift_inspections" ADD CONSTRAINT "end_of_shift_inspections_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "end_of_shift_inspections" ADD CONSTRAINT "end_of_shift_inspections_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "end_of_shift_inspections" ADD CONSTRAINT "end_of_shift_inspections_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fuel_logs" ADD CONSTRAINT "fuel_logs_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fuel_logs" ADD CONSTRAINT "fuel_logs_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fuel_logs" ADD CONSTRAINT "fuel_logs_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_reports" ADD CONSTRAINT "incident_reports_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_reports" ADD CONSTRAINT "incident_reports_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_reports" ADD CONSTRAINT "incident_reports_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_reports" ADD CONSTRAINT "incident_reports_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_departure_inspections" ADD CONSTRAINT "pre_departure_inspections_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_departure_inspections" ADD CONSTRAINT "pre_departure_inspections_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_departure_inspections" ADD CONSTRAINT "pre_departure_inspections_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_notifications" ADD CONSTRAINT "email_notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_notifications" ADD CONSTRAINT "email_notifications_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_legs" ADD CONSTRAINT "job_legs_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_offers" ADD CONSTRAINT "job_offers_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_offers" ADD CONSTRAINT "job_offers_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_offers" ADD CONSTRAINT "job_offers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_requests" ADD CONSTRAINT "job_requests_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_requests" ADD CONSTRAINT "job_requests_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_requirements" ADD CONSTRAINT "job_requirements_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_requirements" ADD CONSTRAINT "job_requirements_category_id_vehicle_categories_new_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."vehicle_categories_new"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_vehicles" ADD CONSTRAINT "job_vehicles_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_vehicles" ADD CONSTRAINT "job_vehicles_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_vehicles" ADD CONSTRAINT "job_vehicles_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_vehicles" ADD CONSTRAINT "job_vehicles_requirement_id_job_requirements_id_fk" FOREIGN KEY ("requirement_id") REFERENCES "public"."job_requirements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_vehicles" ADD CONSTRAINT "job_vehicles_starting_depot_id_depots_id_fk" FOREIGN KEY ("starting_depot_id") REFERENCES "public"."depots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_vehicles" ADD CONSTRAINT "job_vehicles_ending_depot_id_depots_id_fk" FOREIGN KEY ("ending_depot_id") REFERENCES "public"."depots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_contact_id_customer_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."customer_contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_terms_template_id_terms_templates_id_fk" FOREIGN KEY ("terms_template_id") REFERENCES "public"."terms_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_settings" ADD CONSTRAINT "app_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_settings" ADD CONSTRAINT "document_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terms_templates" ADD CONSTRAINT "terms_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_provider_account_uq" ON "accounts" USING btree ("provider","provider_account_id");--> statement-breakpoint
CREATE INDEX "accounts_user_id_idx" ON "accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_id_idx" ON "password_reset_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_token_idx" ON "password_reset_tokens" USING btree ("token");--> statement-breakpoint
CREATE INDEX "sessions_expire_idx" ON "sessions" USING btree ("expire");--> statement-breakpoint
CREATE INDEX "customer_contacts_customer_id_idx" ON "customer_contacts" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "depots_subcontractor_id_idx" ON "depots" USING btree ("subcontractor_id");--> statement-breakpoint
CREATE INDEX "vehicles_subcontractor_id_idx" ON "vehicles" USING btree ("subcontractor_id");--> statement-breakpoint
CREATE INDEX "vehicles_category_id_idx" ON "vehicles" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "emergency_alerts_driver_id_idx" ON "emergency_alerts" USING btree ("driver_id");--> statement-breakpoint
CREATE INDEX "emergency_alerts_date_idx" ON "emergency_alerts" USING btree ("alert_date");--> statement-breakpoint
CREATE INDEX "emergency_alerts_status_idx" ON "emergency_alerts" USING btree ("status");--> statement-breakpoint
CREATE INDEX "end_of_shift_inspections_driver_id_idx" ON "end_of_shift_inspections" USING btree ("driver_id");--> statement-breakpoint
CREATE INDEX "end_of_shift_inspections_date_idx" ON "end_of_shift_inspections" USING btree ("inspection_date");--> statement-breakpoint
CREATE INDEX "end_of_shift_inspections_shift_id_idx" ON "end_of_shift_inspections" USING btree ("shift_id");--> statement-breakpoint
CREATE INDEX "fuel_logs_driver_id_idx" ON "fuel_logs" USING btree ("driver_id");--> statement-breakpoint
CREATE INDEX "fuel_logs_date_idx" ON "fuel_logs" USING btree ("fuel_date");--> statement-breakpoint
CREATE INDEX "fuel_logs_vehicle_id_idx" ON "fuel_logs" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "incident_reports_driver_id_idx" ON "incident_reports" USING btree ("driver_id");--> statement-breakpoint
CREATE INDEX "incident_reports_date_idx" ON "incident_reports" USING btree ("incident_date");--> statement-breakpoint
CREATE INDEX "incident_reports_status_idx" ON "incident_reports" USING btree ("status");--> statement-breakpoint
CREATE INDEX "inspection_template_questions_type_sort_idx" ON "inspection_template_questions" USING btree ("type","sort_order");--> statement-breakpoint
CREATE INDEX "pre_departure_inspections_driver_id_idx" ON "pre_departure_inspections" USING btree ("driver_id");--> statement-breakpoint
CREATE INDEX "pre_departure_inspections_date_idx" ON "pre_departure_inspections" USING btree ("inspection_date");--> statement-breakpoint
CREATE INDEX "pre_departure_inspections_shift_id_idx" ON "pre_departure_inspections" USING btree ("shift_id");--> statement-breakpoint
CREATE INDEX "email_notifications_user_id_idx" ON "email_notifications" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "email_notifications_job_id_idx" ON "email_notifications" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "job_legs_job_id_leg_number_idx" ON "job_legs" USING btree ("job_id","leg_number");--> statement-breakpoint
CREATE INDEX "job_offers_driver_id_idx" ON "job_offers" USING btree ("driver_id");--> statement-breakpoint
CREATE INDEX "job_offers_job_id_idx" ON "job_offers" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "job_requests_job_id_idx" ON "job_requests" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "job_requests_driver_id_idx" ON "job_requests" USING btree ("driver_id");--> statement-breakpoint
CREATE INDEX "job_requirements_job_id_idx" ON "job_requirements" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "job_vehicles_job_id_idx" ON "job_vehicles" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "job_vehicles_driver_id_idx" ON "job_vehicles" USING btree ("driver_id");--> statement-breakpoint
CREATE INDEX "job_vehicles_vehicle_id_idx" ON "job_vehicles" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "jobs_service_date_idx" ON "jobs" USING btree ("service_date");--> statement-breakpoint
CREATE INDEX "jobs_status_idx" ON "jobs" USING btree ("status");--> statement-breakpoint
CREATE INDEX "jobs_customer_id_idx" ON "jobs" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "terms_templates_one_default_uq" ON "terms_templates" USING btree ("is_default") WHERE "terms_templates"."is_default" = 1;--> statement-breakpoint
CREATE UNIQUE INDEX "shifts_one_open_per_driver_uq" ON "shifts" USING btree ("driver_id") WHERE "shifts"."end_time" is null;--> statement-breakpoint
CREATE INDEX "shifts_driver_id_start_time_idx" ON "shifts" USING btree ("driver_id","start_time");--> statement-breakpoint
CREATE INDEX "shifts_shift_date_idx" ON "shifts" USING btree ("shift_date");