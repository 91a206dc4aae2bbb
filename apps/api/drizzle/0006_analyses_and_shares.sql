CREATE TABLE "analyses" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"property" jsonb NOT NULL,
	"facts" jsonb NOT NULL,
	"result" jsonb NOT NULL,
	"address" text NOT NULL,
	"overall_points" integer NOT NULL,
	"overall_color" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "share_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"saved_property_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "saved_properties" ADD COLUMN "analysis_id" text;--> statement-breakpoint
-- Saves from before market figures said how far they can be trusted get each figure's tier from
-- what the figure already said: the model's default, a live answer, incomplete reporting, an
-- estimate, else a published (reported) figure.
UPDATE "saved_properties" SET "data" = jsonb_set("data", '{market_data,figures}', (
	SELECT coalesce(jsonb_object_agg(f.key, CASE WHEN f.value ? 'tier' THEN f.value ELSE f.value || jsonb_build_object('tier',
		CASE
			WHEN f.value->>'source' = 'Model default' THEN 'default'
			WHEN f.value->>'vintage' ILIKE '%live%' OR f.value->>'source' ILIKE '%rentometer%' THEN 'live'
			WHEN f.value->>'note' ILIKE '%incomplete%' THEN 'incomplete'
			WHEN f.value->>'note' ILIKE '%estimate%' THEN 'estimated'
			ELSE 'reported'
		END) END), '{}'::jsonb)
	FROM jsonb_each("data"->'market_data'->'figures') AS f
))
WHERE jsonb_typeof("data"->'market_data'->'figures') = 'object';--> statement-breakpoint
-- Hand-written (drizzle-kit would add the column NOT NULL at once): every existing save becomes an
-- analysis of its own, with the same id, its market facts read back from the stored response (the
-- rents year_1_metrics echoed, the crime grades and figures of market_data), so saves made before
-- analyses were stored keep reopening, updating and deleting.
INSERT INTO "analyses" ("id", "user_id", "property", "facts", "result", "address", "overall_points", "overall_color", "created_at", "updated_at")
SELECT
	s."id",
	s."user_id",
	(s."data"->'property') - 'metrics',
	jsonb_build_object(
		'hud_rent', s."data"->'year_1_metrics'->'hud_rent',
		'market_rent', s."data"->'year_1_metrics'->'rentometer_rent',
		'violent_crime_grade', s."data"->'market_data'->'figures'->'violent_crime_grade'->'value',
		'property_crime_grade', s."data"->'market_data'->'figures'->'property_crime_grade'->'value',
		'market_data', coalesce(s."data"->'market_data', '{"figures": {}, "warnings": []}'::jsonb)
	),
	s."data",
	concat_ws(', ', s."data"->'property'->>'street', s."data"->'property'->>'city', concat_ws(' ', s."data"->'property'->>'state_code', s."data"->'property'->>'zipcode')),
	(s."data"->'summary'->>'overall_points')::integer,
	s."data"->'summary'->>'overall_color',
	s."saved_at",
	s."saved_at"
FROM "saved_properties" s;--> statement-breakpoint
UPDATE "saved_properties" SET "analysis_id" = "id";--> statement-breakpoint
ALTER TABLE "saved_properties" ALTER COLUMN "analysis_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "analyses" ADD CONSTRAINT "analyses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_saved_property_id_saved_properties_id_fk" FOREIGN KEY ("saved_property_id") REFERENCES "public"."saved_properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analyses_user_created_idx" ON "analyses" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "share_links_saved_property_idx" ON "share_links" USING btree ("saved_property_id");--> statement-breakpoint
ALTER TABLE "saved_properties" ADD CONSTRAINT "saved_properties_analysis_id_analyses_id_fk" FOREIGN KEY ("analysis_id") REFERENCES "public"."analyses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_properties_analysis_idx" ON "saved_properties" USING btree ("analysis_id");