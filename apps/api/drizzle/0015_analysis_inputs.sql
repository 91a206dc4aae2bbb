ALTER TABLE "analyses" ADD COLUMN "assumptions" jsonb;--> statement-breakpoint
ALTER TABLE "analyses" ADD COLUMN "engine_version" integer;--> statement-breakpoint
ALTER TABLE "analyses" ADD COLUMN "purchase_price" double precision;--> statement-breakpoint
ALTER TABLE "analyses" ADD COLUMN "monthly_levered_cash_flow" double precision;--> statement-breakpoint
-- Written by hand after drizzle-kit generate: an analysis is now stored as its inputs, its result
-- computed when read. Each keeps the metrics its user last saw: the saved copy's where it has one
-- (a save with the metrics on screen made them the analysis's own), else its stored result's.
UPDATE "analyses" AS a SET
	"assumptions" = s."data"->'property'->'metrics',
	"overall_points" = (s."data"->'summary'->>'overall_points')::integer,
	"overall_color" = s."data"->'summary'->>'overall_color',
	"monthly_levered_cash_flow" = (s."data"->'year_1_metrics'->>'monthly_levered_cash_flow')::float8
FROM "saved_properties" AS s
WHERE s."analysis_id" = a."id";--> statement-breakpoint
UPDATE "analyses" SET
	"assumptions" = "result"->'property'->'metrics',
	"monthly_levered_cash_flow" = ("result"->'year_1_metrics'->>'monthly_levered_cash_flow')::float8
WHERE "assumptions" IS NULL;--> statement-breakpoint
-- the engine of the analyses stored so far
UPDATE "analyses" SET
	"engine_version" = 1,
	"purchase_price" = ("assumptions"->>'purchase_price')::float8;--> statement-breakpoint
ALTER TABLE "analyses" ALTER COLUMN "assumptions" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "analyses" ALTER COLUMN "engine_version" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "analyses" ALTER COLUMN "purchase_price" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "analyses" ALTER COLUMN "monthly_levered_cash_flow" SET NOT NULL;
