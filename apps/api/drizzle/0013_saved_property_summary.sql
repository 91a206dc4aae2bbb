DROP INDEX "saved_properties_user_saved_at_idx";--> statement-breakpoint
ALTER TABLE "saved_properties" ALTER COLUMN "saved_at" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "saved_properties" ALTER COLUMN "saved_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "saved_properties" ADD COLUMN "summary" jsonb;--> statement-breakpoint
-- existing saves: the list's fields from the saved analysis (written by hand after drizzle-kit generate)
UPDATE "saved_properties" SET "summary" = jsonb_build_object(
	'street', "data"->'property'->'street',
	'city', "data"->'property'->'city',
	'state_code', "data"->'property'->'state_code',
	'zipcode', "data"->'property'->'zipcode',
	'county_name', "data"->'property'->'county_name',
	'factor', "data"->'property'->'factor',
	'num_bedrooms', "data"->'property'->'num_bedrooms',
	'num_bathrooms', "data"->'property'->'num_bathrooms',
	'purchase_price', "data"->'property'->'purchase_price',
	'overall_points', "data"->'summary'->'overall_points',
	'overall_color', "data"->'summary'->'overall_color',
	'monthly_levered_cash_flow', "data"->'year_1_metrics'->'monthly_levered_cash_flow'
);--> statement-breakpoint
ALTER TABLE "saved_properties" ALTER COLUMN "summary" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "saved_properties_user_saved_at_idx" ON "saved_properties" USING btree ("user_id","saved_at","id");