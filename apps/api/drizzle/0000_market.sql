CREATE TABLE "market_counties" (
	"county_fips" text PRIMARY KEY NOT NULL,
	"state_fips" text NOT NULL,
	"county_name" text,
	"fmr_hud_area_code" text,
	"fmr_area_id" text,
	"fmr_area_name" text,
	"fmr_basis" text,
	"fmr_0" integer,
	"fmr_1" integer,
	"fmr_2" integer,
	"fmr_3" integer,
	"fmr_4" integer,
	"safmr_mandatory" boolean NOT NULL,
	"median_gross_rent" double precision,
	"median_home_value" double precision,
	"median_household_income" double precision,
	"population" double precision,
	"property_tax_rate" double precision NOT NULL,
	"property_tax_level" text NOT NULL,
	"violent_crime_grade" text,
	"violent_crime_percentile" double precision,
	"violent_crime_rate" double precision,
	"violent_crime_year" integer,
	"violent_crime_quality" integer,
	"violent_crime_reference_count" integer,
	"property_crime_grade" text,
	"property_crime_percentile" double precision,
	"property_crime_rate" double precision,
	"property_crime_year" integer,
	"property_crime_quality" integer,
	"property_crime_reference_count" integer
);
--> statement-breakpoint
CREATE TABLE "market_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"dataset_hash" text NOT NULL,
	"files" jsonb NOT NULL,
	"interest_rate" jsonb,
	"zip_count" integer NOT NULL,
	"county_count" integer NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	CONSTRAINT "market_imports_dataset_hash_unique" UNIQUE("dataset_hash")
);
--> statement-breakpoint
CREATE TABLE "market_zips" (
	"zip" text PRIMARY KEY NOT NULL,
	"county_fips" text NOT NULL,
	"county_name" text,
	"city" text NOT NULL,
	"state_code" text NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"county_share" double precision NOT NULL,
	"share_basis" text NOT NULL,
	"county_count" integer NOT NULL,
	"fmr_hud_area_code" text,
	"fmr_area_id" text,
	"fmr_area_name" text,
	"fmr_basis" text,
	"fmr_0" integer,
	"fmr_1" integer,
	"fmr_2" integer,
	"fmr_3" integer,
	"fmr_4" integer,
	"safmr_0" integer,
	"safmr_1" integer,
	"safmr_2" integer,
	"safmr_3" integer,
	"safmr_4" integer,
	"safmr_mandatory" boolean NOT NULL,
	"hud_rent_applies" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "market_imports_one_active" ON "market_imports" USING btree ("active") WHERE "market_imports"."active";--> statement-breakpoint
CREATE INDEX "market_zips_city_lower_idx" ON "market_zips" USING btree (lower("city") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "market_zips_zip_pattern_idx" ON "market_zips" USING btree ("zip" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "market_zips_state_code_idx" ON "market_zips" USING btree ("state_code");