CREATE TABLE "market_refreshed_files" (
	"name" text PRIMARY KEY NOT NULL,
	"content" text NOT NULL,
	"sha256" text NOT NULL,
	"source" text NOT NULL,
	"rows" integer NOT NULL,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "market_counties" ADD COLUMN "fmr_fy" integer;--> statement-breakpoint
ALTER TABLE "market_zips" ADD COLUMN "fmr_fy" integer;