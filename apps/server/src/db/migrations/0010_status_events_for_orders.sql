-- the orders' history moves into the one event table of every lifecycle
INSERT INTO "status_events" ("entity", "entity_id", "order_id", "from_status", "to_status", "actor", "staff_id", "rider_id", "reason", "created_at")
SELECT 'ORDER', "order_id", "order_id", "from_status", "to_status", "actor", "staff_id", "rider_id", "reason", "created_at" FROM "order_events" ORDER BY "id";--> statement-breakpoint
DROP TABLE "order_events" CASCADE;