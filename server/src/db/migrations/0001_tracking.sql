CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "health_stats" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"weight_lbs" double precision,
	"height_inches" double precision,
	"gender" text,
	"ethnicity" text,
	"date_of_birth" date,
	"average_sleep_minutes" integer,
	"allergies" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qualitative_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"local_date" date NOT NULL,
	"content" text NOT NULL,
	"summary" text,
	"energy" smallint,
	"mood" smallint,
	"sleep" smallint,
	"note" text,
	"logged_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reference_supplement_names" (
	"reference_supplement_id" uuid NOT NULL,
	"name" text NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reference_supplements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"alternative_names" text[] DEFAULT '{}'::text[] NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"source" text,
	"source_url" text,
	"nutrient" text,
	"upper_limit_amount" double precision,
	"upper_limit_unit" text,
	"upper_limit_source" text,
	"upper_limit_source_url" text,
	"upper_limit_note" text,
	"iu_conversion" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supplement_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"supplement_id" uuid,
	"reference_supplement_id" uuid,
	"local_date" date NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"name" text NOT NULL,
	"dosage_amount" double precision NOT NULL,
	"dosage_unit" text NOT NULL,
	"frequency_count" smallint NOT NULL,
	"frequency_unit" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supplements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"reference_supplement_id" uuid,
	"name" text NOT NULL,
	"dosage_amount" double precision NOT NULL,
	"dosage_unit" text NOT NULL,
	"frequency_count" smallint NOT NULL,
	"frequency_unit" text NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "health_stats" ADD CONSTRAINT "health_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qualitative_logs" ADD CONSTRAINT "qualitative_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_supplement_names" ADD CONSTRAINT "reference_supplement_names_reference_supplement_id_reference_supplements_id_fk" FOREIGN KEY ("reference_supplement_id") REFERENCES "public"."reference_supplements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplement_logs" ADD CONSTRAINT "supplement_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplement_logs" ADD CONSTRAINT "supplement_logs_supplement_id_supplements_id_fk" FOREIGN KEY ("supplement_id") REFERENCES "public"."supplements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplement_logs" ADD CONSTRAINT "supplement_logs_reference_supplement_id_reference_supplements_id_fk" FOREIGN KEY ("reference_supplement_id") REFERENCES "public"."reference_supplements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplements" ADD CONSTRAINT "supplements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplements" ADD CONSTRAINT "supplements_reference_supplement_id_reference_supplements_id_fk" FOREIGN KEY ("reference_supplement_id") REFERENCES "public"."reference_supplements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "qualitative_logs_user_day_idx" ON "qualitative_logs" USING btree ("user_id","local_date");--> statement-breakpoint
CREATE UNIQUE INDEX "qualitative_logs_user_day_rating_key" ON "qualitative_logs" USING btree ("user_id","local_date") WHERE "qualitative_logs"."energy" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "reference_supplement_names_key" ON "reference_supplement_names" USING btree ("reference_supplement_id","name");--> statement-breakpoint
CREATE INDEX "reference_supplement_names_trgm_idx" ON "reference_supplement_names" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "reference_supplement_names_prefix_idx" ON "reference_supplement_names" USING btree ("name" text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "reference_supplements_name_lower_key" ON "reference_supplements" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "supplement_logs_user_day_idx" ON "supplement_logs" USING btree ("user_id","local_date");--> statement-breakpoint
CREATE UNIQUE INDEX "supplement_logs_user_day_supplement_key" ON "supplement_logs" USING btree ("user_id","local_date","supplement_id");--> statement-breakpoint
CREATE INDEX "supplements_user_id_idx" ON "supplements" USING btree ("user_id","created_at");