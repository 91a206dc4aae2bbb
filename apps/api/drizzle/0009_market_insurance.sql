ALTER TABLE "market_counties" ADD COLUMN "insurance_state_premium" double precision;--> statement-breakpoint
ALTER TABLE "market_counties" ADD COLUMN "insurance_state_low" double precision;--> statement-breakpoint
ALTER TABLE "market_counties" ADD COLUMN "insurance_state_high" double precision;--> statement-breakpoint
ALTER TABLE "market_counties" ADD COLUMN "insurance_hazard_excess" double precision;--> statement-breakpoint
ALTER TABLE "market_counties" ADD COLUMN "insurance_hurricane_rating" text;--> statement-breakpoint
ALTER TABLE "market_counties" ADD COLUMN "insurance_wildfire_rating" text;