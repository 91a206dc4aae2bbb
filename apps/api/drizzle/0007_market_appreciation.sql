ALTER TABLE "market_counties" ADD COLUMN "appreciation_value" double precision;--> statement-breakpoint
ALTER TABLE "market_counties" ADD COLUMN "appreciation_low" double precision;--> statement-breakpoint
ALTER TABLE "market_counties" ADD COLUMN "appreciation_high" double precision;--> statement-breakpoint
ALTER TABLE "market_counties" ADD COLUMN "appreciation_level" text;--> statement-breakpoint
ALTER TABLE "market_counties" ADD COLUMN "appreciation_long_run_rate" double precision;--> statement-breakpoint
ALTER TABLE "market_counties" ADD COLUMN "appreciation_national_rate" double precision;--> statement-breakpoint
ALTER TABLE "market_counties" ADD COLUMN "appreciation_county_cagr_10y" double precision;--> statement-breakpoint
ALTER TABLE "market_counties" ADD COLUMN "appreciation_volatility" double precision;--> statement-breakpoint
ALTER TABLE "market_counties" ADD COLUMN "appreciation_year" integer;