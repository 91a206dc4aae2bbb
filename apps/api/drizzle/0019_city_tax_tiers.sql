ALTER TABLE "market_places" ADD COLUMN "city_tax_upper_from" double precision;--> statement-breakpoint
ALTER TABLE "market_places" ADD COLUMN "city_tax_upper_rate" double precision;