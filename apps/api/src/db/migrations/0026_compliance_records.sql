CREATE TABLE "compliance_document_types" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"name" text NOT NULL,
	"expires" boolean DEFAULT true NOT NULL,
	"required_for_school_work" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "compliance_record_versions" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" text NOT NULL,
	"change" text NOT NULL,
	"record" jsonb NOT NULL,
	"changed_by" text,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "driver_compliance" (
	"driver_id" text PRIMARY KEY NOT NULL,
	"licence_number" text,
	"licence_class" text,
	"licence_expiry" date,
	"medical_expiry" date,
	"children_check_number" text,
	"children_check_expiry" date,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "driver_documents" (
	"driver_id" text NOT NULL,
	"type_id" text NOT NULL,
	"number" text,
	"expiry" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "driver_documents_driver_id_type_id_pk" PRIMARY KEY("driver_id","type_id")
);
--> statement-breakpoint
CREATE TABLE "vehicle_compliance" (
	"vehicle_id" text PRIMARY KEY NOT NULL,
	"registration_expiry" date,
	"insurance_expiry" date,
	"inspection_due" date,
	"last_inspection_date" date,
	"inspection_interval_months" integer,
	"service_interval_km" integer,
	"service_interval_months" integer,
	"last_service_date" date,
	"last_service_odometer" integer,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicle_services" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"vehicle_id" text NOT NULL,
	"service_date" date NOT NULL,
	"odometer" integer NOT NULL,
	"work_done" text NOT NULL,
	"cost" numeric(10, 2),
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vehicle_categories_new" ADD COLUMN "required_licence_class" text;--> statement-breakpoint
ALTER TABLE "app_settings" ADD COLUMN "licence_class_set" text DEFAULT 'au' NOT NULL;--> statement-breakpoint
ALTER TABLE "compliance_record_versions" ADD CONSTRAINT "compliance_record_versions_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_compliance" ADD CONSTRAINT "driver_compliance_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_compliance" ADD CONSTRAINT "driver_compliance_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_documents" ADD CONSTRAINT "driver_documents_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_documents" ADD CONSTRAINT "driver_documents_type_id_compliance_document_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."compliance_document_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_compliance" ADD CONSTRAINT "vehicle_compliance_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_compliance" ADD CONSTRAINT "vehicle_compliance_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_services" ADD CONSTRAINT "vehicle_services_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_services" ADD CONSTRAINT "vehicle_services_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "compliance_document_types_name_uq" ON "compliance_document_types" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "compliance_record_versions_subject_idx" ON "compliance_record_versions" USING btree ("subject_type","subject_id","changed_at");--> statement-breakpoint
CREATE INDEX "driver_documents_expiry_idx" ON "driver_documents" USING btree ("expiry");--> statement-breakpoint
CREATE INDEX "vehicle_services_vehicle_date_idx" ON "vehicle_services" USING btree ("vehicle_id","service_date");