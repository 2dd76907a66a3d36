ALTER TABLE "delivery_zones" ADD COLUMN "circle" jsonb;--> statement-breakpoint
ALTER TABLE "delivery_zones" ADD COLUMN "distance_tiers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_zones" ADD COLUMN "total_tiers" jsonb DEFAULT '[]'::jsonb NOT NULL;