CREATE TABLE "lab_review_rows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"lab_file_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"biomarker_key" text,
	"value" double precision NOT NULL,
	"unit" text NOT NULL,
	"reference_low" double precision,
	"reference_high" double precision,
	"reference_text" text,
	"printed_flag" text,
	"box" jsonb,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "own_biomarkers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"unit" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lab_files" ADD COLUMN "pages_read" smallint;--> statement-breakpoint
ALTER TABLE "lab_files" ADD COLUMN "page_count" smallint;--> statement-breakpoint
ALTER TABLE "lab_results" ADD COLUMN "box" jsonb;--> statement-breakpoint
ALTER TABLE "lab_review_rows" ADD CONSTRAINT "lab_review_rows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_review_rows" ADD CONSTRAINT "lab_review_rows_lab_file_id_lab_files_id_fk" FOREIGN KEY ("lab_file_id") REFERENCES "public"."lab_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "own_biomarkers" ADD CONSTRAINT "own_biomarkers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lab_review_rows_user_file_idx" ON "lab_review_rows" USING btree ("user_id","lab_file_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "own_biomarkers_user_name_idx" ON "own_biomarkers" USING btree ("user_id",lower("name"));