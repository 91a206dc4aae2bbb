ALTER TABLE "market_places" ADD COLUMN "city_tax_rate" double precision;--> statement-breakpoint
ALTER TABLE "market_places" ADD COLUMN "city_tax_year" text;--> statement-breakpoint
ALTER TABLE "market_places" ADD COLUMN "city_tax_how" text;--> statement-breakpoint
ALTER TABLE "market_places" ADD COLUMN "city_tax_sources" text;--> statement-breakpoint
ALTER TABLE "market_places" ADD COLUMN "city_tax_read" text;