CREATE TABLE "market_places" (
	"state_fips" text NOT NULL,
	"place_fips" text NOT NULL,
	"state_code" text NOT NULL,
	"name" text NOT NULL,
	"name_keys" jsonb NOT NULL,
	"county_fips" text NOT NULL,
	"population_in_county" integer NOT NULL,
	"violent_crime_tier" text NOT NULL,
	"violent_crime_basis" text,
	"violent_crime_area" text,
	"violent_crime_grade" text,
	"violent_crime_percentile" double precision,
	"violent_crime_rate" double precision,
	"violent_crime_estimated_rate" double precision,
	"violent_crime_year" integer,
	"violent_crime_quality" integer,
	"violent_crime_reference_count" integer,
	"violent_crime_note" text,
	"property_crime_tier" text NOT NULL,
	"property_crime_basis" text,
	"property_crime_area" text,
	"property_crime_grade" text,
	"property_crime_percentile" double precision,
	"property_crime_rate" double precision,
	"property_crime_estimated_rate" double precision,
	"property_crime_year" integer,
	"property_crime_quality" integer,
	"property_crime_reference_count" integer,
	"property_crime_note" text,
	CONSTRAINT "market_places_state_fips_place_fips_county_fips_pk" PRIMARY KEY("state_fips","place_fips","county_fips")
);
--> statement-breakpoint
ALTER TABLE "market_counties" ADD COLUMN "violent_crime_basis" text;--> statement-breakpoint
ALTER TABLE "market_counties" ADD COLUMN "violent_crime_area" text;--> statement-breakpoint
ALTER TABLE "market_counties" ADD COLUMN "property_crime_basis" text;--> statement-breakpoint
ALTER TABLE "market_counties" ADD COLUMN "property_crime_area" text;--> statement-breakpoint
CREATE INDEX "market_places_county_fips_idx" ON "market_places" USING btree ("county_fips");