-- The market rows are derived from the public files and re-imported at start (the derivation
-- version changed): empty them so the NOT NULL columns below can be added, and mark no import active.
DELETE FROM "market_zips";--> statement-breakpoint
DELETE FROM "market_counties";--> statement-breakpoint
UPDATE "market_imports" SET "active" = false;--> statement-breakpoint
DROP INDEX "market_zips_city_lower_idx";--> statement-breakpoint
DROP INDEX "market_zips_zip_pattern_idx";--> statement-breakpoint
ALTER TABLE "market_zips" DROP CONSTRAINT "market_zips_pkey";--> statement-breakpoint
ALTER TABLE "market_zips" ADD CONSTRAINT "market_zips_zip_county_fips_pk" PRIMARY KEY("zip","county_fips");--> statement-breakpoint
ALTER TABLE "market_counties" ADD COLUMN "state_code" text;--> statement-breakpoint
ALTER TABLE "market_counties" ADD COLUMN "fmr_area_split" boolean NOT NULL;--> statement-breakpoint
ALTER TABLE "market_counties" ADD COLUMN "violent_crime_tier" text NOT NULL;--> statement-breakpoint
ALTER TABLE "market_counties" ADD COLUMN "violent_crime_estimated_rate" double precision;--> statement-breakpoint
ALTER TABLE "market_counties" ADD COLUMN "violent_crime_note" text;--> statement-breakpoint
ALTER TABLE "market_counties" ADD COLUMN "property_crime_tier" text NOT NULL;--> statement-breakpoint
ALTER TABLE "market_counties" ADD COLUMN "property_crime_estimated_rate" double precision;--> statement-breakpoint
ALTER TABLE "market_counties" ADD COLUMN "property_crime_note" text;--> statement-breakpoint
ALTER TABLE "market_zips" ADD COLUMN "county_state_code" text;--> statement-breakpoint
ALTER TABLE "market_zips" ADD COLUMN "res_ratio" double precision NOT NULL;--> statement-breakpoint
ALTER TABLE "market_zips" ADD COLUMN "tot_ratio" double precision NOT NULL;--> statement-breakpoint
ALTER TABLE "market_zips" ADD COLUMN "is_main" boolean NOT NULL;--> statement-breakpoint
ALTER TABLE "market_zips" ADD COLUMN "fmr_area_split" boolean NOT NULL;--> statement-breakpoint
CREATE INDEX "market_zips_city_lower_idx" ON "market_zips" USING btree (lower("city") text_pattern_ops) WHERE "market_zips"."is_main";--> statement-breakpoint
CREATE INDEX "market_zips_zip_pattern_idx" ON "market_zips" USING btree ("zip" text_pattern_ops) WHERE "market_zips"."is_main";