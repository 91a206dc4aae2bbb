ALTER TABLE "analyses" DROP COLUMN "result";--> statement-breakpoint
ALTER TABLE "saved_properties" DROP COLUMN "data";--> statement-breakpoint
ALTER TABLE "saved_properties" DROP COLUMN "summary";