CREATE TABLE "health_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"source" text,
	"storage_key" text,
	"size_bytes" bigint NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"read_count" integer DEFAULT 0 NOT NULL,
	"added_count" integer DEFAULT 0 NOT NULL,
	"error_message" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "health_measurements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"source" text NOT NULL,
	"origin" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"day" date NOT NULL,
	"value" double precision NOT NULL,
	"unit" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"import_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "health_imports" ADD CONSTRAINT "health_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_measurements" ADD CONSTRAINT "health_measurements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_measurements" ADD CONSTRAINT "health_measurements_import_id_health_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."health_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "health_imports_user_id_idx" ON "health_imports" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "health_measurements_dedupe_idx" ON "health_measurements" USING btree ("user_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "health_measurements_user_kind_day_idx" ON "health_measurements" USING btree ("user_id","kind","day");--> statement-breakpoint
CREATE INDEX "health_measurements_user_source_idx" ON "health_measurements" USING btree ("user_id","source");--> statement-breakpoint
CREATE INDEX "health_measurements_import_idx" ON "health_measurements" USING btree ("import_id");