CREATE TABLE "reference_supplement_words" (
	"word" text NOT NULL,
	"reference_supplement_id" uuid NOT NULL,
	CONSTRAINT "reference_supplement_words_word_reference_supplement_id_pk" PRIMARY KEY("word","reference_supplement_id")
);
--> statement-breakpoint
CREATE TABLE "reference_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reference_supplement_words" ADD CONSTRAINT "reference_supplement_words_reference_supplement_id_reference_supplements_id_fk" FOREIGN KEY ("reference_supplement_id") REFERENCES "public"."reference_supplements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reference_supplement_words_supplement_idx" ON "reference_supplement_words" USING btree ("reference_supplement_id");--> statement-breakpoint
CREATE INDEX "reference_words_trgm_idx" ON "reference_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "reference_words_prefix_idx" ON "reference_words" USING btree ("word" text_pattern_ops);